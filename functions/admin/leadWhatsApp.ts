import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { DOCUMENT_ID, type LeadActivity } from '../../shared/admin/leadView.ts';
import { variablesIn, type ReplyContext } from '../../shared/admin/savedReplies.ts';
import { COLLECTIONS, isSubmissionKind, submissionCollections } from '../../shared/appwrite/schema.ts';
import { isUniqueId } from '../../shared/id.ts';
import { fillForLead, freeTextRefusal, templateChoices, templateId, templateRefusal, type LeadWhatsAppResponse } from '../../shared/whatsapp/composer.ts';
import { isWaId, WA_TEXT_MAX, type WaContent } from '../../shared/whatsapp/outgoing.ts';
import { waIdFromPhone } from '../../shared/whatsapp/phone.ts';
import { windowClosesAt } from '../../shared/whatsapp/window.ts';
import { whatsappSettings, type WhatsAppSettings } from '../../platform/config.ts';
import type { AppwriteClient, AppwriteDocument } from '../../platform/appwrite.ts';
import type { AuthEnv } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { ApiRefusal, apiError } from '../errors.ts';
import { jsonOnly, refusal, validate } from '../validate.ts';
import { queueWhatsApp, waOutActivityId, waOutJobId } from '../whatsapp/outbound.ts';
import { allow } from './allow.ts';
import { LeadStore, toActivity } from './leadStore.ts';

// The lead page's WhatsApp composer (docs/decisions/0031, "Window and templates"). The rules are
// shared/whatsapp/composer.ts's, enforced here on every send: free text only inside the 24-hour window of a
// conversation the customer opened; otherwise an approved template (WHATSAPP_TEMPLATES) whose variables all
// have a value from the lead. An e-mail lead with a phone number may be written to with a template only. The
// composer makes each message's id once: the same id is the same `wa-out` job, sent once (queueWhatsApp).
//
//   GET  /:id/whatsapp                                   → LeadWhatsAppResponse
//   POST /:id/whatsapp  { id, text } | { id, template }  → 202 LeadActivity (wa_out: sent, or failed with Meta's reason)

const idParam = z.object({
  id: z.string().refine((v) => DOCUMENT_ID.test(v), { message: 'That is not a valid lead id.', params: refusal(400, 'invalid_id') }),
});
const composerId = z.string({ error: 'Give the id the composer made for this message.' }).refine(isUniqueId, 'That is not a message id made by the composer.');
const sendBody = z.union([
  z.object({
    id: composerId,
    text: z.string({ error: 'Write the reply.' })
      .transform((v) => v.replace(/^\s*\n|\s+$/g, ''))
      .refine((v) => v.trim().length > 0, 'Write the reply.')
      .refine((v) => v.length <= WA_TEXT_MAX, `A WhatsApp message has at most ${WA_TEXT_MAX} characters.`)
      // A saved reply's variable left in the text would reach the customer as "{{first_name}}".
      .superRefine((v, ctx) => {
        const left = variablesIn(v);
        if (left.length) ctx.addIssue({ code: 'custom', message: `Replace ${left.map((n) => `{{${n}}}`).join(', ')} before sending: the customer would see it as it is.` });
      }),
    template: z.undefined().optional(),
  }),
  z.object({
    id: composerId,
    template: z.string().regex(/^[a-z0-9_]{1,512}\/[a-z]{2,3}(_[A-Z]{2})?$/, 'Choose one of the approved templates.'),
    text: z.undefined().optional(),
  }),
], { error: 'Send either the text of a reply or the template to use, with the composer’s message id.' });

type WaContext = Context<AuthEnv>;

const notConfigured = 'WhatsApp is not configured on this site (docs/operations.md §2.7), so nothing was sent. Answer by e-mail or phone for now.';

/** The lead, the number to write to (or why there is none), and what the templates are filled from. */
async function leadState(c: WaContext, leadId: string) {
  const { client, settings } = c.get('appwrite');
  const store = new LeadStore(client, settings.databaseId);
  const doc = await store.lead(leadId);
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  let waId = isWaId(doc.waId) ? doc.waId : null;
  let noNumber: string | null = null;
  if (!waId) {
    // An e-mail lead: the phone number its form carried, read as a wa_id (shared/whatsapp/phone.ts).
    const record = isSubmissionKind(doc.kind) ? await store.get(submissionCollections[doc.kind], leadId) : null;
    const read = waIdFromPhone(str(record?.phone));
    if (read.ok) waId = read.waId;
    else noNumber = read.message;
  }
  const { user } = c.get('auth');
  const context: ReplyContext = {
    lead: { name: str(doc.name), email: str(doc.email), serviceInterest: str(doc.serviceInterest), budgetRange: str(doc.budgetRange) },
    agent: { name: user.name || user.email },
    bookingUrl: c.var.config.BOOKING_URL ?? null,
    siteUrl: c.var.config.SITE_URL,
  };
  return { client, databaseId: settings.databaseId, store, doc, waId, noNumber, context, actor: { id: user.id, name: user.name || user.email } };
}

const conversationOf = (doc: AppwriteDocument) => ({
  waId: isWaId(doc.waId) ? doc.waId : null,
  waLastInboundAt: typeof doc.waLastInboundAt === 'string' && doc.waLastInboundAt ? doc.waLastInboundAt : null,
});

