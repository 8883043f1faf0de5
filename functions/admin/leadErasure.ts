import type { Context } from 'hono';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import type { ErasurePreview, ErasureResponse } from '../../shared/admin/leadView.ts';
import { COLLECTIONS, isSubmissionKind, submissionCollections, submissionKinds, type SubmissionKind } from '../../shared/appwrite/schema.ts';
import { isConversationId, isConversationRef } from '../../shared/chat/conversation.ts';
import { uniqueId } from '../../shared/id.ts';
import type { AuthEnv } from '../auth.ts';
import { Q, type Query } from '../appwrite.ts';
import { conversationRef, eraseConversation } from '../chat.ts';
import type { Actor, LeadStore } from './leadStore.ts';

// Erasure on request (docs/product.md "Admin area"): everything stored about an e-mail address goes: its
// requests in the kind collections, their inquiries, their notes and history, the submissions the queue
// parked, and the chat conversations those requests came from (the Conversation objects named by the
// records' conversationId: AI-filed chat leads and live chats), which keep the visitor's words for good. What remains is one `erasure` event saying that an erasure happened, when and by whom, and
// how much went, without the address or anything else personal.

const PAGE = 100;

interface Found {
  requests: { id: string; kind: SubmissionKind; receivedAt: string }[];
  activityIds: string[];
  conversationIds: string[];
}

async function find(c: Context<AuthEnv>, email: string): Promise<Found> {
  const { client, settings } = c.get('appwrite');
  const db = settings.databaseId;
  const all = async (collectionId: string, filters: Query[]) => {
    const out = [];
    let cursor: string | null = null;
    for (;;) {
      const list = await client.listDocuments(db, collectionId, [...filters, Q.limit(PAGE), ...(cursor ? [Q.cursorAfter(cursor)] : [])]);
      out.push(...list.documents);
      if (list.documents.length < PAGE) return out;
      cursor = list.documents[list.documents.length - 1]?.$id ?? null;
    }
  };
  const requests = new Map<string, Found['requests'][number]>();
  const conversations = new Set<string>();
  // The kind records (their e-mail is stored lower-case), and the inquiries (which have it too).
  await Promise.all(submissionKinds.map(async (kind) => {
    for (const d of await all(submissionCollections[kind], [Q.equal('email', email)])) {
      requests.set(`${kind}:${d.$id}`, { id: d.$id, kind, receivedAt: String(d.submittedAt ?? d.$createdAt) });
      // By reference (docs/decisions/0021); records written before references name the conversation's id.
      const ref = isConversationRef(d.conversationRef) ? d.conversationRef : isConversationId(d.conversationId) ? conversationRef(c.env, d.conversationId) : null;
      if (ref) conversations.add(ref);
    }
  }));
  for (const d of await all(COLLECTIONS.inquiries, [Q.equal('email', email)])) {
    const kind = isSubmissionKind(d.kind) ? d.kind : null;
    if (kind && !requests.has(`${kind}:${d.$id}`)) requests.set(`${kind}:${d.$id}`, { id: d.$id, kind, receivedAt: String(d.receivedAt ?? d.$createdAt) });
  }
  const leadIds = [...new Set([...requests.values()].map((r) => r.id))];
  const activityIds: string[] = [];
  for (let i = 0; i < leadIds.length; i += PAGE) {
    for (const d of await all(COLLECTIONS.leadActivity, [Q.equalAny('leadId', leadIds.slice(i, i + PAGE))])) activityIds.push(d.$id);
  }
  const sorted = [...requests.values()].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  return { requests: sorted, activityIds, conversationIds: [...conversations] };
}

const ledgerOf = (c: Context<AuthEnv>) => c.env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);

export async function erasurePreview(c: Context<AuthEnv>, email: string): Promise<ErasurePreview> {
  const [found, parked] = await Promise.all([find(c, email), ledgerOf(c).eraseByEmail(email, { dryRun: true })]);
  return { email, requests: found.requests, activity: found.activityIds.length, parked: parked.parked, conversations: found.conversationIds.length };
}

export async function erase(c: Context<AuthEnv>, store: LeadStore, actor: Actor, email: string): Promise<ErasureResponse> {
  const found = await find(c, email);
  // The conversations first (only the records name them), history next, then the inquiries, the records
  // last: a run that fails half-way leaves nothing that the inbox shows without its record, and running it
  // again finishes the job.
  for (const ref of found.conversationIds) await eraseConversation(c.env, ref);
  for (const id of found.activityIds) await store.remove(COLLECTIONS.leadActivity, id);
  for (const r of found.requests) await store.remove(COLLECTIONS.inquiries, r.id);
  for (const r of found.requests) await store.remove(submissionCollections[r.kind], r.id);
  const { parked } = await ledgerOf(c).eraseByEmail(email);
  const conversations = found.conversationIds.length;
  const what = `${found.requests.length} request${found.requests.length === 1 ? '' : 's'}, ${found.activityIds.length} history entr${found.activityIds.length === 1 ? 'y' : 'ies'}, ${conversations} chat conversation${conversations === 1 ? '' : 's'} and ${parked} parked deliver${parked === 1 ? 'y' : 'ies'}`;
  // The event belongs to no lead any more: it has an id of its own.
  await store.record('erasure', `erasure-${uniqueId()}`, actor, { text: `Erased a person's data on request: ${what}.` });
  c.var.log.info('lead.erasure', { by: actor.id, requests: found.requests.length, activity: found.activityIds.length, conversations, parked });
  return { email, requests: found.requests, activity: found.activityIds.length, parked, conversations, erased: true };
}
