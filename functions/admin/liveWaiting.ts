import { isConversationRef } from '../../shared/chat/conversation.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { waitingWords, type WaitingVisitor } from '../../shared/admin/waiting.ts';
import { Q, type AppwriteClient } from '../../platform/appwrite.ts';
import { conversationByRef } from '../chat.ts';

// Who is waiting for a person right now (docs/decisions/0030), for GET /api/admin/live/waiting. The
// live_chats records say which chats were waiting when last written (the room rewrites them 3 s after a
// change); each chat's room, the one place that decides its state, confirms it. So a chat joined a moment
// ago is not shown as waiting, and one erased is not shown at all. Staff get the reference, never the id.

/** At most this many records are asked about: more visitors waiting at once than this is not a queue to show. */
const MAX_WAITING = 25;

export async function waitingVisitors(env: Env, client: AppwriteClient, databaseId: string): Promise<WaitingVisitor[]> {
  const [web, whatsapp] = await Promise.all([webWaiting(env, client, databaseId), whatsappWaiting(env, client, databaseId)]);
  return [...web, ...whatsapp].sort((a, b) => Date.parse(a.since) - Date.parse(b.since));
}

async function webWaiting(env: Env, client: AppwriteClient, databaseId: string): Promise<WaitingVisitor[]> {
  const list = await client.listDocuments(databaseId, COLLECTIONS.liveChats, [Q.equal('liveState', 'waiting'), Q.limit(MAX_WAITING)]);
  const confirmed = await Promise.all(list.documents.map(async (doc): Promise<WaitingVisitor | null> => {
    const ref = doc.conversationRef;
    if (!isConversationRef(ref)) return null;
    const view = await conversationByRef(env, ref)?.liveView();
    // The record of an earlier live chat of the same conversation is not this one.
    if (!view || view.state !== 'waiting' || view.submissionId !== doc.$id) return null;
    const who = typeof doc.name === 'string' && doc.name.trim() ? doc.name.trim() : null;
    return { ref, leadId: doc.$id, who, words: waitingWords(view.messages), since: view.startedAt };
  }));
  return confirmed.filter((v): v is WaitingVisitor => v !== null);
}

/**
 * WhatsApp customers who asked for a person (docs/decisions/0031): the inquiries say so (waHandler), the
 * conversation object confirms it and says since when. Joining one opens its lead, where staff answer on WhatsApp.
 */
async function whatsappWaiting(env: Env, client: AppwriteClient, databaseId: string): Promise<WaitingVisitor[]> {
  const list = await client.listDocuments(databaseId, COLLECTIONS.inquiries, [Q.equal('waHandler', 'waiting'), Q.limit(MAX_WAITING)]);
  const confirmed = await Promise.all(list.documents.map(async (doc): Promise<WaitingVisitor | null> => {
    const ref = doc.conversationRef;
    if (!isConversationRef(ref)) return null;
    const room = conversationByRef(env, ref);
    const handler = await room?.whatsappHandler();
    if (!room || handler?.handler !== 'waiting') return null;
    const who = typeof doc.name === 'string' && doc.name.trim() ? doc.name.trim() : null;
    return { ref, leadId: doc.$id, who, words: waitingWords(await room.transcript()), since: handler.since, channel: 'whatsapp' };
  }));
  return confirmed.filter((v): v is WaitingVisitor => v !== null);
}
