import type { LiveMessage } from '../chat/live.ts';

// A visitor waiting for a person (docs/decisions/0030): what GET /api/admin/live/waiting answers and what
// every admin page's alert shows from it. Staff see the conversation's reference, never its id
// (docs/decisions/0021). No I/O.

/** How long a visitor waits for someone to join before the room offers the e-mail path. */
export const WAIT_OFFER_MS = 2 * 60_000;
/** The admin area asks again this often when no realtime event came (a lost socket, no Appwrite). */
export const WAITING_POLL_MS = 15_000;
/** The first words of a waiting visitor, as the alert shows them. */
export const WAITING_WORDS_MAX = 120;

export interface WaitingVisitor {
  /** The conversation's reference (the room, /api/admin/live/:ref). */
  ref: string;
  /** The inbox item (/admin/leads/:id). */
  leadId: string;
  /** The name the visitor gave, or null ("A visitor"). */
  who: string | null;
  words: string;
  /** ISO 8601: when they asked for a person. */
  since: string;
  /** A WhatsApp customer (docs/decisions/0031): joining opens the lead, answered with its WhatsApp composer. Absent: the web chat. */
  channel?: 'whatsapp';
}

/** Oldest first: the one who waited longest is the one to join. */
export interface WaitingResponse {
  waiting: WaitingVisitor[];
}

/** The visitor's first words in the conversation (what they came for), cut to WAITING_WORDS_MAX. */
export function waitingWords(messages: readonly Pick<LiveMessage, 'from' | 'text'>[]): string {
  const first = messages.find((m) => m.from === 'visitor' && m.text.trim())?.text.trim().replace(/\s+/g, ' ') ?? '';
  return first.length > WAITING_WORDS_MAX ? `${first.slice(0, WAITING_WORDS_MAX - 1).trimEnd()}…` : first;
}

export const waitingWho = (who: string | null) => who?.trim() || 'A visitor';

/** "45 s", "3 min", "1 h 5 min": how long someone has waited. */
export function waitedFor(since: string, now: number): string {
  const s = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** The tab's title while visitors wait: "(2) Visitors waiting · Inbox". */
export function waitingTitle(count: number, title: string): string {
  if (!count) return title;
  return `(${count}) ${count === 1 ? 'Visitor' : 'Visitors'} waiting · ${title}`;
}

/** The words of the polite announcement, once per new waiting visitor. */
export const waitingAnnouncement = (v: Pick<WaitingVisitor, 'who' | 'words'>) =>
  `${waitingWho(v.who)} is waiting for a person${v.words ? `: ${v.words}` : '.'}`;
