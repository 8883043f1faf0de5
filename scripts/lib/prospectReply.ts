// A prospect's e-mail answer to a lead, as their mail program sends it, and its delivery to wrangler dev's local
// Email Routing endpoint (/cdn-cgi/handler/email), which runs the Worker's email() handler as Cloudflare would.
// Shared by `npm run mail:reply` and `npm run bench:respond`.
import type { AppConfig } from '../../platform/config.ts';
import { Q, type AppwriteClient } from '../../platform/appwrite.ts';
import { replyAddressFor } from '../../functions/mail/replyAddress.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { newMessageId } from '../../shared/mail/outgoing.ts';
import { rawMail, type RawAttachment } from './rawMail.ts';

export interface ProspectReply {
  from: string;
  to: string;
  raw: string;
}

/**
 * The raw answer to the lead `lead` (its Appwrite document): to the lead's reply address (recorded on the
 * lead, as sending a reply does), threaded on its last sent e-mail (In-Reply-To and References), from the
 * lead's own address unless `from` is given. Throws saying what is missing.
 */
export async function prospectReply(
  client: AppwriteClient,
  databaseId: string,
  config: AppConfig,
  lead: Record<string, unknown> & { $id: string },
  options: { from?: string; text: string; subject?: string; attachments?: readonly RawAttachment[] },
): Promise<ProspectReply> {
  const to = await replyAddressFor(config, lead.$id, { replyToken: typeof lead.replyToken === 'string' ? lead.replyToken : null });
  if (!to) throw new Error('reply addresses are not configured (INBOUND_DOMAIN, REPLY_TOKEN_SECRET).');
  const from = options.from ?? (typeof lead.email === 'string' ? lead.email : '');
  if (!from) throw new Error('the lead has no e-mail address: give one with --from.');
  const sent = await client.listDocuments(databaseId, COLLECTIONS.leadActivity, [
    Q.equal('leadId', lead.$id), Q.equal('type', 'email_out'), Q.orderAsc('at'), Q.limit(100),
  ]);
  const thread = sent.documents.map((d) => d.messageId).filter((id): id is string => typeof id === 'string' && id.startsWith('<'));
  const lastSubject = sent.documents.at(-1)?.subject;
  const subject = options.subject ?? (typeof lastSubject === 'string' && lastSubject ? `Re: ${lastSubject.replace(/^Re:\s*/i, '')}` : 'Re: Your request');
  const raw = rawMail({
    from, fromName: typeof lead.name === 'string' ? lead.name : undefined, to, subject,
    messageId: newMessageId(from), inReplyTo: thread.at(-1) ?? null, references: thread, text: options.text, attachments: options.attachments,
  });
  return { from, to, raw };
}

/** Posts the message to the site's local Email Routing endpoint: wrangler's status and answer. */
export async function postToEmailHandler(siteUrl: string, { from, to, raw }: ProspectReply): Promise<{ status: number; ok: boolean; answer: string }> {
  const res = await fetch(`${siteUrl}/cdn-cgi/handler/email?${new URLSearchParams({ from, to })}`, { method: 'POST', headers: { 'Content-Type': 'message/rfc822' }, body: raw });
  // wrangler answers 200 "Worker successfully processed email", or 400 "Worker rejected email with the following reason: …".
  return { status: res.status, ok: res.ok, answer: (await res.text()).trim() };
}
