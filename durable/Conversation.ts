import { DurableObject } from 'cloudflare:workers';
import {
  CONTEXT_EXCHANGES, CONVERSATION_TTL_MS, LEAD_CLAIM_MS, MAX_STORED_EXCHANGES,
  type ConversationLead, type ConversationRpc, type Exchange, type LeadClaim,
} from '../shared/chat/conversation.ts';
import { uniqueId } from '../shared/id.ts';

// One chat conversation (docs/decisions/0011), named by the unguessable id the Worker made at its first
// message (shared/chat/conversation.ts). It holds the transcript the model's context is built from (the
// client sends only its new message, so the model never reads a turn the Worker did not write) and is the
// single place that decides whether the AI lead tool has already filed this conversation's lead. The
// Worker runs Gemini and the queue; this object only keeps state (native RPC, SQLite-backed storage).
//
// Storage (synchronous KV on SQLite): 'meta' (created, last message, exchange count, the lead) and one key
// per exchange, 'x:' + 10-digit sequence number. Nothing is written before the first exchange or lead, so
// asking an object that was never started (a made-up id) leaves nothing behind. An alarm deletes a
// conversation without a lead CONVERSATION_TTL_MS after its last message; one with a lead is kept.

interface Meta {
  createdAt: string;
  lastAt: string;
  /** Exchanges ever stored (the sequence number of the last one). */
  seq: number;
  lead: (ConversationLead & { claimedAt: number }) | null;
}

const key = (seq: number) => `x:${String(seq).padStart(10, '0')}`;

export class Conversation extends DurableObject<Env> implements ConversationRpc {
  private get kv(): SyncKvStorage {
    return this.ctx.storage.kv;
  }

  private meta(): Meta | undefined {
    return this.kv.get<Meta>('meta');
  }

  private startedMeta(now: Date): Meta {
    return this.meta() ?? { createdAt: now.toISOString(), lastAt: now.toISOString(), seq: 0, lead: null };
  }

  /** The last `limit` exchanges, oldest first; null when this conversation was never started. */
  async history(limit: number = CONTEXT_EXCHANGES): Promise<Exchange[] | null> {
    if (!this.meta()) return null;
    const n = Math.max(0, Math.min(MAX_STORED_EXCHANGES, Math.floor(limit)));
    if (!n) return [];
    return [...this.kv.list<Exchange>({ prefix: 'x:', reverse: true, limit: n })].map(([, x]) => x).reverse();
  }

  /** Stores one exchange (starting the conversation at its first); the oldest go beyond MAX_STORED_EXCHANGES. */
  async append(exchange: Exchange): Promise<void> {
    const now = new Date();
    const meta = this.startedMeta(now);
    meta.seq += 1;
    meta.lastAt = now.toISOString();
    this.kv.put(key(meta.seq), exchange);
    if (meta.seq > MAX_STORED_EXCHANGES) this.kv.delete(key(meta.seq - MAX_STORED_EXCHANGES));
    this.kv.put('meta', meta);
    await this.ctx.storage.setAlarm(now.getTime() + CONVERSATION_TTL_MS);
  }

  /**
   * Before the AI lead tool files a lead: 'claimed' (file it under this id, then leadFiled() or
   * leadFailed()) or 'recorded' (this conversation's lead is already filed, or being filed: file nothing).
   * The id is made once per conversation, so a filing retried after a failure or a lost answer carries the
   * same submission id and the delivery ledger delivers it once.
   */
  async claimLead(now: number = Date.now()): Promise<LeadClaim> {
    const meta = this.startedMeta(new Date(now));
    const lead = meta.lead;
    if (lead && (lead.filedAt || now < lead.claimedAt + LEAD_CLAIM_MS)) return { status: 'recorded', id: lead.id };
    const id = lead?.id ?? uniqueId(now);
    meta.lead = { id, filedAt: null, claimedAt: now };
    this.kv.put('meta', meta);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(now + CONVERSATION_TTL_MS);
    return { status: 'claimed', id };
  }

  /** The claimed lead is on the queue. */
  async leadFiled(id: string): Promise<void> {
    const meta = this.meta();
    if (!meta?.lead || meta.lead.id !== id) return;
    meta.lead.filedAt = new Date().toISOString();
    this.kv.put('meta', meta);
  }

  /** The claimed lead could not be filed (the queue refused it, or the visitor is rate limited): free it. */
  async leadFailed(id: string): Promise<void> {
    const meta = this.meta();
    if (!meta?.lead || meta.lead.id !== id || meta.lead.filedAt) return;
    meta.lead.claimedAt = 0;
    this.kv.put('meta', meta);
  }

  /** The lead filed for this conversation, if any (for tests and, later, staff). */
  async lead(): Promise<ConversationLead | null> {
    const lead = this.meta()?.lead;
    return lead?.filedAt ? { id: lead.id, filedAt: lead.filedAt } : null;
  }

  /**
   * Deletes a conversation without a lead: the alarm is set for CONVERSATION_TTL_MS after the last message
   * (each message moves it), so it fires only once that time is up. One with a lead is kept.
   */
  override async alarm(): Promise<void> {
    if (this.meta()?.lead?.filedAt) return;
    await this.ctx.storage.deleteAll();
  }
}
