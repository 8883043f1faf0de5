import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { activityDocument } from '../../shared/admin/inquiry.ts';
import { DOCUMENT_ID, type LeadActivity } from '../../shared/admin/leadView.ts';
import { MAIL_TEXT_MAX, replyThreading } from '../../shared/admin/replyThread.ts';
import { variablesIn } from '../../shared/admin/savedReplies.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { isEmailAddress } from '../../shared/email.ts';
import { isUniqueId } from '../../shared/id.ts';
import { MAIL_KIND, mailFields, newMessageId, type OutgoingMail } from '../../shared/mail/outgoing.ts';
import { MAX_SUBJECT_CHARS } from '../../shared/mailHeaders.ts';
import { errorText } from '../../shared/log.ts';
import { AppwriteApiError, Q, type AppwriteDocument } from '../../platform/appwrite.ts';
import type { AuthEnv } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { ApiRefusal, apiError } from '../errors.ts';
import { replyAddressFor } from '../mail/replyAddress.ts';
import { enqueueSubmission } from '../submissions.ts';
import { jsonOnly, refusal, validate } from '../validate.ts';
import { allow } from './allow.ts';
import { LeadStore, toActivity } from './leadStore.ts';

// POST /api/admin/leads/:id/emails: a reply to the prospect from the lead page's composer (docs/decisions/0027,
// "Composer"). The composer makes the message's id once (shared/id.ts), so a retried POST or a double click
// finds the same `email_out` activity (its id is fixed by the composer's) and the same queue job
// (`mail:reply:<lead>:<id>`), which the ledger delivers once. The mail sink sends it and moves the
// activity from queued to sent or failed. Only the text the staff member wrote goes out: never a note.
//
//   POST /:id/emails  { id, text, subject? } → 202 LeadActivity (email_out, deliveryState queued)

const idParam = z.object({
  id: z.string().refine((v) => DOCUMENT_ID.test(v), { message: 'That is not a valid lead id.', params: refusal(400, 'invalid_id') }),
});
const emailBody = z.object({
  id: z.string({ error: 'Give the id the composer made for this message.' }).refine(isUniqueId, 'That is not a message id made by the composer.'),
  text: z.string({ error: 'Write the reply.' })
    // Blank lines and spaces around the text carry nothing; lines inside it are kept.
    .transform((v) => v.replace(/^\s*\n|\s+$/g, ''))
    .refine((v) => v.trim().length > 0, 'Write the reply.')
    .refine((v) => v.length <= MAIL_TEXT_MAX, `A reply has at most ${MAIL_TEXT_MAX} characters.`)
    // A saved reply's variable left in the text would reach the prospect as "{{first_name}}".
    .superRefine((v, ctx) => {
      const left = variablesIn(v);
      if (left.length) ctx.addIssue({ code: 'custom', message: `Replace ${left.map((n) => `{{${n}}}`).join(', ')} before sending: the prospect would see it as it is.` });
    }),
  subject: z.string().trim().max(MAX_SUBJECT_CHARS, `A subject has at most ${MAX_SUBJECT_CHARS} characters.`).optional(),
});

/** The `email_out` activity of a composer's message: one per message id, whatever the number of attempts. */
export const replyActivityId = (composerId: string) => `out-${composerId}`;
/** The queue job of a reply: the ledger delivers a job id once. */
export const replyJobId = (leadId: string, composerId: string) => `mail:reply:${leadId}:${composerId}`;

type EmailContext = Context<AuthEnv>;

const notConfigured = 'E-mail is not configured on this site (MAIL_FROM is empty), so nothing was sent. Reply from your own mailbox for now.';

/** The lead's e-mails (both ways), for threading. */
async function thread(c: EmailContext, leadId: string): Promise<LeadActivity[]> {
  const { client, settings } = c.get('appwrite');
  const list = await client.listDocuments(settings.databaseId, COLLECTIONS.leadActivity, [
    Q.equal('leadId', leadId), Q.equalAny('type', ['email_out', 'email_in']), Q.orderAsc('at'), Q.limit(500),
  ]);
  return list.documents.map(toActivity);
}

