import PostalMime, { type Email } from 'postal-mime';
import { appConfig, type AppConfig } from '../../platform/config.ts';
import { AppwriteApiError, appwriteSettings, serverClient, type AppwriteClient } from '../../platform/appwrite.ts';
import { recordMailIn } from '../../platform/leadClock.ts';
import { activityDocument, oneLine } from '../../shared/admin/inquiry.ts';
import { BUCKETS, COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { sha256Hex } from '../../shared/hex.ts';
import { createLogger, errorText, type Logger } from '../../shared/log.ts';
import { attachmentsJson, sortAttachments, type AttachmentEntry } from '../../shared/mail/attachments.ts';
import { visibleReply } from '../../shared/mail/quoted.ts';
import { isAutoReply } from '../../shared/mail/autoReply.ts';
import { bodyText } from './bodyText.ts';
import { raiseAlert } from '../alerts/raise.ts';
import { leadOfToken, tokenOfAddress } from './replyAddress.ts';
import { LeadStore } from '../admin/leadStore.ts';

// Mail in (docs/decisions/0027-mail-threads.md, "Mail in"): Cloudflare Email Routing hands the Worker's
// email() handler every message to reply+<token>@INBOUND_DOMAIN. A message is filed on its lead only when
// the token is one of ours (HMAC, checked) AND it comes from the lead's own address (envelope and From
// header); anything else is refused with setReject and a reason that says where to write instead. Filing
// is idempotent per (lead, Message-ID): fixed ids for the activity and its files, so a redelivery or a
// retry after a failure makes nothing twice.

/** The activity id of a message on a lead: fixed by the lead and the Message-ID (≤ 36 characters). */
export async function inboundActivityId(leadId: string, messageId: string): Promise<string> {
  return `mi-${(await sha256Hex(`${leadId}\n${messageId.trim().toLowerCase()}`)).slice(0, 32)}`;
}

/** The file id of the n-th attachment of an activity (fixed, so a retry finds it there). */
const attachmentFileId = async (activityId: string, index: number) => `ma-${(await sha256Hex(`${activityId}#${index}`)).slice(0, 32)}`;

const agencyAddress = (config: AppConfig) => config.MAIL_FROM ?? 'the address on our website';

export const rejectReasons = {
  unknownAddress: (config: AppConfig) => `This reply address is not in use. Please write to ${agencyAddress(config)}.`,
  stranger: (config: AppConfig) => `This reply address only takes answers from the person the conversation is with. Please write to ${agencyAddress(config)}.`,
  unreadable: (config: AppConfig) => `This message could not be read. Please write to ${agencyAddress(config)}.`,
};

const address = (v: string | undefined | null) => (v ?? '').trim().toLowerCase();

/** The Worker's email() handler. Throws only when Appwrite cannot be reached (the message is refused, not half-filed). */
export async function handleEmail(message: ForwardableEmailMessage, env: Env, _ctx?: ExecutionContext): Promise<void> {
  const log = createLogger(console, { handler: 'email' });
  const config = appConfig(env);
  const settings = appwriteSettings(config);
  const token = tokenOfAddress(config, message.to);
  const reject = (reason: string, why: string) => {
    log.warn('mail_in.rejected', { why, to: message.to });
    message.setReject(reason);
  };
  if (!token) return reject(rejectReasons.unknownAddress(config), 'not_a_reply_address');
  if (!settings?.apiKey) throw new Error('Mail in needs Appwrite (APPWRITE_ENDPOINT, APPWRITE_PROJECT_ID, APPWRITE_API_KEY).');
  const leadId = await leadOfToken(config, token);
  if (!leadId) return reject(rejectReasons.unknownAddress(config), 'unknown_token');

  const client = serverClient({ ...settings, apiKey: settings.apiKey });
  const lead = await new LeadStore(client, settings.databaseId).get(COLLECTIONS.inquiries, leadId);
  if (!lead) return reject(rejectReasons.unknownAddress(config), 'lead_gone');

  let parsed: Email;
  try {
    parsed = await PostalMime.parse(message.raw);
  } catch (err) {
    log.warn('mail_in.unparsable', { leadId, error: errorText(err) });
    return message.setReject(rejectReasons.unreadable(config));
  }
  const leadAddress = address(lead.email as string | null);
  const headerFrom = parsed.from && 'address' in parsed.from ? address(parsed.from.address) : '';
  if (!leadAddress || address(message.from) !== leadAddress || headerFrom !== leadAddress) {
    return reject(rejectReasons.stranger(config), 'stranger');
  }

  await fileReply(env, log, client, settings.databaseId, { leadId, lead, parsed, from: leadAddress, rawSize: message.rawSize });
}

interface Reply {
  leadId: string;
  lead: Record<string, unknown>;
  parsed: Email;
  from: string;
  rawSize: number;
}

/** The activity (once), then, unless a machine sent it, the lead's "Replied by prospect" and the assignee's alert. */
async function fileReply(env: Env, log: Logger, client: AppwriteClient, databaseId: string, r: Reply): Promise<void> {
  // A message without a Message-ID (rare, and against RFC 5322) is known by its content instead.
  const messageId = r.parsed.messageId ?? `<sha256-${await sha256Hex(`${r.parsed.subject ?? ''}\n${bodyText(r.parsed)}\n${r.rawSize}`)}@unknown>`;
  const activityId = await inboundActivityId(r.leadId, messageId);
  const at = new Date().toISOString();
  const automatic = isAutoReply(r.parsed.headers);
  const words = visibleReply(bodyText(r.parsed)) || '(No text.)';
  const text = automatic ? `Automatic reply: ${words}` : words;

  if (await new LeadStore(client, databaseId).get(COLLECTIONS.leadActivity, activityId)) {
    log.info('mail_in.duplicate', { leadId: r.leadId, activityId });
  } else {
    const attachments = await keepAttachments(client, activityId, r.parsed.attachments);
    const doc = activityDocument({
      documentId: activityId, leadId: r.leadId, type: 'email_in', at, text, from: r.from,
      subject: r.parsed.subject ?? null, messageId, attachments: attachmentsJson(attachments),
    });
    try {
      await client.createDocument(databaseId, COLLECTIONS.leadActivity, doc.documentId, { ...doc.data }, []);
    } catch (err) {
      // The same message delivered twice at once: the other delivery filed it.
      if (!(err instanceof AppwriteApiError && err.status === 409)) throw err;
    }
    log.info('mail_in.filed', { leadId: r.leadId, activityId, attachments: attachments.length });
  }
  // An out-of-office answer is kept, but it is not the prospect answering: the lead stays as it was.
  if (automatic) return log.info('mail_in.auto_reply', { leadId: r.leadId, activityId });
  // Both are idempotent: the later time is kept, and the alert's job id is fixed by the activity.
  await recordMailIn(client, databaseId, r.leadId, at);
  await raiseAlert(env, log, {
    kind: 'prospect_reply', key: activityId, leadId: r.leadId, conversationRef: null,
    userId: typeof r.lead.assigneeId === 'string' && r.lead.assigneeId ? r.lead.assigneeId : null,
    who: typeof r.lead.name === 'string' && r.lead.name ? r.lead.name : null,
    words: oneLine(text, 120), at,
  });
}

/** Stores the allowed attachments (fixed file ids: a retry finds them there) and lists the dropped ones. */
async function keepAttachments(client: AppwriteClient, activityId: string, files: Email['attachments']): Promise<AttachmentEntry[]> {
  const sizeOf = (c: ArrayBuffer | Uint8Array | string) => (typeof c === 'string' ? c.length : c.byteLength);
  const verdicts = sortAttachments(files.map((f) => ({ name: f.filename ?? '', type: f.mimeType, size: sizeOf(f.content) })));
  const out: AttachmentEntry[] = [];
  for (const [i, v] of verdicts.entries()) {
    const f = files[i]!;
    const size = sizeOf(f.content);
    if (!v.keep) {
      out.push({ name: v.name, size, dropped: v.reason });
      continue;
    }
    const fileId = await attachmentFileId(activityId, i);
    const bytes = typeof f.content === 'string' ? new TextEncoder().encode(f.content) : new Uint8Array(f.content);
    try {
      await client.createFile(BUCKETS.attachments, fileId, { name: v.name, type: v.type, bytes });
    } catch (err) {
      if (!(err instanceof AppwriteApiError)) throw err;
      // 409: a retry after a failure stored it already. Any other refusal (the bucket's own limits): dropped.
      if (err.status !== 409) {
        out.push({ name: v.name, size, dropped: 'Storage refused the file.' });
        continue;
      }
    }
    out.push({ name: v.name, fileId, type: v.type, size });
  }
  return out;
}
