import { Hono } from 'hono';
import { z } from 'zod';
import { savedReplyInput, type SavedRepliesResponse, type SavedReply } from '../../shared/admin/savedReplies.ts';
import { DOCUMENT_ID } from '../../shared/admin/leadView.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { Q, type AppwriteDocument } from '../../platform/appwrite.ts';
import type { AppEnv } from '../env.ts';
import { ApiRefusal } from '../errors.ts';
import { jsonOnly, refusal, validate } from '../validate.ts';
import { allow } from './allow.ts';
import { LeadStore } from './leadStore.ts';

// /api/admin/saved-replies: the composer's saved replies (shared/admin/savedReplies.ts). Staff list and read
// them (reply.read) to insert one; admins write them (reply.manage). A body with an unknown {{variable}} is
// refused with 422 naming it, so it never reaches a prospect; the optional French version (`bodyFr`, empty
// removes it) is checked the same way. Server key only: no document permissions.
//
//   GET    /            staff → SavedRepliesResponse (by title)
//   GET    /:replyId    staff → SavedReply
//   POST   /            admin, { title, body, bodyFr? } → 201 SavedReply
//   PATCH  /:replyId    admin, { title?, body?, bodyFr? } → SavedReply
//   DELETE /:replyId    admin → { id }

const MAX_REPLIES = 100;

const replyParam = z.object({
  replyId: z.string().refine((v) => DOCUMENT_ID.test(v), { message: 'That is not a valid saved reply id.', params: refusal(400, 'invalid_id') }),
});
const replyChange = savedReplyInput.partial().refine((v) => v.title !== undefined || v.body !== undefined || v.bodyFr !== undefined, 'Say what to change: title, body or bodyFr.');
/** What Appwrite keeps: an empty French version is none. */
const stored = <T extends { bodyFr?: string }>(v: T) => (v.bodyFr === undefined ? v : { ...v, bodyFr: v.bodyFr || null });

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const toSavedReply = (d: AppwriteDocument): SavedReply => ({
  id: d.$id, title: String(d.title ?? ''), body: String(d.body ?? ''), bodyFr: str(d.bodyFr), updatedBy: str(d.updatedBy), updatedAt: str(d.updatedAt),
});

const notFound = (id: string) => new ApiRefusal(404, 'saved_reply_not_found', `There is no saved reply with id ${id}. It may have been deleted.`);

export const savedReplies = new Hono<AppEnv>()
  .get('/', allow('reply.read'), async (c) => {
    const { client, settings } = c.get('appwrite');
    const list = await client.listDocuments(settings.databaseId, COLLECTIONS.savedReplies, [Q.orderAsc('title'), Q.limit(MAX_REPLIES)]);
    return c.json<SavedRepliesResponse, 200>({ replies: list.documents.map(toSavedReply) });
  })
  .get('/:replyId', allow('reply.read'), validate('param', replyParam), async (c) => {
    const { replyId } = c.req.valid('param');
    const { client, settings } = c.get('appwrite');
    const doc = await new LeadStore(client, settings.databaseId).get(COLLECTIONS.savedReplies, replyId);
    if (!doc) throw notFound(replyId);
    return c.json<SavedReply, 200>(toSavedReply(doc));
  })
  .post('/', allow('reply.manage'), jsonOnly, validate('json', savedReplyInput), async (c) => {
    const { client, settings } = c.get('appwrite');
    const doc = await client.createDocument(settings.databaseId, COLLECTIONS.savedReplies, uniqueId(), {
      ...stored(c.req.valid('json')), updatedBy: c.get('auth').user.id, updatedAt: new Date().toISOString(),
    }, []);
    c.var.log.info('saved_reply.created', { id: doc.$id, by: c.get('auth').user.id });
    return c.json<SavedReply, 201>(toSavedReply(doc), 201);
  })
  .patch('/:replyId', allow('reply.manage'), validate('param', replyParam), jsonOnly, validate('json', replyChange), async (c) => {
    const { replyId } = c.req.valid('param');
    const { client, settings } = c.get('appwrite');
    if (!(await new LeadStore(client, settings.databaseId).get(COLLECTIONS.savedReplies, replyId))) throw notFound(replyId);
    const change = Object.fromEntries(Object.entries(stored(c.req.valid('json'))).filter(([, v]) => v !== undefined));
    const doc = await client.updateDocument(settings.databaseId, COLLECTIONS.savedReplies, replyId, {
      ...change, updatedBy: c.get('auth').user.id, updatedAt: new Date().toISOString(),
    });
    return c.json<SavedReply, 200>(toSavedReply(doc));
  })
  .delete('/:replyId', allow('reply.manage'), validate('param', replyParam), async (c) => {
    const { replyId } = c.req.valid('param');
    const { client, settings } = c.get('appwrite');
    const store = new LeadStore(client, settings.databaseId);
    if (!(await store.get(COLLECTIONS.savedReplies, replyId))) throw notFound(replyId);
    await store.remove(COLLECTIONS.savedReplies, replyId);
    c.var.log.info('saved_reply.deleted', { id: replyId, by: c.get('auth').user.id });
    return c.json<{ id: string }, 200>({ id: replyId });
  });
