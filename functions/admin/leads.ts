import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ANSWER_WAYS, LEAD_STATUSES, type LeadStatus } from '../../shared/admin/leads.ts';
import { labelledFields, transcript } from '../../shared/admin/leadFields.ts';
import {
  DOCUMENT_ID, leadListSchema, leadViewSchema,
  type BulkResponse, type ErasurePreview, type ErasureResponse, type LeadActivity, type LeadCountsResponse, type LeadDetailResponse,
  type LeadListResponse, type LeadRow, type StaffListResponse,
} from '../../shared/admin/leadView.ts';
import { COLLECTIONS, isSubmissionKind, submissionCollections } from '../../shared/appwrite/schema.ts';
import { submissionSummary } from '../../shared/appwrite/submissions.ts';
import { isEmailAddress } from '../../shared/email.ts';
import { errorText } from '../../shared/log.ts';
import type { AuthEnv } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { Q } from '../../platform/appwrite.ts';
import { ApiRefusal, accountMessages } from '../errors.ts';
import { jsonOnly, refusal, validate } from '../validate.ts';
import { allow } from './allow.ts';
import { exportCsv } from './leadExport.ts';
import { attachmentParam, attachmentResponse } from './leadAttachments.ts';
import { erase, erasurePreview, type ErasureTarget } from './leadErasure.ts';
import { viewFilters, viewOrder } from './leadQueries.ts';
import { LeadNotFound, LeadStore, toActivity, toLeadRow, type Actor } from './leadStore.ts';
import { staffFields } from './staffFields.ts';
import { raiseAlert } from '../alerts/raise.ts';
import { assignedEvent } from '../../shared/alerts/events.ts';

// /api/admin/leads: the staff inbox (docs/product.md "Admin area", docs/decisions/0016). Every lead of any
// kind is one `inquiries` document; a page of the list is one Appwrite query (filters, search, order,
// cursor). Reading is staff (lead.read), working a lead is staff (lead.work), archiving a lead (and undoing
// it) and erasing a person's data are admin (lead.delete, person.erase): shared/admin/permissions.ts.
//
//   GET    /                 ?view&cursor&limit → LeadListResponse
//   GET    /counts           ?view              → LeadCountsResponse (per status, the status filter left out)
//   GET    /export           ?view              → text/csv, every lead of the view with every field
//   GET    /staff                               → StaffListResponse (who can be assigned)
//   POST   /erasure/preview  { email } | { leadId } → ErasurePreview (admin; a POST: no address in a URL or log)
//   POST   /erasure          { email } | { leadId } → ErasureResponse (admin)
//   POST   /bulk             { ids, action }    → BulkResponse
//   GET    /:id              ?view              → LeadDetailResponse
//   PATCH  /:id/status       { status, answeredVia? } → LeadRow (answeredVia with Contacted stops the clock)
//   PATCH  /:id/assignee     { assigneeId }     → LeadRow ('me', an account id, or null)
//   POST   /:id/notes        { text }           → 201 LeadActivity
//   POST   /:id/archive                         → LeadRow (admin)
//   POST   /:id/restore                         → LeadRow (admin: the archive's undo, back in the inbox)
//   GET    /:id/attachments/:fileId             → the file of a prospect's e-mail (download; functions/admin/leadAttachments.ts)

const PAGE_SIZE = 25;

export const idParam = z.object({
  id: z.string().refine((v) => DOCUMENT_ID.test(v), { message: 'That is not a valid lead id.', params: refusal(400, 'invalid_id') }),
});
const statusBody = z.object({
  status: z.enum(LEAD_STATUSES, { error: `Choose one of: ${LEAD_STATUSES.join(', ')}.` }),
  /** How the person answered (docs/decisions/0029): only with Contacted; it stops the reply clock. */
  answeredVia: z.enum(ANSWER_WAYS, { error: `Choose how you answered: ${ANSWER_WAYS.join(', ')}.` }).optional(),
}).refine((b) => !b.answeredVia || b.status === 'contacted', { message: 'How you answered goes with Contacted.', path: ['answeredVia'] });
const assigneeValue = z.union([z.literal('me'), z.string().regex(DOCUMENT_ID, 'That is not a valid account id.'), z.null()], { error: 'Give "me", a staff member\'s account id, or null for nobody.' });
const assigneeBody = z.object({ assigneeId: assigneeValue });
const noteBody = z.object({ text: z.string({ error: 'Write the note.' }).trim().min(1, 'Write the note.').max(5000, 'A note has at most 5000 characters.') });
const bulkBody = z.object({
  ids: z.array(z.string().regex(DOCUMENT_ID, 'That is not a valid lead id.')).min(1, 'Select at least one lead.').max(100, 'Select at most 100 leads at a time.')
    .refine((ids) => new Set(ids).size === ids.length, 'Each lead once.'),
  action: z.discriminatedUnion('type', [
    z.object({ type: z.literal('status'), status: z.enum(LEAD_STATUSES) }),
    z.object({ type: z.literal('assign'), assigneeId: assigneeValue }),
    z.object({ type: z.literal('spam') }),
  ], { error: 'Choose an action: status, assign or spam.' }),
});
const emailField = z.string({ error: 'Give the e-mail address.' }).trim().toLowerCase().max(254).refine(isEmailAddress, 'That is not an e-mail address.');
/** A person by address, or by one of their requests (docs/decisions/0022): exactly one of the two. */
const erasureBody = z.strictObject({
  email: emailField.optional(),
  leadId: z.string({ error: 'Give the lead id.' }).regex(DOCUMENT_ID, 'That is not a valid lead id.').optional(),
}).refine((b) => (b.email === undefined) !== (b.leadId === undefined), 'Give the e-mail address or the lead id (one of them).')
  .transform((b): ErasureTarget => (b.email !== undefined ? { email: b.email } : { leadId: b.leadId ?? '' }));

