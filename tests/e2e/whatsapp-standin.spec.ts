import { readVars } from '../../scripts/lib/vars.ts';
import { graphStandIn } from '../kit/whatsapp.ts';
import { expect, test } from './fixtures.ts';
import { whatsappURL } from './servers.ts';

// The WhatsApp stand-in's page (README, "Local stand-ins"): a person messages the site as a customer (the
// stand-in delivers each message signed to the site's webhook) and reads the conversation both ways, at 1280
// and 390 px, by keyboard, without accessibility violations. What the site sends is put in as the Worker
// sends it (POST /v24.0/{phone-number-id}/messages with the token).

test.use({ baseURL: whatsappURL });
const vars = readVars('.dev.vars.example');
const standIn = graphStandIn(whatsappURL);

const siteSends = (to: string, text: string) => fetch(`${whatsappURL}/v24.0/${vars.WHATSAPP_PHONE_NUMBER_ID}/messages`, {
  method: 'POST',
  headers: { authorization: `Bearer ${vars.WHATSAPP_TOKEN}`, 'content-type': 'application/json' },
  body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { body: text } }),
});

test('messages the site as a customer and shows the conversation both ways', async ({ page, axe }) => {
  test.slow();
  const customer = `23324${String(Date.now()).slice(-7)}`;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'WhatsApp stand-in' })).toBeVisible();
  await page.getByLabel('Customer number').fill(customer);
  await page.getByLabel('Customer name').fill('Kofi Boateng');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello, how much is a website?');
  await page.getByRole('textbox', { name: 'Message', exact: true }).press('Tab');
  await page.keyboard.press('Enter');
  // The site takes the signed delivery, and its assistant answers: the page shows both sides.
  await expect(page.getByRole('status')).toHaveText(/Delivered to the site/, { timeout: 15_000 });
  const conversation = page.getByRole('list');
  await expect(conversation.getByRole('listitem').filter({ hasText: 'Hello, how much is a website?' })).toContainText('Customer');
  const [sent] = await (await fetch(`${whatsappURL}/__sent?from=${customer}`)).json();
  expect(sent).toMatchObject({ from: customer, name: 'Kofi Boateng', type: 'text' });

  await expect.poll(async () => (await standIn.received(customer)).length, { timeout: 15_000 }).toBe(1);
  const [answer] = await standIn.received(customer);
  await expect(conversation.getByRole('listitem').filter({ hasText: answer!.text.split('\n')[0]! }).first()).toContainText('Site', { timeout: 5_000 });
  expect((await siteSends(customer, 'A website starts at GHS 8,000.')).status).toBe(200);
  await expect(conversation.getByRole('listitem').filter({ hasText: 'A website starts at GHS 8,000.' })).toContainText('Site', { timeout: 5_000 });

  await page.getByRole('button', { name: 'Send image' }).click();
  await expect(conversation.getByRole('listitem').filter({ hasText: 'sample.png' })).toContainText('image', { timeout: 15_000 });
  expect((await standIn.received(customer)).map((m) => m.text)).toContain('A website starts at GHS 8,000.');
  await axe();

  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
