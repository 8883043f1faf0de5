import { DurableObject } from 'cloudflare:workers';
import {
  CONTEXT_EXCHANGES, CONVERSATION_TTL_MS, KEPT_CONVERSATION_TTL_MS, LEAD_CLAIM_MS, newConversationId,
  type ConversationAccess, type ConversationLead, type ConversationRpc, type LeadClaim, type LiveStart, type LiveView,
} from '../shared/chat/conversation.ts';
import type { Exchange } from '../shared/chat/exchange.ts';
import { TICKET_TTL_MS, type LiveMessage, type LiveState } from '../shared/chat/live.ts';
import { uniqueId } from '../shared/id.ts';
import type { Locale } from '../shared/i18n/locale.ts';
import { broadcast, closeStaff, join, leave, post, RECORD_SYNC_MS, receive } from './conversation/room.ts';
import { syncLiveRecord } from './conversation/recordSync.ts';
import { endWhenVisitorGone, offerEmailWhenDue, visitorLeft } from './conversation/waiting.ts';
import {
  alarmBy, keptForStaff, liveKey, readLive, readMeta, sha256, startedMeta, updateLive, updateMeta,
  type LiveMeta, type OfflineRequest, type Ticket,
} from './conversation/store.ts';
import { appendExchange, history, transcript } from './conversation/transcript.ts';
import { conversationLanguage, roomWords } from './conversation/words.ts';
import { readWa, waTurnKey, type WaRecord, type WaTurnRecord } from './conversation/whatsapp.ts';
import type { WaHandler } from '../shared/whatsapp/inbound.ts';

/** The Worker passes the socket's credential (from Sec-WebSocket-Protocol) in this header. */
export const LIVE_CREDENTIAL_HEADER = 'X-Live-Credential';

// One chat conversation (docs/decisions/0011), named by the unguessable id the Worker made at its first
// message (shared/chat/conversation.ts). It holds the transcript the model's context is built from (the
// client sends only its new message, so the model never reads a turn the Worker did not write) and is the
// single place that decides whether the AI lead tool has already filed this conversation's lead. The
// Worker runs Gemini and the queue; this object only keeps state (native RPC, SQLite-backed storage).
//
// Storage (synchronous KV on SQLite): 'meta' (created, last message, exchange count, the lead) and one key
// per exchange, 'x:' + 10-digit sequence number. Nothing is written before the first exchange or lead, so
// asking an object that was never started (a made-up id) leaves nothing behind. The meta keeps the SHA-256
// of the conversation's key (docs/decisions/0021): the id names the object, only the key opens it again
// (open()). An alarm deletes a conversation without a lead CONVERSATION_TTL_MS after its last message, one
// with a lead, a live chat or a request for staff KEPT_CONVERSATION_TTL_MS after its last activity.
//
// It is also the room of "Talk to a person" (docs/decisions/0019): the visitor's and the staff's WebSockets,
// held with the hibernation API, a visitor admitted by the token made when the conversation went live (its
// SHA-256 kept in 'live'), staff by a one-time ticket the Worker asked for after checking the JWT and role.
// Storage: 'live' (state, staff, tokens), 'livePrevious' (the ended live chat a new one replaces, until the
// new one is filed), one key per live message 'l:' + sequence number, 'k:' + ticket hash, 'rate' (the visitor's recent sends), 'offline' (the request filed when nobody was online). A
// conversation that went live or was filed for staff is kept like one with a lead, until its retention ends
// or an admin erases the person's data (erase(), called for each conversation reference on the erased records).
//
// The concerns live beside it in durable/conversation/: store.ts (the records and updateMeta/updateLive, the
// one synchronous way they change), transcript.ts, room.ts (the sockets) and recordSync.ts (the record).

export class Conversation extends DurableObject<Env> implements ConversationRpc {
  private get kv(): SyncKvStorage {
    return this.ctx.storage.kv;
  }

  /** Starts the conversation under its key (the Worker made both; nothing else is stored yet). */
  async begin(key: string, language: Locale = 'en'): Promise<void> {
    if (readMeta(this.kv)) return;
    const now = new Date();
    const keyHash = await sha256(key);
    updateMeta(this.kv, (meta) => (meta ? undefined : { ...startedMeta(undefined, now), keyHash }));
    // The page's language when it started: its lead is marked with it (docs/decisions/0032, "Chat").
    if (language !== 'en') this.kv.put('language', language);
    await this.ctx.storage.setAlarm(now.getTime() + CONVERSATION_TTL_MS);
  }

