import { randomBytes } from 'node:crypto';
import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { outbox } from '../kit/outbox.ts';
import { expect, gotoHydrated, signIn, test } from './fixtures.ts';
import { appwriteServer, leadIdByEmail } from './appwriteServer.ts';
import { outboxURL, ports } from './servers.ts';

// Replies by e-mail from the lead page (issue 26, "Writing a reply", "Saved replies", "One timeline"): an
// admin writes a saved reply on the Saved replies page (an unknown variable is refused by name), inserts it
// in a lead's composer (**Saved reply**, then **Insert saved reply**), sends it with **Send e-mail**, sees it
// queued and then sent in the lead's one timeline without a reload, and the message is in the outbox
// stand-in (what the EMAIL binding would send): to the lead, with its reply address, and no internal note.
// The prospect's answer, as mail in records it, shows on the open page too.
//
// The prospect's answer is written here straight into lead_activity, as mail in writes it, with a kept and a
// dropped attachment, to check how the timeline shows them; the answer through the real email handler is
// mail-in.spec.ts and respond.spec.ts.

const site = `http://localhost:${ports.site}`;
const appwrite = `http://localhost:${ports.appwrite}/v1`;
test.use({ baseURL: site });

const tag = () => `Rp${randomBytes(4).toString('hex')}`;

const server = appwriteServer(appwrite);

