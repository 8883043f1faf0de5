import { randomBytes } from 'node:crypto';
import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { LOCAL_APPWRITE_PROJECT } from '../../scripts/lib/emulators.ts';
import { localJwt } from '../../scripts/lib/localJwt.ts';
import { ALERT_KINDS } from '../../shared/alerts.ts';
import { liveMessages } from '../../shared/chat/live.ts';
import { outbox } from '../kit/outbox.ts';
import { decryptPush, subscriptionKeys } from '../kit/webPush.ts';
import { appwriteServer } from './appwriteServer.ts';
import { expect, gotoHydrated, openChatPanel, sayInChat, sendContactForm, signIn, test } from './fixtures.ts';
import { mailReplyTo } from './mailReply.ts';
import { outboxURL, ports } from './servers.ts';

// The response loop of issue 26 in one run, with two browser contexts, a visitor's and a staff member's:
//   1. the visitor sends the contact form, and the push stand-in receives the staff alert (decrypted here
//      with the subscription's own keys, so it is the real RFC 8291 message of this lead);
//   2. the admin, on the lead page, answers with a saved reply;
//   3. the visitor's answer, posted to the Worker's email handler (npm run mail:reply → wrangler dev's
//      /cdn-cgi/handler/email), shows on the open lead page without a reload;
//   4. the lead's clock shows answered;
//   5. the visitor, after a few chat messages, presses Talk to a person; the open inbox shows the waiting
//      alert, and Join conversation joins.

const site = `http://localhost:${ports.site}`;
const appwrite = `http://localhost:${ports.appwrite}/v1`;
test.use({ baseURL: site });
const server = appwriteServer(appwrite);
const mailReply = mailReplyTo(site, appwrite);
const STAFF_FIRST_NAME = LOCAL_ADMIN.name.split(' ')[0]!;

