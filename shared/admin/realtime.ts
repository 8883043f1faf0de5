import { COLLECTIONS } from '../appwrite/schema.ts';

// The Appwrite Realtime channels an open staff inbox listens on (docs/decisions/0016): every inquiry
// (new leads, status and assignee changes) and every activity entry (notes, history). Appwrite sends an
// event only to sockets whose user may read the document: staff, through the collections' label roles.
export const inboxChannels = (databaseId: string): string[] => [
  `databases.${databaseId}.collections.${COLLECTIONS.inquiries}.documents`,
  `databases.${databaseId}.collections.${COLLECTIONS.leadActivity}.documents`,
];

/** What an event is about, from Appwrite's event names (`databases.main.collections.inquiries.documents.ID.create`). */
export function inboxEvent(events: readonly string[], payload: Record<string, unknown>): { collection: 'inquiries' | 'activity'; action: 'create' | 'update' | 'delete'; leadId: string } | null {
  for (const e of events) {
    const m = /^databases\.[^.]+\.collections\.([^.]+)\.documents\.([^.*]+)\.(create|update|delete)$/.exec(e);
    if (!m) continue;
    const [, collection, id, action] = m;
    if (collection === COLLECTIONS.inquiries) return { collection: 'inquiries', action: action as 'create', leadId: id ?? '' };
    if (collection === COLLECTIONS.leadActivity && typeof payload.leadId === 'string') return { collection: 'activity', action: action as 'create', leadId: payload.leadId };
  }
  return null;
}