test.describe('replying by e-mail from a lead', () => {
  test.setTimeout(120_000);

  test('an admin saves a reply, inserts it in a lead, sends it: queued, sent, in the outbox; the answer shows without a reload', async ({ page, axe, consoleGuard }) => {
    // The refusal of the unknown variable below is the browser's 422 report.
    consoleGuard.allow(/status of 422 .*\/api\/admin\/saved-replies\b/);
    await server('PUT', `/users/${LOCAL_ADMIN.id}/labels`, { labels: ['admin'] });
    const t = tag();
    const name = `Efua ${t}`;
    const email = `efua-${t.toLowerCase()}@example.com`;
    const sent = await page.request.post('/api/forms/contact', { data: { name, email, service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: 'We need a shop.' } });
    expect(sent.status()).toBe(202);

    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await expect(page).toHaveURL(`${site}/admin`);

    // The Saved replies page, from the admin area's navigation.
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Saved replies' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved replies' })).toBeVisible();
    const form = page.getByRole('region', { name: 'New saved reply' });
    const title = `Welcome ${t}`;
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Reply text' }).fill('Hello {{first_name}}, thanks for asking about {{service}} ({{estimat}}).\n\n{{agent_name}}');
    await form.getByRole('button', { name: 'Save reply' }).click();
    // Refused by name, kept in the form.
    await expect(form.getByText('Unknown variable {{estimat}}.', { exact: false })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Reply text' })).toHaveAttribute('aria-invalid', 'true');
    await axe();
    await form.getByRole('textbox', { name: 'Reply text' }).fill('Hello {{first_name}}, thanks for asking about {{service}} ({{estimate}}).\n\n{{agent_name}}');
    await form.getByRole('button', { name: 'Save reply' }).click();
    await expect(page.getByText(`Saved "${title}".`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'All saved replies' }).getByRole('heading', { name: title })).toBeVisible();
    await axe();

    // The lead, once the queue has recorded it.
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(t);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('table').getByRole('link', { name })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('table').getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const leadId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // A note on the lead: internal, marked so, and never in the e-mail.
    await page.getByRole('textbox', { name: 'Note' }).fill(`Internal ${t}: budget is flexible`);
    await page.getByRole('button', { name: 'Add note' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const noteEntry = timeline.getByRole('listitem').filter({ hasText: `Internal ${t}` });
    await expect(noteEntry).toContainText('Internal note');

    // Insert the saved reply, from the keyboard: choose it, then Insert saved reply.
    const reply = page.getByRole('textbox', { name: 'E-mail reply' });
    const insert = page.getByRole('button', { name: 'Insert saved reply' });
    await insert.click();
    await expect(page.getByText('Choose a saved reply first.')).toBeVisible();
    await expect(reply).toHaveValue('');
    await page.getByRole('combobox', { name: 'Saved reply' }).selectOption({ label: title });
    await insert.focus();
    await page.keyboard.press('Enter');
    await expect(reply).toHaveValue(`Hello Efua, thanks for asking about Web Development ($5k - $10k).\n\n${LOCAL_ADMIN.name}`);
    await expect(page.getByRole('combobox', { name: 'Saved reply' })).toHaveValue('');
    await expect(page.getByText(`Inserted "${title}". Check the text before sending.`)).toBeVisible();
    await axe();
    await page.getByRole('button', { name: 'Send e-mail' }).click();
    await expect(page.getByText(`E-mail queued for ${email}.`, { exact: false })).toBeVisible();
    await expect(reply).toHaveValue('');
    // Ours (the website's acknowledgement of the form is an e-mail to the prospect too).
    const mail = timeline.getByRole('listitem').filter({ hasText: 'E-mail to the prospect' }).filter({ hasText: 'Hello Efua' });
    await expect(mail).toHaveCount(1);
    // It answers in the thread the website's acknowledgement started, when one was sent (the visitor's `ack`
    // limit, spent by every test from this address, may have left it out), so the prospect's mail client
    // keeps one conversation; else it starts the thread.
    const acknowledged = (await timeline.getByRole('listitem').filter({ hasText: 'Subject: We have your message – Volta Labs' }).count()) > 0;
    const subject = acknowledged ? 'Re: We have your message – Volta Labs' : 'Your enquiry to Volta Labs';
    await expect(mail).toContainText(`Subject: ${subject}`);
    await expect(mail).toContainText('Hello Efua, thanks for asking about Web Development');
    // Queued, then sent by the queue's mail sink: the page follows without a reload.
    await expect(mail).toContainText(/Queued|Sent/);
    await expect(mail).toContainText('Sent', { timeout: 20_000 });
    await expect(mail).not.toContainText(`Internal ${t}`);
    await axe();

    // What the EMAIL binding was given: to the lead, from the agency, answers back into the lead, only the reply's words.
    const sentMail = await outbox(outboxURL).waitFor((m) => m.to === email && m.subject === subject, 20_000);
    expect(sentMail).toMatchObject({ subject, text: `Hello Efua, thanks for asking about Web Development ($5k - $10k).\n\n${LOCAL_ADMIN.name}` });
    expect(sentMail.from).toContain('hello@voltalabs.dev');
    expect(sentMail.replyTo).toMatch(/^reply\+[0-9a-f]{32}@reply\.voltalabs\.dev$/);
    expect(JSON.stringify(sentMail)).not.toContain(`Internal ${t}`);

    // Kept on the server: after a reload it is there, once, with its state and who sent it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
    await expect(mail).toHaveCount(1, { timeout: 15_000 });
    await expect(mail).toContainText('Sent');
    await expect(mail).toContainText(`By ${LOCAL_ADMIN.name}`);

    // The prospect's answer, as mail in records it, reaches the open page by Appwrite Realtime, without a reload.
    await server('POST', '/databases/main/collections/lead_activity/documents', {
      documentId: `in-${t.toLowerCase()}`,
      data: {
        leadId, type: 'email_in', at: new Date().toISOString(), from: email, text: `Yes please, ${t}.`, subject: `Re: ${subject.replace(/^Re: /, '')}`, messageId: `<in-${t}@example.com>`,
        attachments: JSON.stringify([{ fileId: `file-${t.toLowerCase()}`, name: 'brief.pdf', type: 'application/pdf', size: 2048 }, { name: 'setup.exe', dropped: 'not an allowed type' }]),
      },
    });
    const answer = timeline.getByRole('listitem').filter({ hasText: 'E-mail from the prospect' });
    await expect(answer).toContainText(`Yes please, ${t}.`, { timeout: 15_000 });
    await expect(answer.getByRole('button', { name: 'Download brief.pdf' })).toBeVisible();
    await expect(answer.getByRole('list', { name: 'Attachments not kept' })).toContainText('setup.exe: not kept. not an allowed type');
    await expect(page.getByRole('status').filter({ hasText: 'The prospect answered by e-mail.' })).toBeAttached();
    // In time order: the note, our e-mail, their answer.
    const texts = await timeline.getByRole('listitem').allInnerTexts();
    const at = (s: string) => texts.findIndex((x) => x.includes(s));
    expect(at(`Internal ${t}`)).toBeLessThan(at('Hello Efua'));
    expect(at('Hello Efua')).toBeLessThan(at('E-mail from the prospect'));
    // The next reply threads: its subject is the thread's.
    await expect(page.getByRole('form', { name: 'E-mail the prospect' }).getByText(`Subject: Re: ${subject.replace(/^Re: /, '')}`, { exact: true })).toBeVisible();
    await axe();
  });

  test('a French lead gets a saved reply\'s French version; a reply without one inserts the English and says so', async ({ page, axe, consoleGuard }) => {
    consoleGuard.allow(/status of 422 .*\/api\/admin\/saved-replies\b/);
    await server('PUT', `/users/${LOCAL_ADMIN.id}/labels`, { labels: ['admin'] });
    const t = tag();
    const email = `awa-${t.toLowerCase()}@example.com`;
    // Sent from the French contact page (the SPA names the page's language): the lead is marked French.
    const sent = await page.request.post('/api/forms/contact', {
      headers: { 'X-Language': 'fr' },
      data: { name: `Awa ${t}`, email, service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: 'Nous voulons une boutique en ligne.' },
    });
    expect(sent.status()).toBe(202);

    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await expect(page).toHaveURL(`${site}/admin`);
    await gotoHydrated(page, '/admin/saved-replies');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved replies' })).toBeVisible();
    const form = page.getByRole('region', { name: 'New saved reply' });
    const title = `Bienvenue ${t}`;
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Reply text' }).fill('Hello {{first_name}}, thanks for asking about {{service}}.\n\n{{agent_name}}');
    const french = form.getByRole('textbox', { name: 'French version (optional)' });
    await french.fill('Bonjour {{prenom}}, merci de votre intérêt pour {{service}}.\n\n{{agent_name}}');
    await form.getByRole('button', { name: 'Save reply' }).click();
    // The French version's variables are checked as the English's: refused by name, next to its field.
    await expect(form.getByText('Unknown variable {{prenom}}.', { exact: false })).toBeVisible();
    await expect(french).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('textbox', { name: 'Reply text' })).not.toHaveAttribute('aria-invalid', 'true');
    await axe();
    await french.fill('Bonjour {{first_name}}, merci de votre intérêt pour {{service}}.\n\n{{agent_name}}');
    await form.getByRole('button', { name: 'Save reply' }).click();
    await expect(page.getByText(`Saved "${title}".`)).toBeVisible();
    const saved = page.getByRole('region', { name: 'All saved replies' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(saved.getByRole('heading', { name: 'French version' })).toBeVisible();
    await expect(saved).toContainText('Bonjour {{first_name}}, merci de votre intérêt');
    // One with no French version.
    const englishOnly = `English only ${t}`;
    await form.getByRole('textbox', { name: 'Title' }).fill(englishOnly);
    await form.getByRole('textbox', { name: 'Reply text' }).fill('Hello {{first_name}}, thank you for writing.');
    await form.getByRole('button', { name: 'Save reply' }).click();
    await expect(page.getByText(`Saved "${englishOnly}".`)).toBeVisible();
    await axe();

    // The French lead's composer: the French version, its variables filled in from the lead.
    const id = await leadIdByEmail(server, email);
    await gotoHydrated(page, `/admin/leads/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Awa ${t}` })).toBeVisible();
    await expect(page.locator('main [data-language="fr"]')).toBeVisible();
    const reply = page.getByRole('textbox', { name: 'E-mail reply' });
    const choose = page.getByRole('combobox', { name: 'Saved reply' });
    await choose.selectOption({ label: title });
    await page.getByRole('button', { name: 'Insert saved reply' }).click();
    const frenchText = `Bonjour Awa, merci de votre intérêt pour Web Development.\n\n${LOCAL_ADMIN.name}`;
    await expect(reply).toHaveValue(frenchText);
    await expect(page.getByText(`Inserted the French version of "${title}". Check the text before sending.`)).toBeVisible();
    // No French version: the English goes in after it, and the composer says so.
    await choose.selectOption({ label: `${englishOnly} (English only)` });
    await page.getByRole('button', { name: 'Insert saved reply' }).click();
    await expect(reply).toHaveValue(`${frenchText}\n\nHello Awa, thank you for writing.`);
    await expect(page.getByText(`"${englishOnly}" has no French version: the English text was inserted for this French lead. Check the text before sending.`)).toBeVisible();
    await axe();
  });

  test('the lead page at 390 px: the composer and the timeline fit', async ({ page, axe }) => {
    await server('PUT', `/users/${LOCAL_ADMIN.id}/labels`, { labels: ['admin'] });
    await page.setViewportSize({ width: 390, height: 800 });
    const t = tag();
    const sent = await page.request.post('/api/forms/contact', { data: { name: `Kofi ${t}`, email: `kofi-${t.toLowerCase()}@example.com`, service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: 'Please call me back about a shop.' } });
    expect(sent.status()).toBe(202);
    const id = await leadIdByEmail(server, `kofi-${t.toLowerCase()}@example.com`);
    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await expect(page).toHaveURL(`${site}/admin`);
    await gotoHydrated(page, `/admin/leads/${id}`);
    await expect(page.getByRole('textbox', { name: 'E-mail reply' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe();
  });
});
