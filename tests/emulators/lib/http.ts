import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Plumbing shared by the node:http emulators (FormSubmit, Gemini): they differ in what they answer, not in
// how they listen, read bodies or shut down.

/** The whole request body, refused past `maxBytes` (an emulator must not buffer without bound). */
export function readBody(req: IncomingMessage, maxBytes = 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
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
    server.listen(port, host, () => resolve());
  });

/**
 * Serves `handle` on 127.0.0.1 and, where the machine has it, ::1 ("localhost" is either, depending on
 * the client), never on the network. Port 0 picks a free port. A handler that throws gets `onError`.
 */
export async function serveOnLoopback(
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  onError: (res: ServerResponse, err: Error) => void,
): Promise<LoopbackServer> {
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) onError(res, err as Error);
      else res.destroy();
    });
  };
  const v4 = createServer(onRequest);
  await listen(v4, port, '127.0.0.1');
  const actualPort = (v4.address() as AddressInfo).port;
  const servers = [v4];
  const v6 = createServer(onRequest);
  try {
    await listen(v6, actualPort, '::1');
    servers.push(v6);
  } catch {
    // No IPv6 loopback here: 127.0.0.1 is enough.
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
