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
import { AppwriteApiError, serverClient } from '../platform/appwrite.ts';
import { COLLECTIONS } from '../shared/appwrite/schema.ts';
import { SAFE_ATTACHMENT_TYPES } from '../shared/mail/attachments.ts';
import { postToEmailHandler, prospectReply, type ProspectReply } from './lib/prospectReply.ts';
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

let lead: Record<string, unknown> & { $id: string };
try {
  lead = await client.request('GET', `/databases/${settings.databaseId}/collections/${COLLECTIONS.inquiries}/documents/${encodeURIComponent(leadId)}`);
} catch (err) {
  fail(err instanceof AppwriteApiError && err.status === 404 ? `there is no lead ${leadId}.` : `could not read the lead: ${String(err)} (is npm start running?)`);
}

const attachments = values.attach.map((file) => ({
  name: basename(file),
  type: SAFE_ATTACHMENT_TYPES[extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream',
  bytes: new Uint8Array(readFileSync(file)),
}));
let reply: ProspectReply;
try {
  reply = await prospectReply(client, settings.databaseId, config, lead!, { from: values.from, text: values.text, subject: values.subject, attachments });
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}

let answer: Awaited<ReturnType<typeof postToEmailHandler>>;
try {
  answer = await postToEmailHandler(values.url, reply!);
} catch (err) {
  fail(`could not reach ${values.url} (is npm start running?): ${String(err)}`);
}
console.log(`${reply!.from} → ${reply!.to}: HTTP ${answer!.status} ${answer!.answer}`);
if (!answer!.ok) process.exit(1);
