import { CLOCK_STOPPED_STATUSES, isLeadStatus } from '../admin/leads.ts';
import type { LiveMessage } from '../chat/live.ts';
import { sha256Hex } from '../hex.ts';

// Which lead a customer's WhatsApp message joins (docs/decisions/0031, "Lead matching"), as pure rules:
//   (a) a reference it carries names a conversation: that conversation's lead (or a new WhatsApp lead on it);
//   (b) else the newest open lead of the same number received within 30 days;
//   (c) else a new lead of kind `whatsapp`.
// A new lead is claimed first under an id fixed by what it follows (the number and its previous lead, or the
// referenced conversation), so two messages arriving together agree on one lead. No I/O.

export const MATCH_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** A lead of the inbox as matching reads it (an inquiry document). */
export interface MatchCandidate {
  $id: string;
  status?: unknown;
  archived?: unknown;
  receivedAt?: unknown;
}

/** Open: not archived, and not won, lost or spam (the statuses whose clock stopped: nothing more to answer). */
export const isOpenLead = (lead: MatchCandidate): boolean =>
  lead.archived !== true && !(isLeadStatus(lead.status) && CLOCK_STOPPED_STATUSES.includes(lead.status));

/** (b): the newest open lead received within the 30 days before `at` (the message's time), or null. */
export function sameNumberLead<T extends MatchCandidate>(leads: readonly T[], at: string): T | null {
  const since = Date.parse(at) - MATCH_WINDOW_MS;
  const recent = leads.filter((l) => typeof l.receivedAt === 'string' && Date.parse(l.receivedAt) >= since && isOpenLead(l));
  return recent.sort((a, b) => Date.parse(b.receivedAt as string) - Date.parse(a.receivedAt as string))[0] ?? null;
}

/**
 * The `wa_refs` claim of the next new lead (an Appwrite id, ≤ 36 characters): fixed by the number and the
 * lead it follows (its newest lead of any state, none for a first contact), or by the referenced conversation.
 * Whoever writes it first names the lead; everyone else reads it.
 */
export async function newLeadClaimId(follows: { waId: string; previousLeadId: string | null } | { conversationRef: string }): Promise<string> {
  const key = 'conversationRef' in follows ? `ref\n${follows.conversationRef}` : `wa\n${follows.waId}\n${follows.previousLeadId ?? ''}`;
  return `wan-${(await sha256Hex(key)).slice(0, 32)}`;
}

/** A new lead's id (a unique id, shared/id.ts): the first message's time and its wamid, so a retry makes the same. */
export async function newLeadId(wamid: string, at: string): Promise<string> {
  return Math.floor(Date.parse(at)).toString(16) + (await sha256Hex(`lead\n${wamid}`)).slice(0, 7);
}

/** The `wa_in` activity of a message: one per wamid, whatever the number of deliveries. */
export const waInActivityId = async (wamid: string) => `wai-${(await sha256Hex(wamid)).slice(0, 32)}`;

/** The Conversation object's name for a WhatsApp lead's own transcript (its reference: idFromName(name)). */
export const waConversationName = (leadId: string) => `wa:${leadId}`;

/** A lead's WhatsApp messages (its wa_in and wa_out activities) as transcript turns, oldest first. */
export function waTranscript(activities: readonly { $id: string; type?: unknown; text?: unknown; at?: unknown; actorId?: unknown; actorName?: unknown }[]): LiveMessage[] {
  return activities
    .filter((a) => (a.type === 'wa_in' || a.type === 'wa_out') && typeof a.at === 'string')
    .sort((a, b) => Date.parse(a.at as string) - Date.parse(b.at as string))
    .map((a): LiveMessage => {
      const text = typeof a.text === 'string' ? a.text : '';
      if (a.type === 'wa_in') return { id: a.$id, from: 'visitor', text, at: a.at as string };
      const staff = typeof a.actorId === 'string' && a.actorId;
      const name = typeof a.actorName === 'string' ? a.actorName.split(' ')[0] : undefined;
      return staff ? { id: a.$id, from: 'staff', ...(name ? { name } : {}), text, at: a.at as string } : { id: a.$id, from: 'assistant', text, at: a.at as string };
    });
}

/** What a message's `wa_in` activity says: its words, else what it is ("(Image)", "(Voice note)"). */
export function inboundWords(m: { kind: string; text: string; media: { voice: boolean; filename: string | null } | null }, transcript: string | null): string {
  const label = m.kind === 'image' ? 'Image' : m.kind === 'document' ? `Document${m.media?.filename ? `: ${m.media.filename}` : ''}` : m.kind === 'audio' ? (m.media?.voice ? 'Voice note' : 'Audio') : m.kind === 'unsupported' ? 'A message of a type the site does not read' : null;
  const words = [m.text, transcript].filter((t): t is string => !!t && !!t.trim()).join('\n');
  if (!label) return words;
  return words ? `(${label}) ${words}` : `(${label})`;
}

/** A `wa_in` activity's words without the label inboundWords put before them ('' when it has only the label). */
export const wordsAfterLabel = (text: string | null): string =>
  (text ?? '').replace(/^\((?:Image|Voice note|Audio|Document(?:: [^)]*)?)\) ?/, '');
