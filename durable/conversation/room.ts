// The room of "Talk to a person" (docs/decisions/0019): the visitor's and the staff's WebSockets, held with
// the hibernation API. A visitor is admitted by the token made when the conversation went live (its SHA-256
// kept in 'live'), staff by a one-time ticket the Worker asked for after checking the JWT and role.
import {
  LIVE_PROTOCOL, MAX_LIVE_MESSAGES, MAX_LIVE_TEXT, MAX_STAFF_SOCKETS, MAX_VISITOR_SOCKETS, STAFF_CREDENTIAL,
  typingRate, VISITOR_CREDENTIAL, visitorRate, type LiveMessage, type LiveServerMessage,
} from '../../shared/chat/live.ts';
import { liveClientMessageSchema } from '../../shared/chat/liveApi.ts';
import { isChatEmail } from '../../shared/email.ts';
import { alarmBy, liveKey, readLive, sha256, updateLive, type LiveMeta, type Ticket } from './store.ts';
import { transcript } from './transcript.ts';
import { roomWords } from './words.ts';

/** The record's transcript is rewritten this long after a message (one write for a burst of messages). */
export const RECORD_SYNC_MS = 3_000;

/** Who a socket is, kept on it (serializeAttachment) so it outlives hibernation. */
export interface Attachment {
  role: 'visitor' | 'staff';
  name?: string;
  /** A staff socket's account (closeStaff). */
  userId?: string;
  /** A visitor socket's recent typing frames: kept on the socket so the limit outlives hibernation. */
  typingAt?: number[];
}

export function send(ws: WebSocket, message: LiveServerMessage): void {
  try {
    ws.send(JSON.stringify(message));
  } catch {
    // A socket that is closing: its side reconnects and gets the transcript in `hello`.
  }
}

export function broadcast(ctx: DurableObjectState, message: LiveServerMessage): void {
  for (const ws of ctx.getWebSockets()) send(ws, message);
}

/** Stores one message (the record is rewritten soon after) and gives it to every socket. */
export function post(ctx: DurableObjectState, m: Omit<LiveMessage, 'id' | 'at'>, now: number): void {
  let message: LiveMessage | undefined;
  updateLive(ctx.storage.kv, (live) => {
    if (!live) return undefined;
    const seq = live.seq + 1;
    message = { id: `l${seq}`, at: new Date(now).toISOString(), ...m };
    ctx.storage.kv.put(liveKey(seq), message);
    return { ...live, seq, lastActivity: now, dirty: true };
  });
  if (message) broadcast(ctx, { type: 'message', message });
}

/** Ends the live chat (by one side, or idle when `by` is null) and closes every socket. `said`: what the room says instead. */
export async function end(ctx: DurableObjectState, by: Attachment | null, now: number, said?: string): Promise<void> {
  const staffName = readLive(ctx.storage.kv)?.staffName ?? null;
  const words = roomWords(ctx.storage.kv);
  const text = said ?? (by?.role === 'visitor' ? words.endedByVisitor : words.endedByStaff(by?.name ?? staffName ?? 'Our team'));
  post(ctx, { from: 'system', text }, now);
  updateLive(ctx.storage.kv, (live) => live && { ...live, state: 'ended', tokenHashes: [] });
  broadcast(ctx, { type: 'state', state: 'ended', staffName });
  for (const ws of ctx.getWebSockets()) ws.close(1000, 'ended');
  await ctx.storage.setAlarm(now);
}

/** Who the credential admits, if anyone. A ticket is used up here. */
async function admit(kv: SyncKvStorage, credential: string, now: number): Promise<Attachment | null> {
  const live = readLive(kv);
  if (!live) return null;
  if (credential.startsWith(VISITOR_CREDENTIAL)) {
    return live.tokenHashes.includes(await sha256(credential.slice(VISITOR_CREDENTIAL.length))) ? { role: 'visitor' } : null;
  }
  if (credential.startsWith(STAFF_CREDENTIAL)) {
    const key = `k:${await sha256(credential.slice(STAFF_CREDENTIAL.length))}`;
    const ticket = kv.get<Ticket>(key);
    if (!ticket) return null;
    kv.delete(key);
    return ticket.expires >= now ? { role: 'staff', name: ticket.name, userId: ticket.userId } : null;
  }
  return null;
}

const upgraded = (client: WebSocket) => new Response(null, { status: 101, webSocket: client, headers: { 'Sec-WebSocket-Protocol': LIVE_PROTOCOL } });

