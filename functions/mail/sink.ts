import { appConfig, type AppConfig } from '../../platform/config.ts';
import { appwriteSettings, serverClient } from '../../platform/appwrite.ts';
import { recordReplySent } from '../../platform/leadClock.ts';
import { MailOutcomeUnknown, sendMail, type MailToSend } from '../../platform/mail.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { createLogger, errorText } from '../../shared/log.ts';
import { MAIL_KIND, parseMailFields, referencesHeader, sentMessageId, type OutgoingMail } from '../../shared/mail/outgoing.ts';
import { OutcomeUnknown, recordAfterSend, type Sink } from '../sink.ts';

// Mail out (docs/decisions/0027): a job of kind `mail` is handed to the Email Service once (the ledger's claim
// per (kind, id, sink) makes it once; a redelivered job finds it delivered), then recorded on its lead: the
// lead_activity's delivery state, and for a staff reply the lead's clock (its first answer and last mail out).

/** Our own correlation header: the job's id for the message, since the service sets Message-ID itself. */
export const MAIL_REF_HEADER = 'X-Volta-Message-Ref';

/** Told to staff on the activity when a message was sent again after an attempt whose outcome was unknown. */
export const RESENT_NOTE = 'Sent again after an attempt whose outcome was unknown: the recipient may have it twice.';

const logger = createLogger(console, { source: 'mail' });

/** The message of a job: threading headers when it answers one of ours, and our reference. */
export function mailToSend(mail: OutgoingMail): MailToSend {
  const headers: Record<string, string> = { [MAIL_REF_HEADER]: mail.messageId };
  if (mail.inReplyTo) headers['In-Reply-To'] = mail.inReplyTo;
  if (mail.references.length) headers.References = referencesHeader(mail.references);
  return { to: mail.to, subject: mail.subject, text: mail.text, replyTo: mail.replyTo, headers };
}

/** Writes on the lead that a job belongs to; null when it belongs to none or accounts are not configured. */
function leadRecords(config: AppConfig, mail: OutgoingMail) {
  const settings = appwriteSettings(config);
  if (!settings?.apiKey || (!mail.activityId && !mail.leadId)) return null;
  const client = serverClient({ ...settings, apiKey: settings.apiKey });
  const db = settings.databaseId;
  const activity = (data: Record<string, unknown>) =>
    mail.activityId ? client.updateDocument(db, COLLECTIONS.leadActivity, mail.activityId, data) : Promise.resolve();
  return {
    failed: (reason: string) => activity({ deliveryState: 'failed', deliveryError: reason.slice(0, 500) }),
    async sent(messageId: string, at: string, resent: boolean) {
      await activity({ deliveryState: 'sent', messageId: (sentMessageId(messageId) ?? messageId).slice(0, 250), deliveryError: resent ? RESENT_NOTE : null });
      // Only a person's reply answers the prospect: an acknowledgement or an alert stops no clock.
      if (mail.purpose === 'reply' && mail.leadId) {
        await recordReplySent(client, db, mail.leadId, { at, by: mail.byId ?? null, byName: mail.byName ?? null, via: 'email' });
      }
    },
  };
}

const bestEffort = (what: string, id: string, write: () => Promise<unknown>) => recordAfterSend(logger, 'mail.record_failed', id, what, write);

export const mailSink: Sink = {
  name: 'mail',
  accepts: (kind) => kind === MAIL_KIND,
  // Always enabled: with MAIL_FROM empty a queued job fails (retried, then parked for staff) instead of
  // being skipped, which would count it as done and lose it.
  async deliver(m, env, attempt) {
    const mail = parseMailFields(m.fields);
    if (!mail) throw new Error('The mail job is not a readable e-mail (shared/mail/outgoing.ts): it is kept as it came, never guessed at.');
    const config = appConfig(env);
    const lead = leadRecords(config, mail);
    if (!config.MAIL_FROM) {
      const reason = 'MAIL_FROM is not set, so no e-mail can be sent: it waits (retried, then parked) until it is.';
      if (lead) await bestEffort('failed', m.id, () => lead.failed(reason));
      throw new Error(reason);
    }
    let sent: { messageId: string };
    try {
      sent = await sendMail(env, config, mailToSend(mail));
    } catch (err) {
      const unknown = err instanceof MailOutcomeUnknown;
      const reason = unknown ? `No answer from the mail service (${errorText(err)}); it may have been sent.` : `The mail service refused it: ${err instanceof Error ? err.message : String(err)}`;
      if (lead) await bestEffort('failed', m.id, () => lead.failed(reason));
      throw unknown ? new OutcomeUnknown(reason) : new Error(reason);
    }
    const at = new Date().toISOString();
    const resent = attempt?.resend ?? false;
    if (resent) logger.warn('mail.resent', { id: m.id, purpose: mail.purpose, reason: 'unknown_outcome' });
    if (lead) await bestEffort('sent', m.id, () => lead.sent(sent.messageId, at, resent));
    logger.info('mail.sent', { id: m.id, purpose: mail.purpose });
  },
};