type LeadContext = Context<AuthEnv>;

const storeOf = (c: LeadContext) => new LeadStore(c.get('appwrite').client, c.get('appwrite').settings.databaseId);
const actorOf = (c: LeadContext): Actor => {
  const { user } = c.get('auth');
  return { id: user.id, name: user.name || user.email };
};

/** Alerts the new assignee (docs/decisions/0028), unless they assigned the lead to themselves. */
const alertAssignee = (c: LeadContext) => async (lead: LeadRow, activity: LeadActivity) => {
  if (lead.assigneeId && lead.assigneeId !== c.get('auth').user.id) await raiseAlert(c.env, c.var.log, assignedEvent(lead, lead.assigneeId, activity.id, activity.at));
};

async function assigneeOf(c: LeadContext, store: LeadStore, value: string | null) {
  if (value === null) return null;
  const { user, role } = c.get('auth');
  const self = { ...actorOf(c), email: user.email, role };
  return store.staffMember(value === 'me' ? user.id : value, self);
}

export const leads = new Hono<AppEnv>()
  .get('/', allow('lead.read'), validate('query', leadListSchema), async (c) => {
    const { cursor, limit = PAGE_SIZE, ...view } = c.req.valid('query');
    const { client, settings } = c.get('appwrite');
    // One query: the view's filters and order, the cursor, and one lead more than the page to know if
    // another page follows.
    const list = await client.listDocuments(settings.databaseId, COLLECTIONS.inquiries, [
      ...viewFilters(view, c.get('auth').user.id), ...viewOrder(view.sort), ...(cursor ? [Q.cursorAfter(cursor)] : []), Q.limit(limit + 1),
    ]);
    const page = list.documents.slice(0, limit).map(toLeadRow);
    const nextCursor = list.documents.length > limit ? (page[page.length - 1]?.id ?? null) : null;
    return c.json<LeadListResponse, 200>({ leads: page, nextCursor, total: list.total });
  })
  .get('/counts', allow('lead.read'), validate('query', leadViewSchema), async (c) => {
    const view = c.req.valid('query');
    const { client, settings } = c.get('appwrite');
    const filters = viewFilters(view, c.get('auth').user.id, { status: false });
    const totals = await Promise.all(LEAD_STATUSES.map(async (status) => {
      const list = await client.listDocuments(settings.databaseId, COLLECTIONS.inquiries, [...filters, Q.equal('status', status), Q.limit(1), Q.select(['$id'])]);
      return [status, list.total] as const;
    }));
    const counts = Object.fromEntries(totals) as Record<LeadStatus, number>;
    return c.json<LeadCountsResponse, 200>({ counts, total: totals.reduce((n, [, t]) => n + t, 0) });
  })
  .get('/export', allow('lead.read'), validate('query', leadViewSchema), async (c) => {
    const view = c.req.valid('query');
    return await exportCsv(c, view);
  })
  .get('/staff', allow('lead.read'), async (c) => {
    return c.json<StaffListResponse, 200>({ staff: await storeOf(c).staff() });
  })
  .post('/erasure/preview', allow('person.erase'), jsonOnly, validate('json', erasureBody), async (c) => {
    return c.json<ErasurePreview, 200>(await erasurePreview(c, storeOf(c), c.req.valid('json')));
  })
  .post('/erasure', allow('person.erase'), jsonOnly, validate('json', erasureBody), async (c) => {
    return c.json<ErasureResponse, 200>(await erase(c, storeOf(c), actorOf(c), c.req.valid('json')));
  })
  .post('/bulk', allow('lead.work'), jsonOnly, validate('json', bulkBody), async (c) => {
    const { ids, action } = c.req.valid('json');
    const store = storeOf(c);
    const actor = actorOf(c);
    let assignee: Awaited<ReturnType<typeof assigneeOf>> = null;
    if (action.type === 'assign') {
      assignee = await assigneeOf(c, store, action.assigneeId);
    }
    const result: BulkResponse = { updated: [], failed: [] };
    // A few at a time: Appwrite is not flooded, and one failure does not stop the others.
    for (let i = 0; i < ids.length; i += 5) {
      await Promise.all(ids.slice(i, i + 5).map(async (id) => {
        try {
          if (action.type === 'assign') await store.assign(id, assignee, actor, alertAssignee(c));
          else await store.setStatus(id, action.type === 'spam' ? 'spam' : action.status, actor);
          result.updated.push(id);
        } catch (err) {
          if (!(err instanceof LeadNotFound)) c.var.log.error('lead.bulk_failed', { id, error: errorText(err) });
          result.failed.push({ id, message: err instanceof LeadNotFound ? err.message : 'Appwrite did not take the change; try again.' });
        }
      }));
    }
    if (!result.updated.length && result.failed.length === ids.length && result.failed.some((f) => !f.message.startsWith('There is no lead'))) {
      c.var.log.error('lead.bulk_all_failed', { count: ids.length });
      throw new ApiRefusal(502, 'accounts_error', accountMessages.upstream);
    }
    return c.json<BulkResponse, 200>(result);
  })
  .get('/:id/attachments/:fileId', allow('lead.read'), validate('param', attachmentParam), async (c) => {
    const { id, fileId } = c.req.valid('param');
    return attachmentResponse(c.get('appwrite').client, c.get('appwrite').settings.databaseId, id, fileId);
  })
  .get('/:id', allow('lead.read'), validate('param', idParam), validate('query', leadViewSchema), async (c) => {
    const { id } = c.req.valid('param');
    const view = c.req.valid('query');
    const { client, settings } = c.get('appwrite');
    const store = storeOf(c);
    const lead = toLeadRow(await store.lead(id));
    const neighbour = async (cursor: 'cursorAfter' | 'cursorBefore') => {
      const list = await client.listDocuments(settings.databaseId, COLLECTIONS.inquiries, [
        ...viewFilters(view, c.get('auth').user.id), ...viewOrder(view.sort), Q[cursor](id), Q.limit(1), Q.select(['$id']),
      ]);
      return list.documents[0]?.$id ?? null;
    };
    const [record, activity, related, previousId, nextId] = await Promise.all([
      isSubmissionKind(lead.kind) ? store.get(submissionCollections[lead.kind], id) : null,
      client.listDocuments(settings.databaseId, COLLECTIONS.leadActivity, [Q.equal('leadId', id), Q.orderAsc('at'), Q.limit(500)]),
      lead.email
        ? client.listDocuments(settings.databaseId, COLLECTIONS.inquiries, [Q.equal('email', lead.email), Q.orderDesc('receivedAt'), Q.limit(51)])
        : null,
      neighbour('cursorBefore'),
      neighbour('cursorAfter'),
    ]);
    const fields = record ? staffFields(c.env, submissionSummary(lead.kind, record).fields) : {};
    return c.json<LeadDetailResponse, 200>({
      lead,
      fields: labelledFields(lead.kind, fields),
      transcript: transcript(lead.kind, fields),
      activity: activity.documents.map(toActivity),
      related: (related?.documents ?? []).filter((d) => d.$id !== id).slice(0, 50).map(toLeadRow)
        .map((r: LeadRow) => ({ id: r.id, kind: r.kind, receivedAt: r.receivedAt, status: r.status, summary: r.summary })),
      previousId,
      nextId,
    });
  })
  .patch('/:id/status', allow('lead.work'), validate('param', idParam), jsonOnly, validate('json', statusBody), async (c) => {
    const { status, answeredVia } = c.req.valid('json');
    return c.json<LeadRow, 200>(await storeOf(c).setStatus(c.req.valid('param').id, status, actorOf(c), answeredVia));
  })
  .patch('/:id/assignee', allow('lead.work'), validate('param', idParam), jsonOnly, validate('json', assigneeBody), async (c) => {
    const store = storeOf(c);
    const assignee = await assigneeOf(c, store, c.req.valid('json').assigneeId);
    return c.json<LeadRow, 200>(await store.assign(c.req.valid('param').id, assignee, actorOf(c), alertAssignee(c)));
  })
  .post('/:id/notes', allow('lead.work'), validate('param', idParam), jsonOnly, validate('json', noteBody), async (c) => {
    const { id } = c.req.valid('param');
    const store = storeOf(c);
    await store.lead(id);
    return c.json<LeadActivity, 201>(await store.record('note', id, actorOf(c), { text: c.req.valid('json').text }), 201);
  })
  .post('/:id/archive', allow('lead.delete'), validate('param', idParam), async (c) => {
    return c.json<LeadRow, 200>(await storeOf(c).setArchived(c.req.valid('param').id, true, actorOf(c)));
  })
  // Undoing an archive is the same authority as archiving (lead.delete).
  .post('/:id/restore', allow('lead.delete'), validate('param', idParam), async (c) => {
    return c.json<LeadRow, 200>(await storeOf(c).setArchived(c.req.valid('param').id, false, actorOf(c)));
  });
