// `npm run mail:reply -- --lead <id> [--from <address>] [--text "…"] [--subject "…"] [--attach <file>]…`:
// answers a lead as its prospect would, locally. Builds the raw RFC 5322 message (In-Reply-To and
// References: the lead's last sent e-mail, when there is one) and posts it to wrangler's local Email
// Routing endpoint, http://localhost:8787/cdn-cgi/handler/email?from=…&to=…, which runs the Worker's
// email() handler (functions/mail/inbound.ts) as Cloudflare would. Needs `npm start` (or `npm run dev`)
// running; reads Appwrite and the reply-address settings from .dev.vars (or .dev.vars.example).
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../platform/config.ts';
import { AppwriteApiError, Q, serverClient } from '../platform/appwrite.ts';
import { replyAddressFor } from '../functions/mail/replyAddress.ts';
import { COLLECTIONS } from '../shared/appwrite/schema.ts';
import { newMessageId } from '../shared/mail/outgoing.ts';
import { SAFE_ATTACHMENT_TYPES } from '../shared/mail/attachments.ts';
import { rawMail } from './lib/rawMail.ts';
import { localVarsFile, readVars } from './lib/vars.ts';

const { values } = parseArgs({
  options: {
    lead: { type: 'string' },
    from: { type: 'string' },
    text: { type: 'string', default: 'Thank you! That works for us. When can we start?' },
    subject: { type: 'string' },
    attach: { type: 'string', multiple: true, default: [] },
    url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 8787}` },
  },
});

const fail = (message: string): never => {
  console.error(`mail:reply: ${message}`);
  process.exit(1);
};

if (!values.lead) fail('give the lead: npm run mail:reply -- --lead <id> [--from <address>] [--text "…"] [--attach <file>]');
const leadId = values.lead!;
const vars: Record<string, string | undefined> = { ...readVars(localVarsFile()), ...process.env };
// The part of the Worker's configuration a reply address needs (platform/config.ts does not load in Node).
const config = {
  APPWRITE_ENDPOINT: vars.APPWRITE_ENDPOINT || null, APPWRITE_PROJECT_ID: vars.APPWRITE_PROJECT_ID || null,
  APPWRITE_DATABASE_ID: vars.APPWRITE_DATABASE_ID || 'main', APPWRITE_API_KEY: vars.APPWRITE_API_KEY || null,
  INBOUND_DOMAIN: vars.INBOUND_DOMAIN || null, REPLY_TOKEN_SECRET: vars.REPLY_TOKEN_SECRET || null,
} as AppConfig;
const settings = { endpoint: config.APPWRITE_ENDPOINT ?? '', projectId: config.APPWRITE_PROJECT_ID ?? '', databaseId: config.APPWRITE_DATABASE_ID, apiKey: config.APPWRITE_API_KEY ?? '' };
if (!settings.endpoint || !settings.apiKey) fail(`APPWRITE_ENDPOINT and APPWRITE_API_KEY are needed (${localVarsFile()}).`);
const client = serverClient(settings);

let lead: Record<string, unknown>;
try {
  lead = await client.request('GET', `/databases/${settings.databaseId}/collections/${COLLECTIONS.inquiries}/documents/${encodeURIComponent(leadId)}`);
} catch (err) {
  fail(err instanceof AppwriteApiError && err.status === 404 ? `there is no lead ${leadId}.` : `could not read the lead: ${String(err)} (is npm start running?)`);
}
// The address the lead's e-mails carry as Reply-To (recorded on the lead, as sending a reply does).
const to = await replyAddressFor(config, leadId, { replyToken: typeof lead!.replyToken === 'string' ? lead!.replyToken : null });
if (!to) fail('reply addresses are not configured (INBOUND_DOMAIN, REPLY_TOKEN_SECRET).');
const from = values.from ?? (typeof lead!.email === 'string' ? lead!.email : '') ?? '';
if (!from) fail('the lead has no e-mail address: give one with --from.');

const sent = await client.listDocuments(settings.databaseId, COLLECTIONS.leadActivity, [
  Q.equal('leadId', leadId), Q.equal('type', 'email_out'), Q.orderAsc('at'), Q.limit(100),
]);
const thread = sent.documents.map((d) => d.messageId).filter((id): id is string => typeof id === 'string' && id.startsWith('<'));
const lastSubject = sent.documents.at(-1)?.subject;
const subject = values.subject ?? (typeof lastSubject === 'string' && lastSubject ? `Re: ${lastSubject.replace(/^Re:\s*/i, '')}` : 'Re: Your request');

const attachments = values.attach.map((file) => ({
  name: basename(file),
  type: SAFE_ATTACHMENT_TYPES[extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream',
  bytes: new Uint8Array(readFileSync(file)),
}));
const raw = rawMail({
  from, fromName: typeof lead!.name === 'string' ? lead!.name : undefined, to: to!, subject,
  messageId: newMessageId(from), inReplyTo: thread.at(-1) ?? null, references: thread, text: values.text, attachments,
});

const endpoint = `${values.url}/cdn-cgi/handler/email?${new URLSearchParams({ from, to: to! })}`;
let res: Response;
try {
  res = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'message/rfc822' }, body: raw });
} catch (err) {
  fail(`could not reach ${values.url} (is npm start running?): ${String(err)}`);
}
const answer = (await res!.text()).trim();
// wrangler answers 200 "Worker successfully processed email", or 400 "Worker rejected email with the following reason: …".
console.log(`${from} → ${to}: HTTP ${res!.status} ${answer}`);
if (!res!.ok) process.exit(1);
