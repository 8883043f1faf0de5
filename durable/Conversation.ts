import { DurableObject } from 'cloudflare:workers';
import {
  CONTEXT_EXCHANGES, CONVERSATION_TTL_MS, KEPT_CONVERSATION_TTL_MS, LEAD_CLAIM_MS, MAX_STORED_EXCHANGES, newConversationId,
  type ConversationAccess, type ConversationLead, type ConversationRpc, type LeadClaim, type LiveStart, type LiveView,
} from '../shared/chat/conversation.ts';
import type { Exchange } from '../shared/chat/exchange.ts';
import {
  exchangeMessages, LIVE_PROTOCOL, liveMessages, MAX_LIVE_MESSAGES, MAX_LIVE_TEXT, MAX_STAFF_SOCKETS, MAX_VISITOR_SOCKETS, STAFF_CREDENTIAL,
  TICKET_TTL_MS, typingRate, VISITOR_CREDENTIAL, visitorRate, type LiveMessage, type LiveServerMessage, type LiveState,
} from '../shared/chat/live.ts';
import { liveClientMessageSchema } from '../shared/chat/liveApi.ts';
import { uniqueId } from '../shared/id.ts';
import { createLogger, errorText } from '../shared/log.ts';
import { writeLiveRecord } from './liveRecord.ts';

const log = createLogger(console, { object: 'Conversation' });

/** The Worker passes the socket's credential (from Sec-WebSocket-Protocol) in this header. */
export const LIVE_CREDENTIAL_HEADER = 'X-Live-Credential';
/** A live conversation with no message for this long is ended by the room. */
const LIVE_IDLE_MS = 30 * 60_000;
/** The record's transcript is rewritten this long after a message (one write for a burst of messages). */
const RECORD_SYNC_MS = 3_000;
/** Attempts to write the record before the room gives up (an alert is logged). */
const RECORD_SYNC_TRIES = 12;

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

interface LiveMeta {
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
}

interface Attachment {
  role: 'visitor' | 'staff';
  name?: string;
  /** A staff socket's account (closeStaff). */
  userId?: string;
  /** A visitor socket's recent typing frames: kept on the socket so the limit outlives hibernation. */
  typingAt?: number[];
}

interface Ticket {
  userId: string;
  name: string;
  expires: number;
}