/** The socket of either side (the Worker checked the upgrade and the origin, and passes the credential). */
export async function join(ctx: DurableObjectState, credential: string): Promise<Response> {
  const now = Date.now();
  const who = await admit(ctx.storage.kv, credential, now);
  const before = readLive(ctx.storage.kv);
  const words = roomWords(ctx.storage.kv);
  if (!who || !before) return Response.json({ error: 'forbidden', message: words.gone }, { status: 403 });
  const pair = new WebSocketPair();
  const [client, server] = [pair[0], pair[1]];
  const limit = who.role === 'visitor' ? MAX_VISITOR_SOCKETS : MAX_STAFF_SOCKETS;
  if (ctx.getWebSockets(who.role).length >= limit) {
    // Told over the socket: a browser cannot read the body of a refused upgrade.
    server.accept();
    server.send(JSON.stringify({ type: 'error', code: 'full', message: words.tooManyWindows } satisfies LiveServerMessage));
    server.close(1008, 'too many sockets');
    return upgraded(client);
  }
  ctx.acceptWebSocket(server, [who.role]);
  server.serializeAttachment(who);
  // A waiting visitor back within VISITOR_GONE_MS (a reload): the chat does not end (waiting.ts).
  if (who.role === 'visitor') visitorBack(ctx);
  if (who.role === 'staff' && before.state !== 'ended' && (before.state === 'waiting' || before.staffName !== who.name)) {
    if (before.state === 'waiting') updateLive(ctx.storage.kv, (live) => live && { ...live, state: 'live', staffName: who.name ?? null });
    post(ctx, { from: 'system', text: words.joined(who.name ?? 'Staff') }, now);
    const live = readLive(ctx.storage.kv) ?? before;
    broadcast(ctx, { type: 'state', state: live.state, staffName: live.staffName });
    await alarmBy(ctx.storage, now + RECORD_SYNC_MS);
  }
  const live = readLive(ctx.storage.kv) ?? before;
  send(server, { type: 'hello', role: who.role, state: live.state, staffName: live.staffName, messages: transcript(ctx.storage.kv) });
  return upgraded(client);
}

/** A frame from either side: typing, a message, or the end of the chat. */
export async function receive(ctx: DurableObjectState, ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
  const who = ws.deserializeAttachment() as Attachment;
  const live: LiveMeta | undefined = readLive(ctx.storage.kv);
  if (!live) return;
  let parsed: unknown;
  try {
    parsed = typeof raw === 'string' ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  const input = liveClientMessageSchema.safeParse(parsed);
  const words = roomWords(ctx.storage.kv);
  if (!input.success) {
    const text = (parsed as { type?: unknown; text?: unknown } | null)?.text;
    const tooLong = typeof text === 'string' && text.trim().length > MAX_LIVE_TEXT;
    send(ws, tooLong ? { type: 'error', code: 'too_long', message: words.tooLong } : { type: 'error', code: 'invalid', message: words.invalid });
    return;
  }
  const now = Date.now();
  const msg = input.data;
  if (live.state === 'ended') {
    send(ws, { type: 'error', code: 'ended', message: words.ended });
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
    for (const peer of ctx.getWebSockets(other)) send(peer, { type: 'typing', from: who.role, ...(who.name ? { name: who.name } : {}), typing: msg.typing });
    return;
  }
  if (msg.type === 'end') {
    await end(ctx, who, now);
    return;
  }
  if (live.seq >= MAX_LIVE_MESSAGES) {
    send(ws, { type: 'error', code: 'full', message: words.full });
    return;
  }
  if (who.role === 'visitor') {
    const rate = visitorRate(ctx.storage.kv.get<number[]>('rate') ?? [], now);
    if (!rate.allowed) {
      send(ws, { type: 'error', code: 'rate_limited', message: words.rateLimited });
      return;
    }
    ctx.storage.kv.put('rate', [...rate.window, now]);
  }
  post(ctx, { from: who.role, ...(who.name ? { name: who.name } : {}), text: msg.text }, now);
  if (who.role === 'visitor') takeOfferedEmail(ctx, msg.text, now);
  // The first staff message is the lead's first answer: the record's sync writes it (recordSync.ts).
  if (who.role === 'staff') {
    updateLive(ctx.storage.kv, (l) => (l && !l.firstAnswer ? { ...l, firstAnswer: { at: new Date(now).toISOString(), by: who.userId ?? null, byName: who.name ?? null, recorded: false } } : undefined));
  }
  await alarmBy(ctx.storage, now + RECORD_SYNC_MS);
}

/**
 * After the e-mail path was offered (waiting.ts), a visitor's message that is an address: kept for the
 * record, and the room says the team has it (docs/decisions/0030). The chat stays joinable.
 */
function takeOfferedEmail(ctx: DurableObjectState, text: string, now: number): void {
  const live = readLive(ctx.storage.kv);
  if (live?.state !== 'waiting' || !live.offered || live.email || !isChatEmail(text)) return;
  updateLive(ctx.storage.kv, (l) => l && { ...l, email: text.trim().toLowerCase() });
  post(ctx, { from: 'system', text: roomWords(ctx.storage.kv).queued }, now);
}

/** The visitor has a socket again: a waiting chat they left is not ended (waiting.ts). */
export function visitorBack(ctx: DurableObjectState): void {
  updateLive(ctx.storage.kv, (l) => (l?.visitorLeftAt ? { ...l, visitorLeftAt: undefined } : undefined));
}

/** A socket closed: the other side should not see "typing" from someone who left. */
export function leave(ctx: DurableObjectState, ws: WebSocket): void {
  const who = ws.deserializeAttachment() as Attachment | null;
  if (!who) return;
  const other = who.role === 'visitor' ? 'staff' : 'visitor';
  for (const peer of ctx.getWebSockets(other)) send(peer, { type: 'typing', from: who.role, typing: false });
}

/** A staff member lost the staff role: their sockets here close and their unused tickets go. How many closed. */
export function closeStaff(ctx: DurableObjectState, userId: string): number {
  for (const [key, ticket] of ctx.storage.kv.list<Ticket>({ prefix: 'k:' })) if (ticket.userId === userId) ctx.storage.kv.delete(key);
  let closed = 0;
  for (const ws of ctx.getWebSockets('staff')) {
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
