import { GoogleGenAI } from '@google/genai';

// The Gemini client of the Worker: Google's own SDK (@google/genai, docs/decisions/0007). The key stays in
// the Worker (it goes in the x-goog-api-key header of each call); the origin comes from the configuration,
// so tests and `npm start` talk to the emulator (tests/emulators/gemini) and nothing else.

export interface GeminiSettings {
  apiKey: string;
  model: string;
  /** The API origin (GEMINI_BASE_URL), e.g. https://generativelanguage.googleapis.com. */
  baseUrl: string;
}

/**
 * fetch whose answer body also ends when the request's signal aborts. The runtime stops waiting for a
 * response when the signal aborts, but a body already streaming would keep coming (and the model keep
 * generating) until it ends: cancelling it closes the connection.
 */
export const cancellableFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const signal = init?.signal;
  if (!signal || !res.body) return res;
  const source = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal.addEventListener('abort', () => {
        // The reader waiting for the next chunk learns at once; the connection is closed behind it.
        controller.error(signal.reason);
        source.cancel(signal.reason).catch(() => {});
      }, { once: true });
    },
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => source.cancel(reason),
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
};

/**
 * The client. apiVersion is set because with a base URL of its own the SDK would otherwise
 * call /v1/..., which lacks the fields this assistant uses; the SDK retries nothing unless asked.
 */
export function geminiClient(settings: GeminiSettings): GoogleGenAI {
  const key = `${settings.baseUrl} ${settings.apiKey}`;
  if (cached?.key !== key) {
    cached = { key, ai: new GoogleGenAI({ apiKey: settings.apiKey, apiVersion: 'v1beta', httpOptions: { baseUrl: settings.baseUrl, fetch: cancellableFetch } }) };
  }
  return cached.ai;
}

/** The isolate's client: it holds no per-request state (each call carries its own signal), so it is reused. */
let cached: { key: string; ai: GoogleGenAI } | null = null;
