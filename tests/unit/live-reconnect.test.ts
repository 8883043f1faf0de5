// The visitor's live socket (web/chat/liveChat.ts, over partysocket) against a real WebSocket server:
// a dropped connection is re-made and the room's `hello` arrives again; a chat the room ended is not
// rejoined; a room that refuses every attempt counts as gone after five.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectLive, type LiveEvents } from '../../web/chat/liveChat.ts';

type Room = { server: Server; port: number; connections: number; close(): Promise<void> };

/** A room whose `onSocket` decides what each connection gets; `refuse` answers every upgrade with 403. */
async function room(onSocket: (ws: WebSocket, n: number) => void, refuse = false): Promise<Room> {
  const server = createServer();
  const wss = new WebSocketServer({ noServer: true });
  const r: Room = {
    server,
    port: 0,
    connections: 0,
    close: () => new Promise<void>((done) => {
      for (const c of wss.clients) c.terminate();
      server.close(() => done());
    }),
  };
  server.on('upgrade', (req, socket, head) => {
    r.connections += 1;
    if (refuse) {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onSocket(ws, r.connections));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  r.port = (server.address() as AddressInfo).port;
  vi.stubGlobal('location', { protocol: 'http:', host: `127.0.0.1:${r.port}` });
  return r;
}

const hello = (ws: WebSocket) => ws.send(JSON.stringify({ type: 'hello', role: 'visitor', state: 'live', staffName: 'Ama', messages: [] }));

function recorder() {
  const seen: string[] = [];
  const events: LiveEvents = {
    transcript: () => seen.push('hello'),
    message: () => seen.push('message'),
    state: (s) => seen.push(`state:${s}`),
    typing: () => seen.push('typing'),
    notice: (_t, code) => seen.push(`notice:${code}`),
    connected: (up) => seen.push(up ? 'up' : 'down'),
    gone: () => seen.push('gone'),
  };
  return { seen, events };
}

const session = { conversationId: 'c'.repeat(22), token: 't'.repeat(22) };
let open: Room | undefined;
let live: ReturnType<typeof connectLive> | undefined;

afterEach(async () => {
  live?.close();
  await open?.close();
  vi.unstubAllGlobals();
});

describe('the live socket', () => {
  it('re-makes a dropped connection, and the room says hello again', async () => {
    open = await room((ws, n) => {
      hello(ws);
      if (n === 1) setTimeout(() => ws.terminate(), 50);
    });
    const { seen, events } = recorder();
    live = connectLive(session, events);
    await vi.waitFor(() => expect(seen).toEqual(['up', 'hello', 'down', 'up', 'hello']), { timeout: 5_000 });
    expect(open.connections).toBe(2);
    expect(live.send({ type: 'typing', typing: true })).toBe(true);
  });

  it('does not rejoin a chat the room ended', async () => {
    open = await room((ws) => {
      hello(ws);
      ws.send(JSON.stringify({ type: 'state', state: 'ended', staffName: 'Ama' }));
      ws.close(1000, 'ended');
    });
    const { seen, events } = recorder();
    live = connectLive(session, events);
    await vi.waitFor(() => expect(seen).toEqual(['up', 'hello', 'state:ended']));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(open.connections).toBe(1);
    expect(seen).not.toContain('down');
    expect(live.send({ type: 'typing', typing: true })).toBe(false);
  });

  it('counts a room that refuses five attempts in a row as gone, and stops', async () => {
    open = await room(() => {}, true);
    const { seen, events } = recorder();
    live = connectLive(session, events);
    await vi.waitFor(() => expect(seen).toContain('gone'), { timeout: 14_000 });
    expect(open.connections).toBe(5);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(open.connections).toBe(5);
  }, 20_000);
});
