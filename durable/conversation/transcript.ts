// The conversation's transcript: the exchanges with the assistant ('x:' + sequence number, the model's
// context is built from them) and the live chat's messages ('l:' + sequence number).
import { MAX_STORED_EXCHANGES } from '../../shared/chat/conversation.ts';
import type { Exchange } from '../../shared/chat/exchange.ts';
import { exchangeMessages, type LiveMessage } from '../../shared/chat/live.ts';
import { exchangeKey, readMeta, startedMeta, updateMeta } from './store.ts';

/** The last `limit` exchanges, oldest first; null when this conversation was never started. */
export function history(kv: SyncKvStorage, limit: number): Exchange[] | null {
  if (!readMeta(kv)) return null;
  const n = Math.max(0, Math.min(MAX_STORED_EXCHANGES, Math.floor(limit)));
  if (!n) return [];
  return [...kv.list<Exchange>({ prefix: 'x:', reverse: true, limit: n })].map(([, x]) => x).reverse();
}

/** Stores one exchange (starting the conversation at its first); the oldest go beyond MAX_STORED_EXCHANGES. */
export function appendExchange(kv: SyncKvStorage, exchange: Exchange, now: Date): void {
  updateMeta(kv, (stored) => {
    const meta = startedMeta(stored, now);
    const seq = meta.seq + 1;
    kv.put(exchangeKey(seq), exchange);
    if (seq > MAX_STORED_EXCHANGES) kv.delete(exchangeKey(seq - MAX_STORED_EXCHANGES));
    return { ...meta, seq, lastAt: now.toISOString() };
  });
}

export const liveMessages = (kv: SyncKvStorage): LiveMessage[] => [...kv.list<LiveMessage>({ prefix: 'l:' })].map(([, m]) => m);

/** Everything said: the conversation with the assistant, then the live one. */
export const transcript = (kv: SyncKvStorage): LiveMessage[] => [...exchangeMessages(history(kv, MAX_STORED_EXCHANGES) ?? []), ...liveMessages(kv)];