  async language(): Promise<Locale> {
    return conversationLanguage(this.kv);
  }

  /**
   * The conversation for whoever holds its key. One started before keys existed has none to match: it is
   * 'none', so the Worker starts a new conversation, and its id opens nothing any more.
   */
  async open(key: string | undefined): Promise<ConversationAccess> {
    const keyHash = readMeta(this.kv)?.keyHash;
    if (!keyHash) return { status: 'none' };
    if (!key || (await sha256(key)) !== keyHash) return { status: 'forbidden' };
    return { status: 'open', history: history(this.kv, CONTEXT_EXCHANGES) ?? [], live: readLive(this.kv)?.state ?? null };
  }

  /** The last `limit` exchanges, oldest first; null when this conversation was never started. */
  async history(limit: number = CONTEXT_EXCHANGES): Promise<Exchange[] | null> {
    return history(this.kv, limit);
  }

  /** Stores one exchange (starting the conversation at its first); the oldest go beyond MAX_STORED_EXCHANGES. */
  async append(exchange: Exchange): Promise<void> {
    const now = new Date();
    appendExchange(this.kv, exchange, now);
    // A conversation kept for staff has its own alarms (the room's record writes), and is never deleted.
    if (!keptForStaff(this.kv)) await this.ctx.storage.setAlarm(now.getTime() + CONVERSATION_TTL_MS);
  }

