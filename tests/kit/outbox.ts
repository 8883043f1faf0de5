// The outbox stand-in (tests/emulators/outbox) as tests read it: what the site sent by e-mail and by Web Push.
// Works from workerd tests (the Worker's MAIL_OUTBOX_URL) and from Node or Playwright (the stand-in's URL).
import type { SentMail } from '../emulators/outbox/server.ts';
import type { ReceivedPush } from '../emulators/outbox/push.ts';

export type { ReceivedPush, SentMail };

const json = async <T>(res: Response): Promise<T> => {
  if (!res.ok) throw new Error(`outbox stand-in answered HTTP ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
};

async function poll<T>(read: () => Promise<T[]>, match: (item: T) => boolean, what: string, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const hit = (await read()).find(match);
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`${what} did not reach the outbox stand-in within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function outbox(url: string) {
  const origin = new URL(url).origin;
  const query = (to?: string) => (to ? `?to=${encodeURIComponent(to)}` : '');
  const mails = async (to?: string) => json<SentMail[]>(await fetch(`${origin}/__outbox${query(to)}`));
  const pushes = async () => json<ReceivedPush[]>(await fetch(`${origin}/__pushes`));
  return {
    origin,
    /** Every e-mail sent (to one address when given), oldest first. */
    list: mails,
    /** Forgets the e-mails (to one address when given). */
    clear: async (to?: string) => json<{ cleared: number }>(await fetch(`${origin}/__outbox${query(to)}`, { method: 'DELETE' })),
    /** The first e-mail that matches, waiting for it. */
    waitFor: (match: (m: SentMail) => boolean, timeoutMs = 10_000) => poll(() => mails(), match, 'The e-mail', timeoutMs),
    /** How the next sends are answered (tests/emulators/outbox/server.ts /__mode). */
    setMode: async (mode: { mode: 'ok' | 'fail' | 'timeout'; times?: number; to?: string; code?: string; delayMs?: number }) =>
      json<unknown>(await fetch(`${origin}/__mode`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(mode) })),
    /** Every push message received (refused ones too), oldest first. */
    pushes,
    clearPushes: async () => json<{ cleared: number }>(await fetch(`${origin}/__pushes`, { method: 'DELETE' })),
    waitForPush: (match: (p: ReceivedPush) => boolean, timeoutMs = 10_000) => poll(pushes, match, 'The push message', timeoutMs),
  };
}