/** A Conversation object per lead started from the lead page, so the customer's answer joins this lead. */
export const staffConversationRef = (env: Env, leadId: string) => env.CONVERSATION.idFromName(`wa:${leadId}`).toString();

/**
 * A person has the conversation now: the assistant stays silent (WA_HANDLERS). Kept apart so it can become the
 * WhatsApp handler's own function (functions/whatsapp/handler.ts) at merge.
 */
export async function markStaffHandling(client: AppwriteClient, databaseId: string, leadId: string): Promise<void> {
  await client.updateDocument(databaseId, COLLECTIONS.inquiries, leadId, { waHandler: 'staff' });
}

function contentFor(body: z.output<typeof sendBody>, templates: WhatsAppSettings['templates'], context: ReplyContext, conversation: ReturnType<typeof conversationOf>): WaContent {
  if (body.text !== undefined) {
    const refused = freeTextRefusal(conversation);
    if (refused) throw new ApiRefusal(409, conversation.waLastInboundAt ? 'window_closed' : 'template_required', refused);
    return { type: 'text', text: body.text };
  }
  const template = templates.find((t) => templateId(t) === body.template);
  if (!template) {
    const message = 'That template is not one of the approved templates configured for this site (WHATSAPP_TEMPLATES). Choose one from the list.';
    throw new ApiRefusal(422, 'unknown_template', message, { fields: { template: message } });
  }
  const filled = fillForLead(template, context);
  const refused = templateRefusal(template, filled);
  if (refused) throw new ApiRefusal(422, 'template_incomplete', refused, { fields: { template: refused } });
  return { type: 'template', name: template.name, language: template.language, params: filled.params, text: filled.text };
}

export const leadWhatsApp = new Hono<AppEnv>()
  .get('/:id/whatsapp', allow('lead.whatsapp'), validate('param', idParam), async (c) => {
    const settings = whatsappSettings(c.var.config);
    const state = await leadState(c, c.req.valid('param').id);
    const conversation = conversationOf(state.doc);
    const closes = windowClosesAt(conversation.waLastInboundAt);
    return c.json<LeadWhatsAppResponse, 200>({
      configured: !!settings,
      waId: state.waId,
      noNumber: state.noNumber,
      conversation: !!conversation.waId && !!conversation.waLastInboundAt,
      windowClosesAt: closes?.toISOString() ?? null,
      canSendText: !!settings && freeTextRefusal(conversation) === null,
      templates: settings ? templateChoices(settings.templates, state.context) : [],
    });
  })
  .post('/:id/whatsapp', allow('lead.whatsapp'), validate('param', idParam), jsonOnly, validate('json', sendBody), async (c) => {
    const settings = whatsappSettings(c.var.config);
    if (!settings) return apiError(c, 503, 'whatsapp_not_configured', notConfigured, {}, { 'Retry-After': '3600' });
    const { id: leadId } = c.req.valid('param');
    const body = c.req.valid('json');
    const state = await leadState(c, leadId);
    if (!state.waId) return apiError(c, 409, 'no_whatsapp', state.noNumber ?? 'This lead has no WhatsApp number.');
    const conversation = conversationOf(state.doc);
    const content = contentFor(body, settings.templates, state.context, conversation);

    const jobId = waOutJobId('staff', leadId, body.id);
    const activityId = await waOutActivityId(jobId);
    const earlier = await state.store.get(COLLECTIONS.leadActivity, activityId);
    if (earlier) {
      // A retry or a double click: the same message, never a second one; other words under the same id are refused.
      if (earlier.type !== 'wa_out' || earlier.leadId !== leadId || earlier.text !== content.text) {
        return apiError(c, 409, 'id_reused', 'That message id belongs to another message. Reload the page and write the reply again.');
      }
      if (earlier.deliveryState !== 'queued') return c.json<LeadActivity, 202>(toActivity(earlier), 202);
    }
    // Before the first message leaves: the customer's answer must find this lead (its number, a conversation).
    if (!conversation.waId) {
      const hasRef = typeof state.doc.conversationRef === 'string' && state.doc.conversationRef;
      await state.client.updateDocument(state.databaseId, COLLECTIONS.inquiries, leadId, { waId: state.waId, ...(hasRef ? {} : { conversationRef: staffConversationRef(c.env, leadId) }) });
    }
    try {
      await queueWhatsApp(c.env, c.var.log, { sender: 'staff', to: state.waId, content, leadId, byId: state.actor.id, byName: state.actor.name }, jobId);
    } catch {
      throw new ApiRefusal(503, 'unavailable', 'The WhatsApp message could not be queued just now, so nothing was sent. Please try again in a moment.');
    }
    await markStaffHandling(state.client, state.databaseId, leadId);
    c.var.log.info('lead.whatsapp_queued', { leadId, activityId, by: state.actor.id, type: content.type });
    const doc = await state.store.get(COLLECTIONS.leadActivity, activityId);
    if (!doc) throw new ApiRefusal(502, 'accounts_error', 'Appwrite did not keep the WhatsApp message; look at the timeline before sending it again.');
    return c.json<LeadActivity, 202>(toActivity(doc), 202);
  });
