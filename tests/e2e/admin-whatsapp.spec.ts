import { randomBytes } from 'node:crypto';
import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { expect, gotoHydrated, signIn, test } from './fixtures.ts';
import { appwriteServer, leadIdByEmail } from './appwriteServer.ts';
import { ports } from './servers.ts';

// The lead page's WhatsApp composer (issue 28 §4): an e-mail lead with a phone number gets a WhatsApp section
// whose free text is closed (only an approved template may start a conversation), its **Template** select and
// the filled preview; once the customer has written (their number and last message on the lead, as the
// webhook records them), the page says how long the 24-hour window stays open and the **WhatsApp reply** box
// opens. At 390 px, axe clean. Sending itself, the window's rules and the delivery states through the Graph
// API stand-in are proven in tests/worker/lead-whatsapp.test.ts.

const site = `http://localhost:${ports.site}`;
const server = appwriteServer(`http://localhost:${ports.appwrite}/v1`);
test.use({ baseURL: site });

const tag = () => `Wa${randomBytes(4).toString('hex')}`;

test('an e-mail lead with a phone: a template only, with its preview; once the customer wrote, the window and the reply box', async ({ page, axe }) => {
  test.setTimeout(90_000);
  await server('PUT', `/users/${LOCAL_ADMIN.id}/labels`, { labels: ['admin'] });
  await page.setViewportSize({ width: 390, height: 844 });
  const t = tag();
  const email = `abena-${t.toLowerCase()}@example.com`;
  const sent = await page.request.post('/api/forms/contact', { data: { name: `Abena ${t}`, email, phone: '024 123 4567', service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: 'Please message me on WhatsApp.' } });
  expect(sent.status()).toBe(202);
  const id = await leadIdByEmail(server, email);

  await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
  await expect(page).toHaveURL(`${site}/admin`);
  await gotoHydrated(page, `/admin/leads/${id}`);
  const section = page.getByRole('region', { name: 'Reply on WhatsApp' });
  await expect(section.getByText('To +233241234567 on WhatsApp.')).toBeVisible();
  await expect(section.getByText('The customer has not written to us on WhatsApp yet', { exact: false })).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'WhatsApp reply' })).toBeDisabled();
  const template = section.getByRole('combobox', { name: 'Template' });
  await template.focus();
  await page.keyboard.press('ArrowDown');
  await template.selectOption({ label: 'Invite to a consultation' });
  await expect(section.getByRole('figure', { name: 'Preview, as the customer will read it' })).toContainText(/Hello Abena, would you like a free 30-minute consultation with Volta Labs\? Pick a time here: http:\/\/localhost:\d+\/booking$/);
  await expect(section.getByRole('button', { name: 'Send WhatsApp' })).toBeEnabled();
  await template.selectOption({ label: 'Follow up on an enquiry' });
  await expect(section.getByText(`this is ${LOCAL_ADMIN.name} from Volta Labs. Thank you for your interest in Web Development.`, { exact: false })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axe();

  // The customer wrote an hour ago (what the webhook records): the window is open for about 23 hours.
  // With a template the staff sent that WhatsApp refused, and the customer's answer, as the sink and the webhook record them.
  const hourAgo = new Date(Date.now() - 3_600_000);
  await server('PATCH', `/databases/main/collections/inquiries/documents/${id}`, { data: { waId: '233241234567', waLastInboundAt: hourAgo.toISOString() } });
  await server('POST', '/databases/main/collections/lead_activity/documents', { documentId: `wao-${t.toLowerCase()}`, data: {
    leadId: id, type: 'wa_out', at: new Date(hourAgo.getTime() - 60_000).toISOString(), actorId: LOCAL_ADMIN.id, actorName: LOCAL_ADMIN.name, to: '233241234567',
    text: `Hello Abena, would you like a free consultation? ${t}`, waTemplate: 'consultation_invite/en', deliveryState: 'failed',
    deliveryError: 'WhatsApp refused it: the 24-hour window has closed, so only a template can be sent (131047).',
  } });
  await server('POST', '/databases/main/collections/lead_activity/documents', { documentId: `wai-${t.toLowerCase()}`, data: {
    leadId: id, type: 'wa_in', at: hourAgo.toISOString(), from: '233241234567', text: `Yes, on WhatsApp please ${t}`, messageId: `wamid.${t}`,
  } });
  await page.reload();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const ours = timeline.getByRole('listitem').filter({ hasText: 'WhatsApp to the prospect' });
  await expect(ours).toContainText('Template: consultation_invite/en', { timeout: 15_000 });
  await expect(ours).toContainText('Failed');
  await expect(ours).toContainText('(131047)');
  await expect(timeline.getByRole('listitem').filter({ hasText: 'WhatsApp from the prospect' })).toContainText(`Yes, on WhatsApp please ${t}`);
  // Labelled with its channel: e-mails and WhatsApp share the one timeline.
  await expect(ours.getByText('WhatsApp', { exact: true })).toBeVisible();
  await expect(section.getByText(/^Window open for 2[23] h \d+ min\./)).toBeVisible({ timeout: 15_000 });
  const reply = section.getByRole('textbox', { name: 'WhatsApp reply' });
  await expect(reply).toBeEnabled();
  await expect(section.getByRole('combobox', { name: 'Template' })).toHaveValue('');
  await reply.fill('Hello Abena, thanks for your message.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axe();

  // The lead changes while the page is open (here: as if the last message were a day old): the page follows
  // without a reload, the window closed, free text refused in the page too, the templates kept.
  await server('PATCH', `/databases/main/collections/inquiries/documents/${id}`, { data: { waLastInboundAt: new Date(Date.now() - 25 * 3_600_000).toISOString() } });
  await expect(section.getByText(/^Closed at .+: free text can no longer be sent; choose an approved template\./)).toBeVisible({ timeout: 15_000 });
  await expect(section.getByRole('textbox', { name: 'WhatsApp reply' })).toBeDisabled();
  await axe();
});