const liveKey = (seq: number) => `l:${String(seq).padStart(10, '0')}`;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface Meta {
  createdAt: string;
  lastAt: string;
  /** Exchanges ever stored (the sequence number of the last one). */
  seq: number;
  lead: (ConversationLead & { claimedAt: number }) | null;
  /** SHA-256 of the key given to the browser that started it; absent on conversations older than keys. */
  keyHash?: string;
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

  /** Starts the conversation under its key (the Worker made both; nothing else is stored yet). */
  async begin(key: string): Promise<void> {
    if (this.meta()) return;
    const now = new Date();
    this.kv.put('meta', { ...this.startedMeta(now), keyHash: await sha256(key) } satisfies Meta);
    await this.ctx.storage.setAlarm(now.getTime() + CONVERSATION_TTL_MS);
  }

  /**
   * The conversation for whoever holds its key. One started before keys existed has none to match: it is
   * 'none', so the Worker starts a new conversation, and its id opens nothing any more.
   */
  async open(key: string | undefined): Promise<ConversationAccess> {
    const keyHash = this.meta()?.keyHash;
    if (!keyHash) return { status: 'none' };
    if (!key || (await sha256(key)) !== keyHash) return { status: 'forbidden' };
    return { status: 'open', history: (await this.history()) ?? [], live: this.live()?.state ?? null };
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
    // A conversation kept for staff has its own alarms (the room's record writes), and is never deleted.
    if (!this.keptForStaff()) await this.ctx.storage.setAlarm(now.getTime() + CONVERSATION_TTL_MS);
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

  // --- "Talk to a person" (docs/decisions/0019) ------------------------------------------------------

  private live(): LiveMeta | undefined {
    return this.kv.get<LiveMeta>('live');
  }

  private keptForStaff(): boolean {
    return this.kv.get('live') !== undefined || this.kv.get('offline') !== undefined;
  }

  private liveMessages(): LiveMessage[] {
    return [...this.kv.list<LiveMessage>({ prefix: 'l:' })].map(([, m]) => m);
  }

  /** Everything said: the conversation with the assistant, then the live one. */
  async transcript(): Promise<LiveMessage[]> {
    return [...exchangeMessages((await this.history(MAX_STORED_EXCHANGES)) ?? []), ...this.liveMessages()];
  }

  /** Sets the alarm to `at` unless one is due sooner. */
  private async alarmBy(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /**
   * The visitor asks for a person and staff are online: the conversation goes live (again, after an end),
   * with a new inbox item; already live, the visitor (another tab, a lost session) gets one more token.
   */
  async startLive(now: number = Date.now()): Promise<LiveStart> {
    const meta = this.startedMeta(new Date(now));
    this.kv.put('meta', meta);
    const token = newConversationId();
    const hash = await sha256(token);
    const current = this.live();
    if (current && current.state !== 'ended') {
      current.tokenHashes = [...current.tokenHashes, hash].slice(-5);
      this.kv.put('live', current);
      return { token, submissionId: current.submissionId, fresh: false, transcript: await this.transcript() };
    }
    const live: LiveMeta = {
      state: 'waiting', submissionId: uniqueId(now), tokenHashes: [hash], staffName: null,
      startedAt: new Date(now).toISOString(), seq: current?.seq ?? 0, lastActivity: now, dirty: false, syncTries: 0,
    };
    // An earlier live chat that ended stays the conversation's should this one not be filed (liveFailed).
    if (current) this.kv.put('livePrevious', current);
    else this.kv.delete('livePrevious');
    this.kv.put('live', live);
    this.post(live, { from: 'system', text: liveMessages.joining }, now);
    await this.ctx.storage.setAlarm(now + RECORD_SYNC_MS);
    return { token, submissionId: live.submissionId, fresh: true, transcript: await this.transcript() };
  }

  /**
   * The inbox item could not be filed: the conversation is not live after all. What this start added goes;
   * an earlier live chat of the conversation, ended, is left as it was.
   */
  async liveFailed(submissionId: string): Promise<void> {
    const live = this.live();
    if (live?.submissionId !== submissionId) return;
    const previous = this.kv.get<LiveMeta>('livePrevious');
    for (const [key] of this.kv.list({ start: liveKey((previous?.seq ?? 0) + 1), prefix: 'l:' })) this.kv.delete(key);
    if (previous) this.kv.put('live', previous);
    else this.kv.delete('live');
    this.kv.delete('livePrevious');
  }

  /** Nobody was online: the request for a person, filed once per conversation. */
  async offlineRequest(now: number = Date.now()): Promise<{ id: string; fresh: boolean; transcript: LiveMessage[] }> {
    const existing = this.kv.get<{ id: string; filed: boolean }>('offline');
    if (existing?.filed) return { id: existing.id, fresh: false, transcript: await this.transcript() };
    const id = existing?.id ?? uniqueId(now);
    this.kv.put('meta', this.startedMeta(new Date(now)));
    this.kv.put('offline', { id, filed: false });
    return { id, fresh: true, transcript: await this.transcript() };
  }

  async offlineFiled(id: string): Promise<void> {
    const existing = this.kv.get<{ id: string; filed: boolean }>('offline');
    if (existing?.id === id) this.kv.put('offline', { id, filed: true });
  }

  /** Whether a person has the conversation (waiting, live) or had it (ended); null when it never went live. */
  async liveState(): Promise<LiveState | null> {
    return this.live()?.state ?? null;
  }

  /**
   * Erasure on request (docs/product.md, admin area): the erased person's words must not outlive their
   * records, and this object keeps a conversation with a lead or a live chat for good. Sockets still open
   * are told the chat ended, so the widget does not try to rejoin.
   */
  async erase(): Promise<void> {
    this.broadcast({ type: 'state', state: 'ended', staffName: null });
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
    const live = this.live();
    if (!live) return null;
    return { state: live.state, staffName: live.staffName, submissionId: live.submissionId, messages: await this.transcript() };
  }

  /** A staff member (checked by the Worker) may open one socket within TICKET_TTL_MS; null when not live. */
  async staffTicket(userId: string, name: string, now: number = Date.now()): Promise<string | null> {
    const live = this.live();
    if (!live || live.state === 'ended') return null;
    const ticket = newConversationId();
    this.kv.put(`k:${await sha256(ticket)}`, { userId, name, expires: now + TICKET_TTL_MS } satisfies Ticket);
    return ticket;
  }

  /** Who the credential admits, if anyone. A ticket is used up here. */
  private async admit(credential: string, now: number): Promise<Attachment | null> {
    const live = this.live();
    if (!live) return null;
    if (credential.startsWith(VISITOR_CREDENTIAL)) {
      return live.tokenHashes.includes(await sha256(credential.slice(VISITOR_CREDENTIAL.length))) ? { role: 'visitor' } : null;
    }
    if (credential.startsWith(STAFF_CREDENTIAL)) {
      const key = `k:${await sha256(credential.slice(STAFF_CREDENTIAL.length))}`;
      const ticket = this.kv.get<Ticket>(key);
      if (!ticket) return null;
      this.kv.delete(key);
      return ticket.expires >= now ? { role: 'staff', name: ticket.name, userId: ticket.userId } : null;
    }
    return null;
  }

  /** The socket of either side (the Worker checked the upgrade and the origin, and passes the credential). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket', { status: 426 });
    const now = Date.now();
    const who = await this.admit(request.headers.get(LIVE_CREDENTIAL_HEADER) ?? '', now);
    if (!who) return Response.json({ error: 'forbidden', message: liveMessages.gone }, { status: 403 });
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    const limit = who.role === 'visitor' ? MAX_VISITOR_SOCKETS : MAX_STAFF_SOCKETS;
    if (this.ctx.getWebSockets(who.role).length >= limit) {
      // Told over the socket: a browser cannot read the body of a refused upgrade.
      server.accept();
      server.send(JSON.stringify({ type: 'error', code: 'full', message: 'Too many windows are open on this conversation.' } satisfies LiveServerMessage));
      server.close(1008, 'too many sockets');
      return new Response(null, { status: 101, webSocket: client, headers: { 'Sec-WebSocket-Protocol': LIVE_PROTOCOL } });
    }
    this.ctx.acceptWebSocket(server, [who.role]);
    server.serializeAttachment(who);
    const live = this.live()!;
    if (who.role === 'staff' && live.state !== 'ended' && (live.state === 'waiting' || live.staffName !== who.name)) {
      if (live.state === 'waiting') {
        live.state = 'live';
        live.staffName = who.name ?? null;
      }
      this.post(live, { from: 'system', text: liveMessages.joined(who.name ?? 'Staff') }, now);
      this.broadcast({ type: 'state', state: live.state, staffName: live.staffName });
      await this.alarmBy(now + RECORD_SYNC_MS);
    }
    this.send(server, { type: 'hello', role: who.role, state: live.state, staffName: live.staffName, messages: await this.transcript() });
    return new Response(null, { status: 101, webSocket: client, headers: { 'Sec-WebSocket-Protocol': LIVE_PROTOCOL } });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const who = ws.deserializeAttachment() as Attachment;
    const live = this.live();
    if (!live) return;
    let parsed: unknown;
    try {
      parsed = typeof raw === 'string' ? JSON.parse(raw) : null;
    } catch {
      parsed = null;
    }
    const input = liveClientMessageSchema.safeParse(parsed);
    if (!input.success) {
      const text = (parsed as { type?: unknown; text?: unknown } | null)?.text;
      const tooLong = typeof text === 'string' && text.trim().length > MAX_LIVE_TEXT;
      this.send(ws, tooLong ? { type: 'error', code: 'too_long', message: liveMessages.tooLong } : { type: 'error', code: 'invalid', message: liveMessages.invalid });
      return;
    }
    const now = Date.now();
    const msg = input.data;
    if (live.state === 'ended') {
      this.send(ws, { type: 'error', code: 'ended', message: liveMessages.ended });
      return;
    }
    if (msg.type === 'typing') {
      if (who.role === 'visitor') {
        // Silently: a flood is no one's conversation, and an error frame per dropped frame would be one too.
        const rate = typingRate(who.typingAt ?? [], now);
        if (!rate.allowed) return;
        ws.serializeAttachment({ ...who, typingAt: [...rate.window, now] } satisfies Attachment);
      }
      const other = who.role === 'visitor' ? 'staff' : 'visitor';
      for (const peer of this.ctx.getWebSockets(other)) this.send(peer, { type: 'typing', from: who.role, ...(who.name ? { name: who.name } : {}), typing: msg.typing });
      return;
    }
    if (msg.type === 'end') {
      await this.end(live, who, now);
      return;
    }
    if (live.seq >= MAX_LIVE_MESSAGES) {
      this.send(ws, { type: 'error', code: 'full', message: liveMessages.full });
      return;
    }
    if (who.role === 'visitor') {
      const rate = visitorRate(this.kv.get<number[]>('rate') ?? [], now);
      if (!rate.allowed) {
        this.send(ws, { type: 'error', code: 'rate_limited', message: liveMessages.rateLimited });
        return;
      }
      this.kv.put('rate', [...rate.window, now]);
    }
    this.post(live, { from: who.role, ...(who.name ? { name: who.name } : {}), text: msg.text }, now);
    await this.alarmBy(now + RECORD_SYNC_MS);
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    // The other side should not see "typing" from someone who left.
    const who = ws.deserializeAttachment() as Attachment | null;
    if (!who) return;
    const other = who.role === 'visitor' ? 'staff' : 'visitor';
    for (const peer of this.ctx.getWebSockets(other)) this.send(peer, { type: 'typing', from: who.role, typing: false });
  }

  /** Stores one message (the record is rewritten soon after) and gives it to every socket. */
  private post(live: LiveMeta, m: Omit<LiveMessage, 'id' | 'at'>, now: number): void {
    live.seq += 1;
    live.lastActivity = now;
    live.dirty = true;
    const message: LiveMessage = { id: `l${live.seq}`, at: new Date(now).toISOString(), ...m };
    this.kv.put(liveKey(live.seq), message);
    this.kv.put('live', live);
    this.broadcast({ type: 'message', message });
  }

  private async end(live: LiveMeta, by: Attachment | null, now: number): Promise<void> {
    const text = by?.role === 'visitor' ? liveMessages.endedByVisitor : liveMessages.endedByStaff(by?.name ?? live.staffName ?? 'Our team');
    this.post(live, { from: 'system', text }, now);
    live.state = 'ended';
    live.tokenHashes = [];
    this.kv.put('live', live);
    this.broadcast({ type: 'state', state: 'ended', staffName: live.staffName });
    for (const ws of this.ctx.getWebSockets()) ws.close(1000, 'ended');
    await this.ctx.storage.setAlarm(now);
  }

  private send(ws: WebSocket, message: LiveServerMessage): void {
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // A socket that is closing: its side reconnects and gets the transcript in `hello`.
    }
  }

  private broadcast(message: LiveServerMessage): void {
    for (const ws of this.ctx.getWebSockets()) this.send(ws, message);
  }

  // --- Staff access that ends with the role (docs/decisions/0017) ------------------------------------

  /** A staff member lost the staff role: their sockets here close and their unused tickets go. How many closed. */
  async closeStaff(userId: string): Promise<number> {
    for (const [key, ticket] of this.kv.list<Ticket>({ prefix: 'k:' })) if (ticket.userId === userId) this.kv.delete(key);
    let closed = 0;
    for (const ws of this.ctx.getWebSockets('staff')) {
      if ((ws.deserializeAttachment() as Attachment | null)?.userId !== userId) continue;
      try {
        ws.close(1008, 'role changed');
        closed += 1;
      } catch {
        // Already closing.
      }
    }
    return closed;
  }

  /** Ends an idle live chat and brings the record's transcript up to date, retrying with backoff. */
  private async liveChores(now: number): Promise<void> {
    const first = this.live();
    if (!first) return;
    if (first.state !== 'ended' && now - first.lastActivity >= LIVE_IDLE_MS) await this.end(first, null, now);
    const live = this.live();
    if (!live) return;
    if (live.dirty) {
      const written = { seq: live.seq, state: live.state, staffName: live.staffName };
      let outcome: Awaited<ReturnType<typeof writeLiveRecord>> | 'failed';
      try {
        outcome = await writeLiveRecord(this.env, live.submissionId, live.state, live.staffName, await this.transcript());
      } catch (err) {
        log.warn('live.record_failed', { id: live.submissionId, error: errorText(err) });
        outcome = 'failed';
      }
      // The room went on while the record was written (a staff member joined, messages came): the meta is
      // read again and only its sync fields change. Writing back the copy read before would undo the join
      // and reuse message numbers. What the write did not include stays dirty, for a sync soon.
      const current = this.live();
      if (!current) return;
      const changed = current.seq !== written.seq || current.state !== written.state || current.staffName !== written.staffName;
      if (outcome === 'written' || outcome === 'not_configured') {
        current.dirty = changed;
        current.syncTries = 0;
      } else if (++current.syncTries >= RECORD_SYNC_TRIES) {
        log.error('live.record_given_up', { alert: true, id: current.submissionId, outcome });
        current.dirty = false;
      } else {
        this.kv.put('live', current);
        await this.ctx.storage.setAlarm(now + Math.min(300_000, 2_000 * 2 ** current.syncTries));
        return;
      }
      this.kv.put('live', current);
      if (current.dirty) await this.ctx.storage.setAlarm(Date.now() + RECORD_SYNC_MS);
      else if (current.state !== 'ended') await this.ctx.storage.setAlarm(current.lastActivity + LIVE_IDLE_MS);
      return;
    }
    if (live.state !== 'ended') await this.ctx.storage.setAlarm(live.lastActivity + LIVE_IDLE_MS);
  }

  /**
   * The room's chores, then the retention rule (docs/decisions/0021): a conversation without a lead is
   * deleted once CONVERSATION_TTL_MS has passed since its last message (each message moves the alarm); one
   * with a lead, a live chat or a request for staff once KEPT_CONVERSATION_TTL_MS has passed since its last
   * message or live activity. Its records keep their own copy of the transcript.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    await this.liveChores(now);
    const kept = this.keptForStaff() || !!this.meta()?.lead?.filedAt;
    if (kept) {
      const live = this.live();
      const last = Math.max(Date.parse(this.meta()?.lastAt ?? '') || 0, live?.lastActivity ?? 0);
      const due = last + KEPT_CONVERSATION_TTL_MS;
      if (now < due || live?.state === 'waiting' || live?.state === 'live' || live?.dirty) {
        await this.alarmBy(now < due ? due : now + RECORD_SYNC_MS);
        return;
      }
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }
}
