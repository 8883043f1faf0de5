// The Conversation object's records in its synchronous storage (SQLite-backed KV) and the one way they
// change: read, change and write inside one synchronous call (update), so no await can come between a
// read and its write and undo what the room did meanwhile (a staff member joining, a message).
import type { ConversationLead } from '../../shared/chat/conversation.ts';
import type { LiveState } from '../../shared/chat/live.ts';

/** 'meta': the conversation itself. */
export interface Meta {
  createdAt: string;
  lastAt: string;
  /** Exchanges ever stored (the sequence number of the last one). */
  seq: number;
  lead: (ConversationLead & { claimedAt: number }) | null;
  /** SHA-256 of the key given to the browser that started it; absent on conversations older than keys. */
  keyHash?: string;
}

/** 'live' (and 'livePrevious'): the live hand-off (docs/decisions/0019). */
export interface LiveMeta {
  state: LiveState;
  /** The live_chats record and inbox item, under the submission id. */
  submissionId: string;
  tokenHashes: string[];
  staffName: string | null;
  startedAt: string;
  seq: number;
  lastActivity: number;
  /** The record's transcript is behind the room's. */
  dirty: boolean;
  syncTries: number;
  /** The e-mail path was offered after WAIT_OFFER_MS without anyone joining (docs/decisions/0030). */
  offered?: boolean;
  /** When a waiting visitor's last socket closed (docs/decisions/0030); cleared when they are back. */
  visitorLeftAt?: number;
  /** The state last written onto the inbox item (docs/decisions/0030). */
  inquiryState?: LiveState;
  /** The visitor's address: given with the request, or left after the offer (for the record). */
  email?: string;
  /**
   * The first message a staff member wrote (docs/decisions/0029): the lead's first answer, written onto its
   * inquiry by the record's sync (`recorded` once written, or once there is nothing to write it to).
   */
  firstAnswer?: { at: string; by: string | null; byName: string | null; recorded: boolean };
}

/** 'k:' + hash: a staff member's one-time ticket. */
export interface Ticket {
  userId: string;
  name: string;
  expires: number;
}

/** 'offline': the request for a person filed when nobody was online. */
export interface OfflineRequest {
  id: string;
  filed: boolean;
}

const seqKey = (prefix: string, seq: number) => `${prefix}${String(seq).padStart(10, '0')}`;
export const exchangeKey = (seq: number) => seqKey('x:', seq);
export const liveKey = (seq: number) => seqKey('l:', seq);

export { sha256Hex as sha256 } from '../../shared/hex.ts';

/**
 * Changes one record: `change` gets what is stored and returns what to store, or undefined to leave it.
 * It must be synchronous (a Promise is not a record, so an async `change` does not type-check).
 */
function update<T>(kv: SyncKvStorage, key: string, change: (current: T | undefined) => T | undefined): T | undefined {
  const next = change(kv.get<T>(key));
  if (next !== undefined) kv.put(key, next);
  return next;
}

export const readMeta = (kv: SyncKvStorage) => kv.get<Meta>('meta');
export const readLive = (kv: SyncKvStorage) => kv.get<LiveMeta>('live');

export const updateMeta = (kv: SyncKvStorage, change: (meta: Meta | undefined) => Meta | undefined) => update(kv, 'meta', change);
export const updateLive = (kv: SyncKvStorage, change: (live: LiveMeta | undefined) => LiveMeta | undefined) => update(kv, 'live', change);

/** The meta, started at `now` if the conversation has none yet. */
export const startedMeta = (meta: Meta | undefined, now: Date): Meta =>
  meta ?? { createdAt: now.toISOString(), lastAt: now.toISOString(), seq: 0, lead: null };

/** Kept for staff: it went live or a request for a person was filed. */
export const keptForStaff = (kv: SyncKvStorage) => kv.get('live') !== undefined || kv.get('offline') !== undefined;

/** Sets the alarm to `at` unless one is due sooner. */
export async function alarmBy(storage: DurableObjectStorage, at: number): Promise<void> {
  const current = await storage.getAlarm();
  if (current === null || current > at) await storage.setAlarm(at);
}
