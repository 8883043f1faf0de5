import { createExecutionContext } from 'cloudflare:test';
import worker from '../../functions/index.ts';
import type { ServerMessage } from '../../shared/voice/protocol.ts';

/**
 * One voice socket through the Worker with `e` (an env a test changed), read to its close: what it said and
 * the close code. For sessions refused or ended at once.
 */
export async function voiceSocketToClose(url: string, e: Env, ip: string): Promise<{ status: number; retryAfter: string | null; received: ServerMessage[]; code: number }> {
  const res = await worker.fetch(new Request(url, { headers: { Upgrade: 'websocket', 'CF-Connecting-IP': ip } }), e, createExecutionContext());
  const ws = res.webSocket!;
  const received: ServerMessage[] = [];
  ws.addEventListener('message', (ev) => { received.push(JSON.parse(ev.data as string) as ServerMessage); });
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (ev) => resolve(ev.code)));
  ws.accept();
  return { status: res.status, retryAfter: res.headers.get('Retry-After'), received, code: await closed };
}
