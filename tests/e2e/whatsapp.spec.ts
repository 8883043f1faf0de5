import { randomBytes } from 'node:crypto';
import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { graphStandIn } from '../kit/whatsapp.ts';
import { appwriteServer } from './appwriteServer.ts';
import { expect, signIn, test } from './fixtures.ts';
import { ports, whatsappURL } from './servers.ts';

// WhatsApp end to end (issue 28): a customer messages the business through the WhatsApp stand-in, which signs
// the webhook like Meta and posts it to the site; the new lead appears in the staff inbox already open, without
// a reload; the assistant answers the customer at once; a staff member answers from the lead page; the customer
// receives it through the Graph API stand-in, and its statuses (sent, delivered, read) come back to the lead's
// timeline.

const site = `http://localhost:${ports.site}`;
const server = appwriteServer(`http://localhost:${ports.appwrite}/v1`);
const standIn = graphStandIn(whatsappURL);
test.use({ baseURL: site });

test('a customer writes on WhatsApp; the lead shows in the open inbox; staff answer and the customer receives it', async ({ page, axe }) => {
  test.setTimeout(120_000);
  await server('PUT', `/users/${LOCAL_ADMIN.id}/labels`, { labels: ['admin'] });
  const tag = randomBytes(3).toString('hex');
  const name = `Efua ${tag}`;
  const number = `2332${String(Number.parseInt(tag, 16) % 100_000_000).padStart(8, '0')}`;

  await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
  await expect(page).toHaveURL(`${site}/admin`);
  const inbox = page.getByRole('table');
  await expect(inbox).toBeVisible();

  const sent = await standIn.send({ from: number, name, text: `Hello, we need a website for our shop (${tag}).` });
  expect(sent.status).toBe(200);
  expect(sent.delivered).toBe(200);
  const row = inbox.getByRole('link', { name });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(inbox.getByRole('row').filter({ hasText: name })).toContainText('WhatsApp');

  await row.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').filter({ hasText: 'WhatsApp from the prospect' })).toContainText(`we need a website for our shop (${tag})`);
  const section = page.getByRole('region', { name: 'Reply on WhatsApp' });
  await expect(section.getByText(/^Window open for 2[34] h \d+ min\./)).toBeVisible({ timeout: 15_000 });
  const words = `Hello ${name}, thank you! When would suit you for a call? (${tag})`;
  await section.getByRole('textbox', { name: 'WhatsApp reply' }).fill(words);
  await section.getByRole('button', { name: 'Send WhatsApp' }).click();

  // The assistant answered the first message (nobody had the conversation); the staff member's answer follows,
  // and from then on a person has it.
  await expect.poll(async () => (await standIn.received(number)).map((m) => m.text).at(-1), { timeout: 20_000 }).toBe(words);
  expect((await standIn.received(number)).length).toBe(2);
  const ours = timeline.getByRole('listitem').filter({ hasText: words });
  // The stand-in reports sent, delivered, then read through the signed webhook, as Meta does.
  await expect(ours).toContainText('Read', { timeout: 20_000 });
  await axe();

  // A person has the conversation now: the customer's next message reaches the lead page, and the assistant
  // stays silent.
  const again = await standIn.send({ from: number, name, text: `Tomorrow at ten works for us (${tag}).` });
  expect(again.delivered).toBe(200);
  await expect(timeline.getByRole('listitem').filter({ hasText: `Tomorrow at ten works for us (${tag})` })).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1500);
  expect((await standIn.received(number)).length).toBe(2);
});
