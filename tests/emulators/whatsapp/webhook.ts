import { signature } from '../../kit/whatsapp.ts';

// Delivering a webhook to the site as Meta does: the JSON body signed with the app secret
// (X-Hub-Signature-256), retried on anything but a 2xx (Meta keeps trying for days; here a few times with a
// short backoff, so a site that is still starting gets it).

export interface Delivery {
  kind: 'message' | 'status';
  /** The customer's message, or our message the status is about. */
  wamid: string;
  /** For a status: sent, delivered, read or failed. */
  status?: string;
  url: string;
  /** The site's answer to the last attempt (null: no answer). */
  answered: number | null;
  attempts: number;
  error?: string;
  at: string;
}

export const DEFAULT_RETRY_DELAYS_MS = [250, 1_000, 3_000];
const ATTEMPT_TIMEOUT_MS = 10_000;

/** Posts the raw JSON body, signed; resolves after the first 2xx or the last attempt. */
export async function deliver(url: string, appSecret: string, body: string, retryDelaysMs: readonly number[], signal?: AbortSignal): Promise<{ answered: number | null; attempts: number; error?: string }> {
  const init = { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature(appSecret, body) }, body };
  let answered: number | null = null;
  let error: string | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.any([AbortSignal.timeout(ATTEMPT_TIMEOUT_MS), ...(signal ? [signal] : [])]) });
      answered = res.status;
      error = undefined;
      await res.body?.cancel();
    } catch (err) {
      answered = null;
      error = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    }
    const delay = retryDelaysMs[attempt];
    if ((answered !== null && answered >= 200 && answered < 300) || delay === undefined || signal?.aborted) return { answered, attempts: attempt + 1, ...(error ? { error } : {}) };
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
