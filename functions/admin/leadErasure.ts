import type { Context } from 'hono';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import type { ErasurePreview, ErasureResponse } from '../../shared/admin/leadView.ts';
import { COLLECTIONS, isSubmissionKind, submissionCollections, submissionKinds, type SubmissionKind } from '../../shared/appwrite/schema.ts';
import { isConversationId } from '../../shared/chat/conversation.ts';
import { uniqueId } from '../../shared/id.ts';
import { keptFileIds } from '../../shared/mail/attachments.ts';
import type { AuthEnv } from '../auth.ts';
import { Q, type Query } from '../../platform/appwrite.ts';
import { conversationRef, eraseConversation } from '../chat.ts';
import { bucketOf } from './leadAttachments.ts';
import { LeadNotFound, type Actor, type LeadStore } from './leadStore.ts';
import { recordConversationRef } from './staffFields.ts';

// Erasure on request (docs/product.md "Admin area", docs/decisions/0022): everything stored about a person
// goes. The person is named by an e-mail address, or by one of their requests (a lead id: a live chat may
// have no address), whose address, if it has one, then counts too. What goes: the requests in the kind
// collections, their inquiries, notes and history, the submissions the queue parked, and the chat
// conversations the requests and the parked submissions came from (AI-filed chat leads and live chats
// keep the visitor's words for good), and the attachments of their e-mails. The ledger keeps a tombstone (a keyed hash, no address) so that a copy
// still on the queue is dropped, not delivered after the erasure. What remains is one `erasure` event
// saying that an erasure happened, when and by whom, and how much went, without anything personal.

const PAGE = 100;

export type ErasureTarget = { email: string } | { leadId: string };

interface Found {
  email: string | null;
  requests: { id: string; kind: SubmissionKind; receivedAt: string }[];
  activityIds: string[];
  /** The attachments of the prospect's e-mails and WhatsApp messages (Storage, by bucket). */
  files: { bucket: string; id: string }[];
  conversationIds: string[];
  parked: number;
}

const ledgerOf = (c: Context<AuthEnv>) => c.env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);

async function find(c: Context<AuthEnv>, store: LeadStore, target: ErasureTarget): Promise<Found> {
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
  const addRecord = (kind: SubmissionKind, d: Record<string, unknown> & { $id: string; $createdAt?: string }) => {
    requests.set(`${kind}:${d.$id}`, { id: d.$id, kind, receivedAt: String(d.submittedAt ?? d.$createdAt) });
    // By reference (docs/decisions/0021); records written before references name the conversation's id.
    const ref = recordConversationRef(c.env, d);
    if (ref) conversations.add(ref);
  };

  let email: string | null = null;
  if ('leadId' in target) {
    // The lead by its id: its inquiry says its kind and address; its record may name its conversation.
    const lead = await store.get(COLLECTIONS.inquiries, target.leadId);
    const kind = lead && isSubmissionKind(lead.kind) ? lead.kind : null;
    if (!lead || !kind) throw new LeadNotFound(target.leadId);
    email = typeof lead.email === 'string' && lead.email ? lead.email.toLowerCase() : null;
    const record = await store.get(submissionCollections[kind], lead.$id);
    if (record) addRecord(kind, record);
    else requests.set(`${kind}:${lead.$id}`, { id: lead.$id, kind, receivedAt: String(lead.receivedAt ?? lead.$createdAt) });
  } else {
    email = target.email;
  }

  if (email) {
    const address = email;
    // The kind records (their e-mail is stored lower-case), and the inquiries (which have it too).
    await Promise.all(submissionKinds.map(async (kind) => {
      for (const d of await all(submissionCollections[kind], [Q.equal('email', address)])) addRecord(kind, d);
    }));
    for (const d of await all(COLLECTIONS.inquiries, [Q.equal('email', address)])) {
      const kind = isSubmissionKind(d.kind) ? d.kind : null;
      if (kind && !requests.has(`${kind}:${d.$id}`)) requests.set(`${kind}:${d.$id}`, { id: d.$id, kind, receivedAt: String(d.receivedAt ?? d.$createdAt) });
    }
  }
  const leadIds = [...new Set([...requests.values()].map((r) => r.id))];
  const activityIds: string[] = [];
  const files: Found['files'] = [];
  for (let i = 0; i < leadIds.length; i += PAGE) {
    for (const d of await all(COLLECTIONS.leadActivity, [Q.equalAny('leadId', leadIds.slice(i, i + PAGE))])) {
      activityIds.push(d.$id);
      for (const id of keptFileIds(typeof d.attachments === 'string' ? d.attachments : null)) files.push({ bucket: bucketOf(d.type), id });
    }
  }
  const sorted = [...requests.values()].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  // The parked submissions, and the conversations they name (a parked chat lead has no record to name it).
  const parked = await ledgerOf(c).eraseParked(ledgerTarget(email, sorted), { dryRun: true });
  for (const id of parked.conversationIds) if (isConversationId(id)) conversations.add(conversationRef(c.env, id));
  return { email, requests: sorted, activityIds, files, conversationIds: [...conversations], parked: parked.parked };
}

