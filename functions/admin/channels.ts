import { Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../shared/admin/permissions.ts';
import {
  CHANNEL_DESCRIPTION_MAX, CHANNEL_NAME_MAX, DEFAULT_CHANNEL, MESSAGE_MAX, MESSAGES_PAGE, channelSlug,
  type TeamChannel, type TeamMessage,
} from '../../shared/admin/team.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { AppwriteApiError, Q, type AppwriteClient, type AppwriteDocument } from '../../platform/appwrite.ts';
import type { AppEnv } from '../env.ts';
import { apiError } from '../errors.ts';
import { jsonOnly, refusal, validate } from '../validate.ts';
import { allow } from './allow.ts';
import { adminCalls } from './appwriteAdmin.ts';

// /api/admin/channels: the team's channels and their messages (docs/decisions/0017). Staff read and post;
// admins create, rename, archive and delete channels; staff delete any message. Every write goes through
// here; browsers only read, over Appwrite Realtime, which the collections' staff-only permissions filter.
//
//   GET    /                                  staff → { channels } (makes "general" when there is none)
//   POST   /                                  admin, { name, description? } → 201 channel
//   PATCH  /:channelId                        admin, { name?, description?, archived? } → channel
//   DELETE /:channelId                        admin → { id, messagesDeleted }
//   GET    /:channelId/messages?before=id     staff → { messages (newest first), nextCursor }
//   POST   /:channelId/messages               staff, { text } → 201 message
//   DELETE /:channelId/messages/:messageId    staff (any message) → message, left as "deleted by NAME"

export interface ChannelsResponse { channels: TeamChannel[] }
export interface MessagesResponse {
  messages: TeamMessage[];
  /** The id to pass as `before` for the next (older) page; null at the beginning of the channel. */
  nextCursor: string | null;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
const idParam = (what: string) => z.string().refine((v) => ID.test(v), { message: `That is not a valid ${what} id.`, params: refusal(400, `invalid_${what}_id`) });
const channelParams = z.object({ channelId: idParam('channel') });
const messageParams = z.object({ channelId: idParam('channel'), messageId: idParam('message') });

const channelName = z.string({ error: 'Give the channel a name.' })
  .max(CHANNEL_NAME_MAX * 2, { error: `A channel name has at most ${CHANNEL_NAME_MAX} characters.` })
  .transform(channelSlug)
  .refine((v) => v.length > 0, { error: 'Use letters or digits in the channel name.' })
  .refine((v) => v.length <= CHANNEL_NAME_MAX, { error: `A channel name has at most ${CHANNEL_NAME_MAX} characters.` });
const description = z.string().trim().max(CHANNEL_DESCRIPTION_MAX, { error: `A description has at most ${CHANNEL_DESCRIPTION_MAX} characters.` });

const newChannel = z.object({ name: channelName, description: description.optional() });
const channelChange = z.object({ name: channelName.optional(), description: description.optional(), archived: z.boolean().optional() })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.archived !== undefined, { error: 'Say what to change: name, description or archived.' });
const newMessage = z.object({
  text: z.string({ error: 'Write a message.' })
    // Trailing spaces and blank lines around the text carry nothing; lines inside it are kept.
    .transform((v) => v.replace(/^\s*\n|\s+$/g, ''))
    .refine((v) => v.trim().length > 0, { error: 'Write a message.' })
    .refine((v) => v.length <= MESSAGE_MAX, { error: `A message has at most ${MESSAGE_MAX} characters.` }),
});
const historyQuery = z.object({
  before: idParam('message').optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

const toChannel = (d: AppwriteDocument): TeamChannel => ({
  id: d.$id,
  name: String(d.name),
  description: typeof d.description === 'string' ? d.description : '',
  archived: d.archived === true,
  createdAt: d.$createdAt,
});

export const toMessage = (d: AppwriteDocument): TeamMessage => ({
  id: d.$id,
  channelId: String(d.channelId),
  userId: String(d.userId),
  authorName: typeof d.authorName === 'string' ? d.authorName : '',
  text: typeof d.text === 'string' && !d.deletedAt ? d.text : '',
  postedAt: String(d.postedAt ?? d.$createdAt),
  deleted: typeof d.deletedAt === 'string' && d.deletedAt
    ? { byId: String(d.deletedById ?? ''), byName: String(d.deletedByName ?? ''), at: d.deletedAt }
    : null,
});

const displayName = (user: { name: string; email: string }) => user.name.trim() || user.email;

/** The channel, or null when it does not exist. */
async function findChannel(client: AppwriteClient, databaseId: string, channelId: string): Promise<AppwriteDocument | null> {
  try {
    return await adminCalls(client).getDocument(databaseId, COLLECTIONS.channels, channelId);
  } catch (err) {
    if (err instanceof AppwriteApiError && err.status === 404) return null;
    throw err;
  }
}

const isConflict = (err: unknown) => err instanceof AppwriteApiError && err.status === 409;
const nameTaken = (name: string) => `There is already a channel named #${name}.`;

export const channels = new Hono<AppEnv>()
  .get('/', allow('channel.read'), async (c) => {
    const { client, settings } = c.get('appwrite');
    let list = await client.listDocuments(settings.databaseId, COLLECTIONS.channels, [Q.orderAsc('name'), Q.limit(100)]);
    if (list.total === 0) {
      // A fresh install: the default channel, made once (its fixed id makes a second attempt a harmless 409).
      await client.createDocument(settings.databaseId, COLLECTIONS.channels, DEFAULT_CHANNEL.id, {
        name: DEFAULT_CHANNEL.name, description: DEFAULT_CHANNEL.description, archived: false,
      }).catch((err) => { if (!isConflict(err)) throw err; });
      c.var.log.info('channel.created', { channelId: DEFAULT_CHANNEL.id, by: 'default' });
      list = await client.listDocuments(settings.databaseId, COLLECTIONS.channels, [Q.orderAsc('name'), Q.limit(100)]);
    }
    return c.json<ChannelsResponse, 200>({ channels: list.documents.map(toChannel) });
  })
  .post('/', allow('channel.manage'), jsonOnly, validate('json', newChannel), async (c) => {
    const { name, description: text } = c.req.valid('json');
    const { client, settings } = c.get('appwrite');
    const by = c.get('auth').user.id;
    try {
      const doc = await client.createDocument(settings.databaseId, COLLECTIONS.channels, uniqueId(), {
        name, description: text ?? '', createdBy: by, archived: false,
      });
      c.var.log.info('channel.created', { channelId: doc.$id, name, by });
      return c.json<TeamChannel, 201>(toChannel(doc), 201);
    } catch (err) {
      if (isConflict(err)) return apiError(c, 409, 'channel_exists', nameTaken(name));
      throw err;
    }
  })
  .patch('/:channelId', allow('channel.manage'), validate('param', channelParams), jsonOnly, validate('json', channelChange), async (c) => {
    const { channelId } = c.req.valid('param');
    const change = c.req.valid('json');
    const { client, settings } = c.get('appwrite');
    try {
      if (!(await findChannel(client, settings.databaseId, channelId))) return apiError(c, 404, 'channel_not_found', 'There is no such channel.');
      const doc = await client.updateDocument(settings.databaseId, COLLECTIONS.channels, channelId, change);
      c.var.log.info('channel.changed', { channelId, ...change, by: c.get('auth').user.id });
      return c.json<TeamChannel, 200>(toChannel(doc), 200);
    } catch (err) {
      if (isConflict(err)) return apiError(c, 409, 'channel_exists', nameTaken(change.name ?? ''));
      throw err;
    }
  })
  .delete('/:channelId', allow('channel.manage'), validate('param', channelParams), async (c) => {
    const { channelId } = c.req.valid('param');
    const { client, settings } = c.get('appwrite');
    const calls = adminCalls(client);
    if (!(await findChannel(client, settings.databaseId, channelId))) return apiError(c, 404, 'channel_not_found', 'There is no such channel.');
    // The channel first, so nobody posts into it meanwhile; then its messages, a page at a time.
    await calls.deleteDocument(settings.databaseId, COLLECTIONS.channels, channelId);
    let deleted = 0;
    for (;;) {
      const page = await client.listDocuments(settings.databaseId, COLLECTIONS.messages, [Q.equal('channelId', channelId), Q.limit(100)]);
      if (page.documents.length === 0) break;
      await Promise.all(page.documents.map((d) => calls.deleteDocument(settings.databaseId, COLLECTIONS.messages, d.$id)));
      deleted += page.documents.length;
    }
    c.var.log.info('channel.deleted', { channelId, messagesDeleted: deleted, by: c.get('auth').user.id });
    return c.json({ id: channelId, messagesDeleted: deleted }, 200);
  })
  .get('/:channelId/messages', allow('channel.read'), validate('param', channelParams), validate('query', historyQuery), async (c) => {
    const { channelId } = c.req.valid('param');
    const { before, limit = MESSAGES_PAGE } = c.req.valid('query');
    const { client, settings } = c.get('appwrite');
    try {
      if (!(await findChannel(client, settings.databaseId, channelId))) return apiError(c, 404, 'channel_not_found', 'There is no such channel.');
      // One more than asked tells whether an older page exists.
      const list = await client.listDocuments(settings.databaseId, COLLECTIONS.messages, [
        Q.equal('channelId', channelId), Q.orderDesc('postedAt'), ...(before ? [Q.cursorAfter(before)] : []), Q.limit(limit + 1),
      ]);
      const page = list.documents.slice(0, limit);
      return c.json<MessagesResponse, 200>({
        messages: page.map(toMessage),
        nextCursor: list.documents.length > limit ? (page.at(-1)?.$id ?? null) : null,
      });
    } catch (err) {
      if (err instanceof AppwriteApiError && err.type === 'general_cursor_not_found') return apiError(c, 404, 'message_not_found', 'There is no such message.');
      throw err;
    }
  })
  .post('/:channelId/messages', allow('message.post'), validate('param', channelParams), jsonOnly, validate('json', newMessage), async (c) => {
    const { channelId } = c.req.valid('param');
    const { text } = c.req.valid('json');
    const { user } = c.get('auth');
    const { client, settings } = c.get('appwrite');
    const channel = await findChannel(client, settings.databaseId, channelId);
    if (!channel) return apiError(c, 404, 'channel_not_found', 'There is no such channel.');
    if (channel.archived === true) return apiError(c, 409, 'channel_archived', 'This channel is archived: it can be read, not written to.');
    const doc = await client.createDocument(settings.databaseId, COLLECTIONS.messages, uniqueId(), {
      channelId, userId: user.id, authorName: displayName(user), text, postedAt: new Date().toISOString(),
    });
    return c.json<TeamMessage, 201>(toMessage(doc), 201);
  })
  .delete('/:channelId/messages/:messageId', allow('channel.read'), validate('param', messageParams), async (c) => {
    const { channelId, messageId } = c.req.valid('param');
    const { user, role } = c.get('auth');
    const { client, settings } = c.get('appwrite');
    let doc: AppwriteDocument;
    try {
      doc = await adminCalls(client).getDocument(settings.databaseId, COLLECTIONS.messages, messageId);
    } catch (err) {
      if (err instanceof AppwriteApiError && err.status === 404) return apiError(c, 404, 'message_not_found', 'There is no such message.');
      throw err;
    }
    if (doc.channelId !== channelId) return apiError(c, 404, 'message_not_found', 'There is no such message.');
    // Staff may delete any message (shared/admin/permissions.ts); authors may always delete their own.
    if (!can(role, 'message.delete.any') && doc.userId !== user.id) return apiError(c, 403, 'forbidden', 'You can delete only your own messages.');
    if (doc.deletedAt) return c.json<TeamMessage, 200>(toMessage(doc), 200);
    // Kept as a tombstone, so everyone sees who deleted it; the text itself is gone.
    const updated = await client.updateDocument(settings.databaseId, COLLECTIONS.messages, messageId, {
      text: null, deletedById: user.id, deletedByName: displayName(user), deletedAt: new Date().toISOString(),
    });
    c.var.log.info('message.deleted', { channelId, messageId, authorId: doc.userId, by: user.id });
    return c.json<TeamMessage, 200>(toMessage(updated), 200);
  });