export const leadEmails = new Hono<AppEnv>()
  .post('/:id/emails', allow('lead.email'), validate('param', idParam), jsonOnly, validate('json', emailBody), async (c) => {
    const config = c.var.config;
    if (!config.MAIL_FROM) return apiError(c, 503, 'mail_not_configured', notConfigured, {}, { 'Retry-After': '3600' });
    const { id: leadId } = c.req.valid('param');
    const { id: composerId, text, subject } = c.req.valid('json');
    const { client, settings } = c.get('appwrite');
    const store = new LeadStore(client, settings.databaseId);
    const leadDoc = await store.lead(leadId);
    const to = typeof leadDoc.email === 'string' ? leadDoc.email : '';
    if (!isEmailAddress(to)) {
      return apiError(c, 409, 'no_email', 'This lead has no valid e-mail address, so an e-mail cannot be sent. Answer it another way (phone, live chat).');
    }
    const { user } = c.get('auth');
    const actor = { id: user.id, name: user.name || user.email };
    const activityId = replyActivityId(composerId);

    // Before anything is written: a reply whose answers would lead nowhere is not sent (throws → 502/503).
    const replyTo = await replyAddressFor(config, leadId, { replyToken: typeof leadDoc.replyToken === 'string' ? leadDoc.replyToken : null });
    const mails = await thread(c, leadId);
    type Stored = LeadActivity & { leadId: string };
    const mine = mails.find((a) => a.id === activityId);
    let existing: Stored | null = mine ? { ...mine, leadId } : toExisting(await store.get(COLLECTIONS.leadActivity, activityId));
    let created = false;
    if (!existing) {
      const threading = replyThreading(mails, `Your enquiry to ${config.MAIL_FROM_NAME}`, subject);
      const doc = activityDocument({
        documentId: activityId, leadId, type: 'email_out', at: new Date().toISOString(), actor, text, to,
        subject: threading.subject, messageId: newMessageId(config.MAIL_FROM), deliveryState: 'queued',
      });
      try {
        existing = toExisting(await client.createDocument(settings.databaseId, COLLECTIONS.leadActivity, activityId, { ...doc.data }, []));
        created = true;
      } catch (err) {
        // A double click: the other request wrote it first.
        if (!(err instanceof AppwriteApiError && err.status === 409)) throw err;
        existing = toExisting(await store.get(COLLECTIONS.leadActivity, activityId));
      }
      if (!existing) throw new ApiRefusal(502, 'accounts_error', 'Appwrite did not keep the e-mail; try again.');
    }
    if (existing.type !== 'email_out' || existing.leadId !== leadId || existing.text !== text) {
      return apiError(c, 409, 'id_reused', 'That message id belongs to another message. Reload the page and write the reply again.');
    }
    // Sent or failed already: a late retry changes nothing.
    if (existing.deliveryState !== 'queued') return c.json<LeadActivity, 202>(strip(existing), 202);

    const threading = replyThreading(mails, existing.subject ?? '', existing.subject, activityId);
    const mail: OutgoingMail = {
      purpose: 'reply', to, subject: existing.subject ?? threading.subject, text, replyTo,
      messageId: existing.messageId ?? newMessageId(config.MAIL_FROM),
      inReplyTo: threading.inReplyTo, references: threading.references,
      leadId, activityId, byId: actor.id, byName: actor.name,
    };
    try {
      await enqueueSubmission(c.env, c.var.log, MAIL_KIND, mailFields(mail), replyJobId(leadId, composerId));
    } catch {
      // Nothing half-written: the activity that says "queued" goes with the job that was not queued.
      if (created) await store.remove(COLLECTIONS.leadActivity, activityId).catch((err) => c.var.log.error('lead.email_unrecord_failed', { leadId, activityId, error: errorText(err) }));
      throw new ApiRefusal(503, 'unavailable', 'The e-mail could not be queued just now, so nothing was sent. Please try again in a moment.');
    }
    c.var.log.info('lead.email_queued', { leadId, activityId, by: actor.id });
    return c.json<LeadActivity, 202>(strip(existing), 202);
  });

/** An activity document with its lead id kept, to check what a reused id belongs to. */
function toExisting(doc: AppwriteDocument | null): (LeadActivity & { leadId: string }) | null {
  return doc ? { ...toActivity(doc), leadId: String(doc.leadId ?? '') } : null;
}
const strip = ({ leadId: _, ...a }: LeadActivity & { leadId?: string }): LeadActivity => a;
