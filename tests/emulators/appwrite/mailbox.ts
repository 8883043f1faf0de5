// The local mailbox: every e-mail and SMS the emulator "sends" is kept here, newest first, as JSON at
// GET /v1/__mailbox and as a readable page at GET /mailbox.
import type { Store } from './store.ts';
import type { MailRecord } from './types.ts';
import { escapeHtml, iso, uniqueId } from './util.ts';

const MAIL = 'mail';
const GLOBAL = '';

export function sendMail(store: Store, now: number, mail: Omit<MailRecord, 'id' | 'createdAt' | 'links'>): MailRecord {
  const record: MailRecord = { id: uniqueId(now), createdAt: iso(now), links: extractLinks(mail.text), ...mail };
  store.insert(GLOBAL, MAIL, record.id, () => record);
  return record;
}

export const extractLinks = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]);

export function listMail(store: Store, filter: { to?: string; project?: string } = {}): MailRecord[] {
  return store
    .list<MailRecord>(GLOBAL, MAIL)
    .filter((m) => (!filter.to || m.to.toLowerCase() === filter.to.toLowerCase()) && (!filter.project || m.project === filter.project))
    .reverse();
}

export function clearMail(store: Store): number {
  let n = 0;
  for (const m of store.list<MailRecord>(GLOBAL, MAIL)) if (store.delete(GLOBAL, MAIL, m.id)) n++;
  return n;
}

export function mailboxPage(mails: MailRecord[]): string {
  const items = mails
    .map((m) => {
      const body = escapeHtml(m.text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
      return `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">${m.kind === 'sms' ? 'SMS' : 'E-mail'} to <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.createdAt)} · project ${escapeHtml(m.project)}</p>
  <pre>${body}</pre>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox · Appwrite emulator</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
  article { border: 1px solid #ccc; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  h1 { font-size: 1.5rem; } h2 { font-size: 1.125rem; margin: 0; }
  .meta { color: #555; font-size: .875rem; margin: .25rem 0 .75rem; }
  pre { white-space: pre-wrap; font: inherit; margin: 0; }
  a { color: #0645ad; word-break: break-all; }
</style>
</head>
<body>
<h1>Local mailbox</h1>
<p>Every e-mail and SMS the local Appwrite emulator sends appears here, newest first. JSON: <a href="/v1/__mailbox">/v1/__mailbox</a>.</p>
<form method="post" action="/mailbox/clear"><button type="submit">Clear the mailbox</button></form>
${items || '<p>No messages yet.</p>'}
</body>
</html>`;
}
