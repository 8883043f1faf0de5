// Realtime over WebSocket at /v1/realtime?project=ID[&channels[]=...], speaking the protocol of Appwrite 1.8
// and the appwrite 27 SDK: `connected` on open, `subscribe`/`unsubscribe`/`authentication`/`ping` messages,
// and `event` messages naming the matching subscription ids, filtered by read permissions.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Auth, Emulator, RealtimeEvent } from './context.ts';
import { getUser } from './accounts.ts';
import { parseCookies, resolveSession } from './auth.ts';
import { verifyJwt } from './jwt.ts';
import { accountModel } from './models.ts';
import { rolesOf } from './permissions.ts';
import { filterRows, parseQueries, type Query } from './queries.ts';
import { originAllowed, parseParams } from './server.ts';
import type { SessionRecord } from './types.ts';
import { iso, uniqueId } from './util.ts';

interface Subscription {
  channels: string[];
  queries: Query[];
  rawQueries: string[];
}

interface Connection {
  socket: WebSocket;
  project: string;
  userId: string;
  subscriptions: Map<string, Subscription>;
}

const POLICY_VIOLATION = 1008;
const FORMAT_INVALID = 1003;

/** Appwrite's Realtime::convertChannels: `account` becomes `account.<userId>` (and is dropped for guests). */
function convertChannels(channels: string[], userId: string): string[] {
  const out = new Set<string>();
  for (const c of channels) {
    if (c.startsWith('account.')) continue;
    if (c === 'account') {
      if (userId) out.add(`account.${userId}`);
      continue;
    }
    out.add(c);
  }
  return [...out];
}

export class RealtimeHub {
  readonly wss = new WebSocketServer({ noServer: true });
  readonly connections = new Set<Connection>();
  #emu: Emulator;

  constructor(emu: Emulator) {
    this.#emu = emu;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.#open(ws, req));
  }

  #send(ws: WebSocket, message: unknown) {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  }

