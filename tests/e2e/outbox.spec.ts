import { outbox } from '../kit/outbox.ts';
import { expect, test } from './fixtures.ts';
import { outboxURL } from './servers.ts';

// The outbox stand-in's page (README, "Local stand-ins"): where a person reads what the site sent, newest
// first, at 1280 and 390 px, without accessibility violations. Messages are put in as the Worker's local
// transport puts them (POST /send, platform/mail.ts), each test to an address of its own.

test.use({ baseURL: outboxURL });
const box = outbox(outboxURL);

const send = (to: string, subject: string) => fetch(`${outboxURL}/send`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ from: { email: 'hello@voltalabs.dev', name: 'Volta Labs' }, to, subject, text: `Hello,\n\n${subject}.`, replyTo: 'reply+0123@reply.voltalabs.dev', headers: { 'In-Reply-To': '<first@voltalabs.dev>' } }),
});

test('lists what the site sent, newest first, readable at 1280 and 390 px', async ({ page, axe }) => {
  const to = `outbox-page-${Date.now()}@example.com`;
  expect((await send(to, 'First answer')).status).toBe(200);
  expect((await send(to, 'Second answer')).status).toBe(200);
  const [first, second] = await box.list(to);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Local outbox' })).toBeVisible();
  const mails = page.getByRole('region', { name: /^E-mails/ });
  const headings = mails.getByRole('heading', { level: 3 });
  const titles = await headings.allTextContents();
  expect(titles.indexOf('Second answer')).toBeLessThan(titles.indexOf('First answer'));
  const newest = mails.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Second answer' }) });
  await expect(newest).toContainText(to);
  await expect(newest).toContainText('reply+0123@reply.voltalabs.dev');
  await expect(newest).toContainText(second!.messageId);
  await expect(newest).toContainText('<first@voltalabs.dev>');
  expect(first!.messageId).not.toBe(second!.messageId);
  await expect(page.getByRole('link', { name: '/__outbox' })).toHaveAttribute('href', '/__outbox');
  await axe();

  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axe();
});