/** The admin API as the local admin (a JWT of the Appwrite stand-in), for what the test sets up. */
async function adminApi() {
  const jwt = await localJwt(appwrite, LOCAL_APPWRITE_PROJECT, LOCAL_ADMIN);
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${site}/api/admin${path}`, {
      method,
      headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return res.json() as Promise<unknown>;
  };
}



test('a lead is alerted, answered with a saved reply, answered back by e-mail, its clock stops; a waiting visitor is joined', async ({ browser, page, axe }) => {
  test.setTimeout(180_000);
  await server('PUT', `/users/${LOCAL_ADMIN.id}/labels`, { labels: ['admin'] });
  const t = `Loop${randomBytes(4).toString('hex')}`;
  const name = `Akosua ${t}`;
  const email = `akosua-${t.toLowerCase()}@example.com`;

  // The admin's device and choices: every alert, no quiet hours; a saved reply to answer with.
  const api = await adminApi();
  await api('PUT', '/notifications/settings', { kinds: [...ALERT_KINDS], quietHours: null, timeZone: 'Africa/Accra' });
  const keys = subscriptionKeys();
  const device = await api('POST', '/notifications/devices', { endpoint: `${outboxURL}/push/loop-${t.toLowerCase()}`, keys: { p256dh: keys.p256dh, auth: keys.auth } }) as { id: string };
  const title = `Thanks ${t}`;
  await api('POST', '/saved-replies', { title, body: 'Hello {{first_name}}, thank you for writing about {{service}}. When can we talk?\n\n{{agent_name}}' });

  const visitorContext = await browser.newContext({ baseURL: site });
  try {
    const visitor = await visitorContext.newPage();

    // 1. The visitor's contact form; the staff device gets the alert of this lead.
    await sendContactForm(visitor, { name, email, service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: `We need a shop (${t}).` });
    // Other tests' leads are alerted to this device too: the one of this lead is found by its decrypted title.
    const opened = (p: { body: string }) => JSON.parse(decryptPush(Buffer.from(p.body, 'base64'), keys)) as { title: string; url: string; kind: string };
    const push = await outbox(outboxURL).waitForPush((p) => p.subscriptionId === `loop-${t.toLowerCase()}` && p.status === 201 && opened(p).title === `New lead from ${name}`, 30_000);
    const alert = opened(push);
    expect(alert).toMatchObject({ kind: 'new_lead', title: `New lead from ${name}` });
    const leadId = alert.url.split('/').pop() ?? '';
    expect(leadId).not.toBe('');

    // 2. The admin opens the lead the notification points at and answers with the saved reply.
    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await expect(page).toHaveURL(`${site}/admin`);
    await page.goto(alert.url);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('promise-clock')).toContainText('Reply clock running');
    await page.getByRole('combobox', { name: 'Saved reply' }).selectOption({ label: title });
    await page.getByRole('button', { name: 'Insert saved reply' }).click();
    const reply = page.getByRole('textbox', { name: 'E-mail reply' });
    await expect(reply).toHaveValue(`Hello Akosua, thank you for writing about Web Development. When can we talk?\n\n${LOCAL_ADMIN.name}`);
    await page.getByRole('button', { name: 'Send e-mail' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    // Ours, not the acknowledgement the website sent when the form arrived (also an e-mail to the prospect).
    const sent = timeline.getByRole('listitem').filter({ hasText: 'E-mail to the prospect' }).filter({ hasText: 'When can we talk?' });
    await expect(sent).toContainText('Sent', { timeout: 20_000 });
    const mail = await outbox(outboxURL).waitFor((m) => m.to === email && m.text.includes('When can we talk?'), 20_000);
    expect(mail.replyTo).toMatch(/^reply\+[0-9a-f]{32}@reply\.voltalabs\.dev$/);

    // 4. The first answer stopped the clock (an e-mail sent from the lead).
    await expect(page.getByTestId('promise-clock')).toContainText('Answered', { timeout: 15_000 });
    await expect(page.getByTestId('promise-clock')).toContainText(`by ${LOCAL_ADMIN.name}`);

    // 3. The prospect answers by e-mail (threaded on ours); the open page shows it without a reload.
    const answer = `Thursday at 10 suits us, ${t}.`;
    const posted = await mailReply(['--lead', leadId, '--text', `${answer}\n\nOn Fri, Volta Labs <hello@voltalabs.dev> wrote:\n> When can we talk?`]);
    expect(posted.stdout).toContain('HTTP 200 Worker successfully processed email');
    const theirs = timeline.getByRole('listitem').filter({ hasText: 'E-mail from the prospect' });
    await expect(theirs).toContainText(answer, { timeout: 20_000 });
    await expect(theirs).not.toContainText('When can we talk?');
    await expect(page.getByText('Replied by prospect')).toBeVisible();
    await axe();

    // 5. Later, the visitor chats, then asks for a person; the admin's open inbox shows it and joins.
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Inbox' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await gotoHydrated(visitor, '/');
    const panel = await openChatPanel(visitor);
    const firstWords = `Hello again from ${t}`;
    await sayInChat(panel, firstWords);
    await sayInChat(panel, 'What does a shop cost?');
    await panel.getByRole('button', { name: 'Talk to a person', exact: true }).click();
    await expect(panel.getByText(liveMessages.joining)).toBeVisible({ timeout: 10_000 });
    const waiting = page.getByRole('region', { name: /waiting for a person/ }).getByRole('listitem').filter({ hasText: firstWords });
    await expect(waiting).toBeVisible({ timeout: 15_000 });
    await axe();
    await waiting.getByRole('button', { name: 'Join conversation' }).click();
    await expect(page.getByRole('region', { name: 'Live chat' }).getByRole('status')).toHaveText(`In progress with ${STAFF_FIRST_NAME}.`, { timeout: 15_000 });
    await expect(panel.getByText(liveMessages.joined(STAFF_FIRST_NAME))).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'End conversation' }).click();
  } finally {
    await visitorContext.close();
    // Other tests' leads would push to this device and fall back to it instead of e-mail.
    await api('DELETE', `/notifications/devices/${encodeURIComponent(device.id)}`);
  }
});