  /**
   * Before the AI lead tool files a lead: 'claimed' (file it under this id, then leadFiled() or
   * leadFailed()) or 'recorded' (this conversation's lead is already filed, or being filed: file nothing).
   * The id is made once per conversation, so a filing retried after a failure or a lost answer carries the
   * same submission id and the delivery ledger delivers it once.
   */
  async claimLead(now: number = Date.now()): Promise<LeadClaim> {
    let claim = { status: 'recorded', id: '' } as LeadClaim;
    updateMeta(this.kv, (stored) => {
      const meta = startedMeta(stored, new Date(now));
      const lead = meta.lead;
      if (lead && (lead.filedAt || now < lead.claimedAt + LEAD_CLAIM_MS)) {
        claim = { status: 'recorded', id: lead.id };
        return undefined;
      }
      claim = { status: 'claimed', id: lead?.id ?? uniqueId(now) };
      return { ...meta, lead: { id: claim.id, filedAt: null, claimedAt: now } };
    });
    if (claim.status === 'claimed' && (await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(now + CONVERSATION_TTL_MS);
    return claim;
  }

  /** The claimed lead is on the queue. */
  async leadFiled(id: string): Promise<void> {
    updateMeta(this.kv, (meta) => (meta?.lead?.id === id ? { ...meta, lead: { ...meta.lead, filedAt: new Date().toISOString() } } : undefined));
  }

  /** The claimed lead could not be filed (the queue refused it, or the visitor is rate limited): free it. */
  async leadFailed(id: string): Promise<void> {
    updateMeta(this.kv, (meta) => (meta?.lead?.id === id && !meta.lead.filedAt ? { ...meta, lead: { ...meta.lead, claimedAt: 0 } } : undefined));
  }

  /** The lead filed for this conversation, if any (for tests and, later, staff). */
  async lead(): Promise<ConversationLead | null> {
    const lead = readMeta(this.kv)?.lead;
    return lead?.filedAt ? { id: lead.id, filedAt: lead.filedAt } : null;
  }

  // --- "Talk to a person" (docs/decisions/0019) ------------------------------------------------------

  /** Everything said: the conversation with the assistant, then the live one. */
  async transcript(): Promise<LiveMessage[]> {
    return transcript(this.kv);
  }

  /**
   * The visitor asks for a person and staff are online: the conversation goes live (again, after an end),
   * with a new inbox item; already live, the visitor (another tab, a lost session) gets one more token.
   */
  async startLive(now: number = Date.now(), email?: string): Promise<LiveStart> {
    updateMeta(this.kv, (meta) => startedMeta(meta, new Date(now)));
    const token = newConversationId();
    const hash = await sha256(token);
    const current = readLive(this.kv);
    if (current && current.state !== 'ended') {
      const live = updateLive(this.kv, (stored) => stored && { ...stored, tokenHashes: [...stored.tokenHashes, hash].slice(-5) }) ?? current;
      return { token, submissionId: live.submissionId, fresh: false, transcript: transcript(this.kv), startedAt: live.startedAt };
    }
    const live: LiveMeta = {
      state: 'waiting', submissionId: uniqueId(now), tokenHashes: [hash], staffName: null,
      startedAt: new Date(now).toISOString(), seq: current?.seq ?? 0, lastActivity: now, dirty: false, syncTries: 0,
      ...(email ? { email: email.toLowerCase() } : {}),
    };
    // An earlier live chat that ended stays the conversation's should this one not be filed (liveFailed).
    if (current) this.kv.put('livePrevious', current);
    else this.kv.delete('livePrevious');
    updateLive(this.kv, () => live);
    post(this.ctx, { from: 'system', text: roomWords(this.kv).joining }, now);
    await this.ctx.storage.setAlarm(now + RECORD_SYNC_MS);
    return { token, submissionId: live.submissionId, fresh: true, transcript: transcript(this.kv), startedAt: live.startedAt };
  }

  /**
   * The inbox item could not be filed: the conversation is not live after all. What this start added goes;
   * an earlier live chat of the conversation, ended, is left as it was.
   */
  async liveFailed(submissionId: string): Promise<void> {
    if (readLive(this.kv)?.submissionId !== submissionId) return;
    const previous = this.kv.get<LiveMeta>('livePrevious');
    for (const [key] of this.kv.list({ start: liveKey((previous?.seq ?? 0) + 1), prefix: 'l:' })) this.kv.delete(key);
    if (previous) updateLive(this.kv, () => previous);
    else this.kv.delete('live');
    this.kv.delete('livePrevious');
  }

  /** Nobody was online: the request for a person, filed once per conversation. */
  async offlineRequest(now: number = Date.now()): Promise<{ id: string; fresh: boolean; transcript: LiveMessage[] }> {
    const existing = this.kv.get<OfflineRequest>('offline');
    if (existing?.filed) return { id: existing.id, fresh: false, transcript: transcript(this.kv) };
    const id = existing?.id ?? uniqueId(now);
    updateMeta(this.kv, (meta) => startedMeta(meta, new Date(now)));
    this.kv.put('offline', { id, filed: false } satisfies OfflineRequest);
    return { id, fresh: true, transcript: transcript(this.kv) };
  }

  async offlineFiled(id: string): Promise<void> {
    const existing = this.kv.get<OfflineRequest>('offline');
    if (existing?.id === id) this.kv.put('offline', { id, filed: true } satisfies OfflineRequest);
  }

  /** Whether a person has the conversation (waiting, live) or had it (ended); null when it never went live. */
  async liveState(): Promise<LiveState | null> {
    return readLive(this.kv)?.state ?? null;
  }

  /**
   * Erasure on request (docs/product.md, admin area): the erased person's words must not outlive their
   * records, and this object keeps a conversation with a lead or a live chat for good. Sockets still open
   * are told the chat ended, so the widget does not try to rejoin.
   */
  async erase(): Promise<void> {
    broadcast(this.ctx, { type: 'state', state: 'ended', staffName: null });
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1000, 'erased');
      } catch {
        // Already closing.
      }
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** For the staff's page: the live conversation, or null when it never went live. */
  async liveView(): Promise<LiveView | null> {
    const live = readLive(this.kv);
    if (!live) return null;
    return { state: live.state, staffName: live.staffName, submissionId: live.submissionId, messages: transcript(this.kv), startedAt: live.startedAt };
  }

  /** A staff member (checked by the Worker) may open one socket within TICKET_TTL_MS; null when not live. */
  async staffTicket(userId: string, name: string, now: number = Date.now()): Promise<string | null> {
    const live = readLive(this.kv);
    if (!live || live.state === 'ended') return null;
    const ticket = newConversationId();
    this.kv.put(`k:${await sha256(ticket)}`, { userId, name, expires: now + TICKET_TTL_MS } satisfies Ticket);
    return ticket;
  }

  /** The socket of either side (the Worker checked the upgrade and the origin, and passes the credential). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket', { status: 426 });
    return join(this.ctx, request.headers.get(LIVE_CREDENTIAL_HEADER) ?? '');
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    await receive(this.ctx, ws, raw);
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    leave(this.ctx, ws);
    await visitorLeft(this.ctx, ws, Date.now());
  }

  // --- WhatsApp (docs/decisions/0031, "Assistant and hand-off"): the Worker's own code only ----------------

  /** What was stored for a customer's WhatsApp message (its answer), or null when it was not handled yet. */
  async whatsappTurn(wamid: string): Promise<WaTurnRecord | null> {
    return this.kv.get<WaTurnRecord>(waTurnKey(wamid)) ?? null;
  }

  /**
   * Stores a customer's WhatsApp message once per wamid: the exchange (their turn and the assistant's answer,
   * or their turn alone while a person has the conversation), how it was handled, and the lead it belongs to, so the conversation
   * is kept like one with a lead and files no second lead. A second call for the same wamid changes nothing
   * and returns the first call's record.
   */
  async recordWhatsAppTurn(wamid: string, exchange: Exchange, outcome: WaTurnRecord, leadId: string): Promise<WaTurnRecord> {
    const key = waTurnKey(wamid);
    const stored = this.kv.get<WaTurnRecord>(key);
    if (stored) return stored;
    const now = new Date();
    appendExchange(this.kv, exchange, now);
    updateMeta(this.kv, (meta) => {
      const m = startedMeta(meta, now);
      return m.lead?.filedAt ? undefined : { ...m, lead: { id: leadId, filedAt: now.toISOString(), claimedAt: now.getTime() } };
    });
    const record: WaTurnRecord = { answer: outcome.answer, ...(outcome.handOff ? { handOff: true } : {}) };
    this.kv.put(key, record);
    await alarmBy(this.ctx.storage, now.getTime() + KEPT_CONVERSATION_TTL_MS);
    return record;
  }

  /** Who answers the customer on WhatsApp, and since when; null before anything changed it (the assistant). */
  async whatsappHandler(): Promise<WaRecord | null> {
    return readWa(this.kv) ?? null;
  }

  /** Hands the WhatsApp conversation to `handler`; `changed` is false when it already was (since kept). */
  async setWhatsAppHandler(handler: WaHandler, staffName: string | null, now: number = Date.now()): Promise<{ record: WaRecord; changed: boolean }> {
    const current = readWa(this.kv);
    if (current && current.handler === handler) return { record: current, changed: false };
    const record: WaRecord = { ...current, handler, since: new Date(now).toISOString(), staffName: handler === 'staff' ? staffName : null };
    this.kv.put('wa', record);
    return { record, changed: true };
  }

  /** Whether to tell the customer they are over the rate limit: once per block, which ends at `until`. */
  async whatsappLimitNotice(until: number, now: number = Date.now()): Promise<boolean> {
    const current = readWa(this.kv);
    if ((current?.limitNoticeUntil ?? 0) > now) return false;
    this.kv.put('wa', { ...(current ?? { handler: 'assistant', since: new Date(now).toISOString(), staffName: null }), limitNoticeUntil: until } satisfies WaRecord);
    return true;
  }

  // --- Staff access that ends with the role (docs/decisions/0017) ------------------------------------

  /** A staff member lost the staff role: their sockets here close and their unused tickets go. How many closed. */
  async closeStaff(userId: string): Promise<number> {
    return closeStaff(this.ctx, userId);
  }

  /**
   * The room's chores, then the retention rule (docs/decisions/0021): a conversation without a lead is
   * deleted once CONVERSATION_TTL_MS has passed since its last message (each message moves the alarm); one
   * with a lead, a live chat or a request for staff once KEPT_CONVERSATION_TTL_MS has passed since its last
   * message or live activity. Its records keep their own copy of the transcript.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    // The waiting visitor's chores first, so that the record written next has them; the sync sets the
    // alarm, then theirs go in when due sooner (docs/decisions/0030).
    const goneDue = await endWhenVisitorGone(this.ctx, now);
    const offerDue = offerEmailWhenDue(this.ctx, now);
    await syncLiveRecord(this.ctx, this.env, now);
    for (const due of [goneDue, offerDue]) if (due !== null) await alarmBy(this.ctx.storage, due);
    const kept = keptForStaff(this.kv) || !!readMeta(this.kv)?.lead?.filedAt;
    if (kept) {
      const live = readLive(this.kv);
      const last = Math.max(Date.parse(readMeta(this.kv)?.lastAt ?? '') || 0, live?.lastActivity ?? 0);
      const due = last + KEPT_CONVERSATION_TTL_MS;
      if (now < due || live?.state === 'waiting' || live?.state === 'live' || live?.dirty) {
        await alarmBy(this.ctx.storage, now < due ? due : now + RECORD_SYNC_MS);
        return;
      }
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }
}
