import { AppwriteApiError, type AppwriteClient } from './appwrite.ts';
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

const read = async (client: AppwriteClient, databaseId: string, leadId: string) => {
  try {
    return await client.request<Record<string, unknown>>('GET', `/databases/${encodeURIComponent(databaseId)}/collections/${COLLECTIONS.inquiries}/documents/${encodeURIComponent(leadId)}`);
  } catch (err) {
    if (err instanceof AppwriteApiError && err.status === 404) return null;
    throw err;
  }
};

/**
 * Records the first answer unless the lead has one (the earliest stays). True when this one was recorded;
 * false when it had one already or there is no such lead.
 */
export async function recordFirstResponse(client: AppwriteClient, databaseId: string, leadId: string, answer: FirstAnswer): Promise<boolean> {
  const doc = await read(client, databaseId, leadId);
  if (!doc || doc.firstResponseAt) return false;
  await client.updateDocument(databaseId, COLLECTIONS.inquiries, leadId, {
    firstResponseAt: answer.at, firstResponseBy: answer.by, firstResponseByName: answer.byName, firstResponseVia: answer.via.slice(0, 60),
  });
  return true;
}

/** Marks mail in (`inbound`) or an answer out (`outbound`) at `at`, keeping the later of the stored and this. */
export async function recordTraffic(client: AppwriteClient, databaseId: string, leadId: string, way: 'inbound' | 'outbound', at: string): Promise<void> {
  const key = way === 'inbound' ? 'lastInboundAt' : 'lastOutboundAt';
  const doc = await read(client, databaseId, leadId);
  if (!doc) return;
  const stored = typeof doc[key] === 'string' ? Date.parse(doc[key] as string) : Number.NEGATIVE_INFINITY;
  if (Date.parse(at) > stored) await client.updateDocument(databaseId, COLLECTIONS.inquiries, leadId, { [key]: at });
}
