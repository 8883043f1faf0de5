import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import { STAFF_PRESENCE_NAME } from '../../durable/StaffPresence.ts';
import type { ChatResponse } from '../../shared/chat/api.ts';
import { LIVE_PROTOCOL, VISITOR_CREDENTIAL, type LiveServerMessage, type LiveStartResponse } from '../../shared/chat/live.ts';
import { accounts, callApi, freshIp } from './appwrite-helpers.ts';
import { until } from './helpers.ts';

// "Talk to a person" in workerd (docs/decisions/0019, 0030): staff presence, the visitor's request, the
// room's sockets of both sides, for the live chat's test files.

export const presence = () => env.STAFF_PRESENCE.getByName(STAFF_PRESENCE_NAME);
export const everyone = Object.values(accounts);
export const nobodyOnline = async () => {
  for (const a of everyone) await presence().left(a.id);
};
export const staffOnline = async (jwt = accounts.moderator.jwt) => expect((await callApi('/api/admin/presence', { method: 'POST', jwt })).status).toBe(204);

export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export const askForPerson = (body: Record<string, unknown>, ip = freshIp()) => callApi('/api/chat/live', { method: 'POST', body, ip });


export interface Socket {
  ws: WebSocket;
  received: LiveServerMessage[];
  closed: Promise<number>;
  next<K extends LiveServerMessage['type']>(type: K, where?: (m: Extract<LiveServerMessage, { type: K }>) => boolean): Promise<Extract<LiveServerMessage, { type: K }>>;
  send(m: unknown): void;
}

export function socketRequest(conversationId: string, credential: string | null, headers: Record<string, string> = {}) {
  return exports.default.fetch(`http://localhost/api/chat/live/${conversationId}/socket`, {
    headers: {
      Upgrade: 'websocket', 'CF-Connecting-IP': freshIp(),
      ...(credential ? { 'Sec-WebSocket-Protocol': `${LIVE_PROTOCOL}, ${credential}` } : {}),
      ...headers,
    },
  });
}

export async function connect(conversationId: string, credential: string): Promise<Socket> {
  const res = await socketRequest(conversationId, credential);
  expect(res.status, res.status === 101 ? '' : await res.text()).toBe(101);
  expect(res.headers.get('Sec-WebSocket-Protocol')).toBe(LIVE_PROTOCOL);
  const ws = res.webSocket!;
  ws.accept();
  const received: LiveServerMessage[] = [];
  ws.addEventListener('message', (e) => { received.push(JSON.parse(e.data as string) as LiveServerMessage); });
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
  let seen = 0;
  return {
    ws, received, closed,
    send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    next: <K extends LiveServerMessage['type']>(type: K, where?: (m: Extract<LiveServerMessage, { type: K }>) => boolean) =>
      until<Extract<LiveServerMessage, { type: K }>>(() => {
        const i = received.findIndex((m, k) => k >= seen && m.type === type && (!where || where(m as Extract<LiveServerMessage, { type: K }>)));
        if (i < 0) return undefined;
        seen = i + 1;
        return received[i] as Extract<LiveServerMessage, { type: K }>;
      }),
  };
}

/** What staff know of a conversation: its reference, never its id (docs/decisions/0021). */
export const refOf = (conversationId: string) => env.CONVERSATION.idFromName(conversationId).toString();

export async function staffTicket(conversationId: string, jwt = accounts.moderator.jwt) {
  return json<{ ticket: string }>(await callApi(`/api/admin/live/${refOf(conversationId)}/join`, { method: 'POST', jwt }));
}

/** A conversation with one exchange with the (local) assistant, as a visitor's browser holds it: id and key. */
export async function conversationWithAssistant(): Promise<{ conversationId: string; conversationKey: string }> {
  const answer = await json<ChatResponse>(await callApi('/api/chat', { method: 'POST', body: { message: 'What services do you offer?' } }));
  return { conversationId: answer.conversationId, conversationKey: answer.conversationKey! };
}

/** With staff online, a visitor who talked to the assistant asks for a person and opens the room. */
export async function visitorInLiveChat(name: string, email: string) {
  await staffOnline();
  const held = await conversationWithAssistant();
  const { conversationId } = held;
  const start = await json<LiveStartResponse & { status: 'live' }>(await askForPerson({ ...held, name, email }));
  const visitor = await connect(conversationId, VISITOR_CREDENTIAL + start.token);
  sockets.push(visitor);
  return { conversationId, held, start, visitor, hello: await visitor.next('hello') };
}

export const sockets: Socket[] = [];
/** For afterAll: closes every socket the file opened and waits for the room to have handled each close. */
export async function closeSockets(): Promise<void> {
  for (const s of sockets) s.ws.close();
  // The room handles each close; the file's environment must outlive those calls.
  await Promise.all(sockets.map((s) => Promise.race([s.closed, new Promise((r) => setTimeout(r, 2_000))])));
}