  #error(ws: WebSocket, code: number, message: string) {
    this.#send(ws, { type: 'error', data: { code, message } });
    if (code === POLICY_VIOLATION) ws.close(POLICY_VIOLATION, message);
  }

  #roles(conn: Connection): string[] {
    if (!conn.userId) return rolesOf({ role: 'guests' });
    const user = getUser(this.#emu, conn.project, conn.userId);
    return user ? rolesOf({ role: 'users', user, session: null, via: 'session' } as Auth) : rolesOf({ role: 'guests' });
  }

  #userModel(conn: Connection) {
    const user = conn.userId ? getUser(this.#emu, conn.project, conn.userId) : undefined;
    return user ? accountModel(user) : null;
  }

  async #open(ws: WebSocket, req: IncomingMessage) {
    ws.pause();
    try {
      await this.#accept(ws, req);
    } catch (error) {
      this.#error(ws, POLICY_VIOLATION, (error as Error).message || 'Error: Server Error');
    } finally {
      ws.resume();
    }
  }

  async #accept(ws: WebSocket, req: IncomingMessage) {
    const emu = this.#emu;
    const url = new URL(req.url ?? '/', emu.origin);
    const params = parseParams(url.searchParams);
    const project = typeof params.project === 'string' ? params.project : '';
    if (!project) return this.#error(ws, POLICY_VIOLATION, 'Missing or unknown project ID');
    const origin = req.headers.origin;
    if (origin && !originAllowed(emu, origin)) {
      const host = URL.canParse(origin) ? new URL(origin).host : origin;
      return this.#error(ws, POLICY_VIOLATION, `Invalid Origin. Register your new client (${host}) as a new Web platform on your project console dashboard`);
    }
    await emu.ensureProject(project);

    let userId = '';
    const cookies = parseCookies(req.headers.cookie);
    const fromCookie = resolveSession(emu, project, cookies[`a_session_${project}`] || cookies[`a_session_${project}_legacy`]);
    if (fromCookie) userId = fromCookie.user.$id;
    if (typeof params.jwt === 'string' && params.jwt) {
      try {
        const payload = verifyJwt(params.jwt, emu.jwtKey, Math.floor(emu.clock() / 1000));
        const session = typeof payload.sessionId === 'string' ? emu.store.get<SessionRecord>(project, 'sessions', payload.sessionId) : undefined;
        if (session && session.userId === payload.userId) userId = session.userId;
      } catch (error) {
        return this.#error(ws, POLICY_VIOLATION, `Failed to verify JWT. ${(error as Error).message}`);
      }
    }

    const conn: Connection = { socket: ws, project, userId, subscriptions: new Map() };
    const urlChannels = Array.isArray(params.channels) ? (params.channels as string[]) : [];
    const mapping: string[] = [];
    if (urlChannels.length) {
      const id = uniqueId(emu.clock());
      conn.subscriptions.set(id, { channels: urlChannels, queries: [], rawQueries: [] });
      mapping.push(id);
    }
    this.connections.add(conn);
    ws.on('close', () => this.connections.delete(conn));
    ws.on('message', (data) => this.#message(conn, String(data)));
    this.#send(ws, {
      type: 'connected',
      data: { channels: convertChannels(urlChannels, userId), subscriptions: mapping, user: this.#userModel(conn) },
    });
  }

  #message(conn: Connection, text: string) {
    const ws = conn.socket;
    let message: { type?: unknown; data?: unknown };
    try {
      message = JSON.parse(text) as { type?: unknown; data?: unknown };
    } catch {
      return this.#error(ws, FORMAT_INVALID, 'Message format is not valid.');
    }
    if (!message || typeof message !== 'object' || (!('type' in message) && !('data' in message))) return this.#error(ws, FORMAT_INVALID, 'Message format is not valid.');
    switch (message.type) {
      case 'ping':
        return this.#send(ws, { type: 'pong' });
      case 'authentication': {
        const data = message.data as { session?: unknown } | undefined;
        if (!data || typeof data !== 'object' || !('session' in data)) return this.#error(ws, FORMAT_INVALID, 'Payload is not valid.');
        const resolved = resolveSession(this.#emu, conn.project, typeof data.session === 'string' ? data.session : undefined);
        if (!resolved) return this.#error(ws, FORMAT_INVALID, 'Session is not valid.');
        conn.userId = resolved.user.$id;
        return this.#send(ws, { type: 'response', data: { to: 'authentication', success: true, user: accountModel(resolved.user) } });
      }
      case 'subscribe': {
        if (!Array.isArray(message.data)) return this.#error(ws, FORMAT_INVALID, 'Payload is not valid.');
        const parsed: { id: string; sub: Subscription }[] = [];
        for (const item of message.data as unknown[]) {
          if (!item || typeof item !== 'object') return this.#error(ws, FORMAT_INVALID, 'Each subscribe payload must be an object.');
          const p = item as { subscriptionId?: unknown; channels?: unknown; queries?: unknown };
          if (!Array.isArray(p.channels)) return this.#error(ws, FORMAT_INVALID, 'channels is not present in payload.');
          const rawQueries = Array.isArray(p.queries) ? (p.queries as string[]) : [];
          let queries: Query[];
          try {
            queries = parseQueries(rawQueries);
          } catch (error) {
            return this.#error(ws, FORMAT_INVALID, `Invalid query: ${(error as Error).message}`);
          }
          const id = typeof p.subscriptionId === 'string' && p.subscriptionId ? p.subscriptionId : uniqueId(this.#emu.clock());
          parsed.push({ id, sub: { channels: (p.channels as unknown[]).map(String), queries, rawQueries } });
        }
        for (const { id, sub } of parsed) conn.subscriptions.set(id, sub);
        return this.#send(ws, {
          type: 'response',
          data: {
            to: 'subscribe',
            success: true,
            subscriptions: parsed.map(({ id, sub }) => ({ subscriptionId: id, channels: convertChannels(sub.channels, conn.userId), queries: sub.rawQueries })),
          },
        });
      }
      case 'unsubscribe': {
        if (!Array.isArray(message.data)) return this.#error(ws, FORMAT_INVALID, 'Payload is not valid.');
        const ids: string[] = [];
        for (const item of message.data as unknown[]) {
          const id = (item as { subscriptionId?: unknown } | null)?.subscriptionId;
          if (typeof id !== 'string' || !id) return this.#error(ws, FORMAT_INVALID, 'Each unsubscribe payload must include a non-empty subscriptionId.');
          ids.push(id);
        }
        const results = ids.map((id) => ({ subscriptionId: id, removed: conn.subscriptions.delete(id) }));
        return this.#send(ws, { type: 'response', data: { to: 'unsubscribe', success: true, subscriptions: results } });
      }
      default:
        return this.#error(ws, FORMAT_INVALID, 'Message type is not valid.');
    }
  }

  publish(event: RealtimeEvent) {
    const timestamp = iso(this.#emu.clock());
    for (const conn of this.connections) {
      if (conn.project !== event.project) continue;
      const roles = this.#roles(conn);
      if (!event.roles.some((r) => roles.includes(r))) continue;
      const matched: string[] = [];
      for (const [id, sub] of conn.subscriptions) {
        const channels = convertChannels(sub.channels, conn.userId);
        if (!channels.some((c) => event.channels.includes(c))) continue;
        if (sub.queries.length && filterRows([event.payload], sub.queries.filter((q) => !['limit', 'offset', 'orderAsc', 'orderDesc', 'cursorAfter', 'cursorBefore', 'select'].includes(q.method))).length === 0) continue;
        matched.push(id);
      }
      if (!matched.length) continue;
      this.#send(conn.socket, {
        type: 'event',
        data: { events: event.events, channels: event.channels, timestamp, payload: event.payload, subscriptions: matched },
      });
    }
  }

  close() {
    for (const conn of this.connections) conn.socket.terminate();
    this.connections.clear();
    this.wss.close();
  }
}
