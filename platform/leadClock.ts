import type { AppwriteClient } from './appwrite.ts';
import { COLLECTIONS } from '../shared/appwrite/schema.ts';

// The lead's reply clock on its inquiry (docs/decisions/0029): the first answer a person gave the prospect
// stops the 24-hour promise; the last mail in and out say whether the prospect is waiting for us again
// ("Replied by prospect"). Written by whoever answers or receives: the mail sink (an e-mail sent), the
// conversation's object (a staff message in a live chat), the status route (Contacted, with how), mail in.

/** How a person first answered: `email`, `live`, or what they recorded with Contacted ("Phoned"). */
export interface FirstAnswer {
  at: string;
  by: string | null;
  byName: string | null;
  via: string;
}

/** The inquiry fields of a first answer (the status route writes them with the status, in one update). */
export const firstAnswerFields = (answer: FirstAnswer) => ({
  firstResponseAt: answer.at, firstResponseBy: answer.by, firstResponseByName: answer.byName?.slice(0, 128) ?? null, firstResponseVia: answer.via.slice(0, 60),
});

/** 'recorded'; 'answered': the lead had a first answer already (the earliest stays); 'missing': no such lead (yet). */
export type FirstAnswerResult = 'recorded' | 'answered' | 'missing';

const later = (doc: Record<string, unknown>, key: string, at: string) =>
  Date.parse(at) > (typeof doc[key] === 'string' ? Date.parse(doc[key] as string) : Number.NEGATIVE_INFINITY);

/** Records the first answer unless the lead has one. */
export async function recordFirstResponse(client: AppwriteClient, databaseId: string, leadId: string, answer: FirstAnswer): Promise<FirstAnswerResult> {
  const doc = await client.findDocument(databaseId, COLLECTIONS.inquiries, leadId);
  if (!doc) return 'missing';
  if (doc.firstResponseAt) return 'answered';
  await client.updateDocument(databaseId, COLLECTIONS.inquiries, leadId, firstAnswerFields(answer));
  return 'recorded';
}

/** Marks the prospect's mail in at `at`, keeping the later of the stored and this (an answer out: recordReplySent). */
export async function recordMailIn(client: AppwriteClient, databaseId: string, leadId: string, at: string): Promise<void> {
  const doc = await client.findDocument(databaseId, COLLECTIONS.inquiries, leadId);
  if (doc && later(doc, 'lastInboundAt', at)) await client.updateDocument(databaseId, COLLECTIONS.inquiries, leadId, { lastInboundAt: at });
}

/**
 * A person's e-mail to the prospect was sent: the last answer out and, unless the lead has one, its first
 * answer, read and written together (one read, one update).
 */
export async function recordReplySent(client: AppwriteClient, databaseId: string, leadId: string, answer: FirstAnswer): Promise<void> {
  const doc = await client.findDocument(databaseId, COLLECTIONS.inquiries, leadId);
  if (!doc) return;
  const data = {
    ...(later(doc, 'lastOutboundAt', answer.at) ? { lastOutboundAt: answer.at } : {}),
    ...(doc.firstResponseAt ? {} : firstAnswerFields(answer)),
  };
  if (Object.keys(data).length) await client.updateDocument(databaseId, COLLECTIONS.inquiries, leadId, data);
}