const ledgerTarget = (email: string | null, requests: Found['requests']) => ({ email, refs: requests.map((r) => ({ kind: r.kind, id: r.id })) });

const summary = (found: Found) => ({
  email: found.email, requests: found.requests, activity: found.activityIds.length, parked: found.parked, conversations: found.conversationIds.length,
});

export async function erasurePreview(c: Context<AuthEnv>, store: LeadStore, target: ErasureTarget): Promise<ErasurePreview> {
  return summary(await find(c, store, target));
}

/** One step of an erasure: what it removes of what was found. */
type EraseStep = (c: Context<AuthEnv>, store: LeadStore, found: Found) => Promise<unknown>;

/**
 * In this order. The tombstone first: from then on no copy on the queue is delivered. The conversations
 * next (only the records and parked messages name them), history next, then the inquiries, the records,
 * and the parked copies last: a run that fails half-way leaves nothing that the inbox shows without its
 * record, and running it again finishes the job.
 */
const steps: readonly EraseStep[] = [
  (c, _store, found) => ledgerOf(c).tombstone(ledgerTarget(found.email, found.requests)),
  async (c, _store, found) => {
    for (const ref of found.conversationIds) await eraseConversation(c.env, ref);
  },
  // The files before the history that lists them, so a run that stops half-way finds them again.
  async (c, _store, found) => {
    for (const f of found.files) await c.get('appwrite').client.deleteFile(f.bucket, f.id);
  },
  async (_c, store, found) => {
    for (const id of found.activityIds) await store.remove(COLLECTIONS.leadActivity, id);
  },
  async (_c, store, found) => {
    for (const r of found.requests) await store.remove(COLLECTIONS.inquiries, r.id);
  },
  async (_c, store, found) => {
    for (const r of found.requests) await store.remove(submissionCollections[r.kind], r.id);
  },
  (c, _store, found) => ledgerOf(c).eraseParked(ledgerTarget(found.email, found.requests)),
];

export async function erase(c: Context<AuthEnv>, store: LeadStore, actor: Actor, target: ErasureTarget): Promise<ErasureResponse> {
  const found = await find(c, store, target);
  for (const step of steps) await step(c, store, found);
  const { requests, activity, parked, conversations } = summary(found);
  const what = `${requests.length} request${requests.length === 1 ? '' : 's'}, ${activity} history entr${activity === 1 ? 'y' : 'ies'}, ${conversations} chat conversation${conversations === 1 ? '' : 's'} and ${parked} parked deliver${parked === 1 ? 'y' : 'ies'}`;
  // The event belongs to no lead any more: it has an id of its own.
  await store.record('erasure', `erasure-${uniqueId()}`, actor, { text: `Erased a person's data on request: ${what}.` });
  c.var.log.info('lead.erasure', { by: actor.id, by_reference: 'leadId' in target, requests: requests.length, activity, conversations, parked });
  return { ...summary(found), erased: true };
}
