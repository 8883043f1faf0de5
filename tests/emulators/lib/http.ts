import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';

// Plumbing shared by the stand-ins (Appwrite, FormSubmit, Gemini, Gemini Live): each is a Hono app; this
// serves it over node:http on the loopback addresses only, and shuts it down.

/** A stand-in's app: Hono with Node's request and response at hand (c.env.incoming, c.env.outgoing). */
export type StandInApp = Hono<{ Bindings: HttpBindings }>;

/**
 * The whole request body, refused past `maxBytes` (a stand-in must not buffer without bound). Read here
 * rather than with hono/body-limit, whose re-wrapping of a chunked body needs Hono's global Request, which
 * the stand-ins leave alone.
 */
export async function readBody(req: Request, maxBytes = 1024 * 1024): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error('body too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Waits `delayMs` before a stand-in answers (a service that took the request but answers after the client's
 * timeout), or until the client hangs up. A Response for a client that is gone, or null to answer now.
 */
export async function answerLate(res: ServerResponse, delayMs: number): Promise<Response | null> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, delayMs);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return res.destroyed || res.writableEnded ? new Response(null, { status: 499 }) : null;
}

export interface LoopbackServer {
  port: number;
  /** The node:http servers (IPv4 and, where there is one, IPv6 loopback), e.g. to handle WebSocket upgrades. */
  servers: Server[];
  close(): Promise<void>;
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

/**
 * Serves `app` on 127.0.0.1 and, where the machine has it, ::1 ("localhost" is either, depending on the
 * client), never on the network; `host` serves one interface only. Port 0 picks a free port. Node's own
 * Request and Response stay in place (tests in the same process use them).
 */
export async function serveOnLoopback(port: number, app: StandInApp, host?: string): Promise<LoopbackServer> {
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  const v4 = createServer(listener);
  await listen(v4, port, host ?? '127.0.0.1');
  const actualPort = (v4.address() as AddressInfo).port;
  const servers = [v4];
  if (!host) {
    const v6 = createServer(listener);
    try {
      await listen(v6, actualPort, '::1');
      servers.push(v6);
    } catch {
      // No IPv6 loopback here: 127.0.0.1 is enough.
    }
  }
  return {
    port: actualPort,
    servers,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })));
    },
  };
}
