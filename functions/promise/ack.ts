import type { Context } from 'hono';
import { ackMail, ACK_FIELD, ACK_ZONE_FIELD } from '../../shared/ackMail.ts';
import { isTimeZone } from '../../shared/alerts/quietHours.ts';
import { activityDocument } from '../../shared/admin/inquiry.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { isEmailAddress } from '../../shared/email.ts';
import { addCatalog } from '../../shared/i18n/catalogs.ts';
import { messages as frenchMail } from '../../shared/i18n/mail/fr.ts';
import { hmacHex } from '../../shared/hex.ts';
import { createLogger, errorText } from '../../shared/log.ts';
import { mailFields, MAIL_KIND } from '../../shared/mail/outgoing.ts';
import { replyByOf, TIME_ZONE_HEADER } from '../../shared/replyBy.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { isSubmissionKind } from '../../shared/submissionKinds.ts';
import { AppwriteApiError, type AppwriteClient } from '../../platform/appwrite.ts';
import { appConfig } from '../../platform/config.ts';
import type { AppEnv } from '../env.ts';
import { replyAddressFor } from '../mail/replyAddress.ts';
import { checkLimit } from '../rateLimit.ts';
import { enqueueSubmission } from '../submissions.ts';

// The acknowledgement e-mail to a visitor who sent a request with an e-mail address (docs/decisions/0029).
// Decided by the request, sent from the queue:
// - ackFields(c, email), in the route that takes the request (never for a honeypot hit, which is not
//   queued): ACK_EMAILS on, then the visitor's `ack` rate limit is spent, then the address's one a day
//   (a RateLimiter named by an HMAC of the address under REPLY_TOKEN_SECRET, so the log and the object's
//   name say nothing of it). Passed: the queued submission carries ACK_FIELD. Any doubt: no acknowledgement.
// - queueAck, by the Appwrite sink once the inquiry exists: records the lead's reply address on it, the
//   acknowledgement as an `email_out` activity (its Message-ID in the lead's thread), and queues one `mail`
//   job, purpose `ack`, id `mail:ack:<submission id>`. Every step is fixed by the submission id, so a retry
//   repeats none of them.

/** The marker for a queued submission whose acknowledgement passed the limits, or nothing. Never throws. */
export async function ackFields(c: Context<AppEnv>, email: string | undefined): Promise<Record<string, string>> {
  const log = c.var.log;
  try {
    const config = appConfig(c.env);
    const address = email?.trim().toLowerCase() ?? '';
    if (!config.ACK_EMAILS || !config.MAIL_FROM || !config.REPLY_TOKEN_SECRET || !isEmailAddress(address)) return {};
    if (!(await checkLimit(c.env, c.req.raw, 'ack', log)).allowed) {
      log.info('ack.skipped', { reason: 'visitor_limit' });
      return {};
    }
    const key = await hmacHex(config.REPLY_TOKEN_SECRET, `ack-address:${address}`);
    const perAddress = await c.env.RATE_LIMITER.getByName(`ack:${key}`).hit('ackAddress');
    if (!perAddress.allowed) {
      log.info('ack.skipped', { reason: 'address_limit' });
      return {};
    }
    // The zone only words this visitor's own e-mail; anything but a known IANA name is left out.
    const zone = c.req.header(TIME_ZONE_HEADER)?.trim();
    return { [ACK_FIELD]: '1', ...(zone && zone.length <= 64 && isTimeZone(zone) ? { [ACK_ZONE_FIELD]: zone } : {}) };
  } catch (err) {
    log.error('ack.gate_failed', { error: errorText(err) });
    return {};
  }
}

/** The acknowledgement's lead_activity id and Message-ID, fixed by the submission id. */
export const ackActivityId = (submissionId: string) => `${submissionId}-ack`.slice(0, 36);
export const ackJobId = (submissionId: string) => `mail:ack:${submissionId}`;

const queueLog = createLogger(console, { source: 'queue', what: 'ack' });

// The acknowledgement is worded in the lead's language (docs/decisions/0032, "E-mails to visitors").
addCatalog('fr', frenchMail);

/**
 * Called by the Appwrite sink once the lead's inquiry is written (functions/delivery.ts): for a submission
 * carrying ACK_FIELD, records the reply address and the e-mail on the lead and queues the `mail` job.
 * Throws when Appwrite or the queue fails, so the sink's delivery is retried; every step is idempotent.
 */
export async function queueAck(m: SubmissionMessage, env: Env, client: AppwriteClient, databaseId: string): Promise<void> {
  const email = m.fields.email?.trim().toLowerCase() ?? '';
  if (m.fields[ACK_FIELD] !== '1' || !isEmailAddress(email) || !isSubmissionKind(m.kind)) return;
  const config = appConfig(env);
  if (!config.ACK_EMAILS || !config.MAIL_FROM) return;
  const replyTo = await replyAddressFor(config, m.id);
  const { subject, text } = ackMail({
    kind: m.kind, replyBy: replyByOf(m.submittedAt), teamName: config.MAIL_FROM_NAME, siteUrl: config.SITE_URL, visitorZone: m.fields[ACK_ZONE_FIELD],
    locale: m.fields.language === 'fr' ? 'fr' : 'en',
  });
  const domain = config.MAIL_FROM.split('@')[1] ?? 'localhost';
  const messageId = `<ack.${m.id}@${domain}>`;
  const activity = activityDocument({
    documentId: ackActivityId(m.id), leadId: m.id, type: 'email_out', at: new Date().toISOString(), actor: null,
    from: config.MAIL_FROM, to: email, subject, text, messageId, deliveryState: 'queued',
  });
  try {
    await client.createDocument(databaseId, COLLECTIONS.leadActivity, activity.documentId, { ...activity.data }, []);
  } catch (err) {
    if (!(err instanceof AppwriteApiError && err.status === 409)) throw err;
  }
  await enqueueSubmission(env, queueLog, MAIL_KIND, mailFields({
    purpose: 'ack', to: email, subject, text, replyTo, messageId, inReplyTo: null, references: [], leadId: m.id, activityId: activity.documentId,
  }), ackJobId(m.id));
}
