import { AppwriteApiError, Q, type AppwriteClient, type AppwriteDocument } from '../../platform/appwrite.ts';
import { collectionSpec, COLLECTIONS, submissionCollections, submissionKinds } from '../../shared/appwrite/schema.ts';
import { encodeTranscript } from '../../shared/chat/transcript.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { isRefCode, referenceIn } from '../../shared/whatsapp/reference.ts';
import { newLeadClaimId, newLeadId, sameNumberLead, waConversationName } from '../../shared/whatsapp/matching.ts';
import type { WaInMessage } from '../../shared/whatsapp/webhook.ts';
import { submissionMessage } from '../submissions.ts';

// The lead a customer's WhatsApp message joins (docs/decisions/0031, "Lead matching"; the rules are in
// shared/whatsapp/matching.ts): the reference's conversation, else the number's open lead of the last 30
// days, else a new lead of kind `whatsapp`, written like every kind's (the Appwrite sink's `recordLead`).

export interface MatchedLead {
  lead: AppwriteDocument;
  /** This message started it. */
  isNew: boolean;
  /** The conversation it joins: the lead's own, or the referenced web conversation. */
  conversationRef: string | null;
}

interface Lookup {
  env: Env;
  client: AppwriteClient;
  db: string;
  /** Writes a lead's record, inquiry, received event and new-lead alert (idempotent by the message id). */
  recordLead: (m: SubmissionMessage) => Promise<void>;
}

const KINDS_WITH_CONVERSATION = submissionKinds.filter((k) => collectionSpec(submissionCollections[k])?.attributes.some((a) => a.key === 'conversationRef'));

/** The lead of a conversation: the inquiry naming it, else the kind record (a chat lead, a live chat) that does. */
async function leadOfConversation(l: Lookup, conversationRef: string, leadId: string | null): Promise<AppwriteDocument | null> {
  if (leadId) {
    const lead = await l.client.findDocument(l.db, COLLECTIONS.inquiries, leadId);
    if (lead) return lead;
  }
  const byInquiry = await l.client.listDocuments(l.db, COLLECTIONS.inquiries, [Q.equal('conversationRef', conversationRef), Q.orderDesc('receivedAt'), Q.limit(1)]);
  if (byInquiry.documents[0]) return byInquiry.documents[0];
  for (const kind of KINDS_WITH_CONVERSATION) {
    const records = await l.client.listDocuments(l.db, submissionCollections[kind], [Q.equal('conversationRef', conversationRef), Q.limit(1)]);
    const record = records.documents[0];
    const lead = record ? await l.client.findDocument(l.db, COLLECTIONS.inquiries, record.$id) : null;
    if (lead) return lead;
  }
  return null;
}

/**
 * The new lead's claim in `wa_refs` (fixed id: the first writer names the lead; the others, and a retry, read
 * it), then its documents, written by the Appwrite sink's code (each once).
 */
async function newLead(l: Lookup, m: WaInMessage, claimId: string, webConversation: string | null): Promise<MatchedLead> {
  const candidate = await newLeadId(m.wamid, m.at);
  const claim = { leadId: candidate, conversationRef: webConversation ?? l.env.CONVERSATION.idFromName(waConversationName(candidate)).toString(), createdAt: m.at };
  let held = claim;
  try {
    await l.client.createDocument(l.db, COLLECTIONS.waRefs, claimId, claim, []);
  } catch (err) {
    if (!(err instanceof AppwriteApiError && err.status === 409)) throw err;
    const doc = await l.client.findDocument(l.db, COLLECTIONS.waRefs, claimId);
    if (!doc) throw new Error('The new lead’s claim was taken but cannot be read.');
    held = { leadId: String(doc.leadId), conversationRef: String(doc.conversationRef), createdAt: String(doc.createdAt) };
  }
  const first = encodeTranscript([{ id: m.wamid, from: 'visitor', text: m.text || '(Media)', at: m.at }], 20_000);
  await l.recordLead(submissionMessage('whatsapp', {
    name: m.profileName ?? '', phone: m.waId, conversationRef: held.conversationRef, messages: first,
  }, held.leadId, new Date(held.createdAt).toISOString()));
  const lead = await l.client.findDocument(l.db, COLLECTIONS.inquiries, held.leadId);
  if (!lead) throw new Error('The new WhatsApp lead was written but cannot be read.');
  return { lead, isNew: true, conversationRef: held.conversationRef };
}

export async function matchLead(l: Lookup, m: WaInMessage): Promise<MatchedLead> {
  // (a) A reference: it only links, never authorises (a guessed code joins a stranger's lead for staff to see).
  const code = referenceIn(m.text);
  const ref = code && isRefCode(code) ? await l.client.findDocument(l.db, COLLECTIONS.waRefs, code) : null;
  if (code && ref && typeof ref.conversationRef === 'string' && ref.conversationRef) {
    const lead = await leadOfConversation(l, ref.conversationRef, typeof ref.leadId === 'string' && ref.leadId ? ref.leadId : null);
    if (lead) return { lead, isNew: false, conversationRef: typeof lead.conversationRef === 'string' && lead.conversationRef ? lead.conversationRef : ref.conversationRef };
    const matched = await newLead(l, m, await newLeadClaimId({ conversationRef: ref.conversationRef }), ref.conversationRef);
    // Later messages with this code find the lead directly.
    await l.client.updateDocument(l.db, COLLECTIONS.waRefs, code, { leadId: matched.lead.$id }).catch(() => undefined);
    return matched;
  }
  // (b) The number's newest open lead of the last 30 days.
  const leads = (await l.client.listDocuments(l.db, COLLECTIONS.inquiries, [Q.equal('waId', m.waId), Q.orderDesc('receivedAt'), Q.limit(25)])).documents;
  const open = sameNumberLead(leads, m.at);
  if (open) return { lead: open, isNew: false, conversationRef: typeof open.conversationRef === 'string' && open.conversationRef ? open.conversationRef : null };
  // (c) A new lead, claimed after the number's newest lead (whatever its state).
  return newLead(l, m, await newLeadClaimId({ waId: m.waId, previousLeadId: leads[0]?.$id ?? null }), null);
}
