// A local stand-in for Gemini's REST API, used by the Worker tests, the browser tests and the chat
// benchmark. It speaks the real wire format: POST /v1beta/models/<model>:generateContent and
// :streamGenerateContent?alt=sse with the key in x-goog-api-key (or ?key=); answers
// {candidates: [{content: {role: "model", parts}, finishReason}], usageMetadata, modelVersion}, and Google's
// error JSON {"error": {code, message, status, details}}.
// Streaming is chunked as Google sends it: `data: <GenerateContentResponse JSON>\r\n\r\n` per chunk, the
// text split into tokens (a word and the space after it) one chunk each, the last chunk carrying the last
// token with finishReason and usageMetadata (a function call comes whole in the last chunk). The first chunk
// waits the time to first token, each further one the per-token delay (0 and 0 unless set).
//
// Scripting (tests run in parallel, so scripts are matched by a marker the test puts in its messages):
//   POST   /__script    {"match": "<marker>", "responses": [Step, ...]}  queue steps for requests whose
//                       contents contain the marker (in any text part); each request takes the next step
//   GET    /__requests[?match=<marker>]  the recorded requests: {at, model, apiKey, match, body}
//   DELETE /__requests  forget recorded requests and scripts
//   POST   /__timing    {"firstTokenMs"?, "tokenMs"?}  the streaming delays from now on (also start options)
//   POST   /__release   {"hold": "<name>"}  sends the last chunk of the streams held under that name
// Step (one answer):
//   {"text": "..."}                                       a text answer (finishReason STOP)
//   {"functionCall": {"name", "args"}, "thoughtSignature"?, "text"?}   a function call (thinking models sign it)
//   {"blockReason": "SAFETY"}                             promptFeedback.blockReason, no candidates
//   {"finishReason": "SAFETY" | "RECITATION", "text"?}     a candidate stopped by a filter
//   {"empty": true}                                       a candidate without parts
//   {"error": "api-key" | "quota" | "internal" | "permission"}  Google's error JSON (400/429/500/403)
//   {"drop": true}                                        the connection is closed without an answer
//   any step may add "delayMs": n                         answer after n ms
// Streaming only:
//   "firstTokenMs", "tokenMs"                             this answer's delays (else the emulator's)
//   "hold": "<name>"                                      the last chunk waits for POST /__release
//   "dropAfter": n                                        the connection is closed after n chunks (100 ms on)
// A recorded request says whether it streamed and whether the client went away before the answer ended
// (`aborted`, e.g. the Worker cancelled its upstream request).
// Without a script, the answer is a text naming the last user message; a request with inline audio (a voice
// note to transcribe) is answered with AUDIO_TRANSCRIPT, whatever the audio.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono } from 'hono';
import { readBody, serveOnLoopback, type StandInApp } from '../lib/http.ts';
import type { BlockedReasonWire, FinishReasonWire, GenerateContentWire, PartWire } from '../../contracts/gemini/wire.ts';

export interface ScriptStep {
  text?: string;
  functionCall?: { name: string; args?: Record<string, unknown>; id?: string };
  thoughtSignature?: string;
  blockReason?: BlockedReasonWire;
  finishReason?: FinishReasonWire;
  empty?: boolean;
  error?: 'api-key' | 'quota' | 'internal' | 'permission';
  drop?: boolean;
  delayMs?: number;
  firstTokenMs?: number;
  tokenMs?: number;
  hold?: string;
  dropAfter?: number;
}

export interface RecordedRequest {
  at: string;
  model: string;
  apiKey: string | null;
  /** The script marker found in the request, or null. */
  match: string | null;
  body: Record<string, unknown>;
  /** :streamGenerateContent (true) or :generateContent. */
  stream: boolean;
  /** The client closed the connection before the answer was complete. */
  aborted: boolean;
  /** Streaming: when each chunk was written (performance.now() of the emulator's process). */
  chunksAt: number[];
}

export interface GeminiEmulator {
  name: string;
  url: string;
  close(): Promise<void>;
}

export interface GeminiEmulatorOptions {
  /** Keys accepted; empty or absent: any non-empty key. */
  apiKeys?: string[];
  /** Streaming: the time to the first chunk and between chunks (default 0). */
  firstTokenMs?: number;
  tokenMs?: number;
}

const googleError = (code: number, status: string, message: string, reason?: string) => ({
  error: {
    code, message, status,
    ...(reason ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } }] } : {}),
  },
});

export const errors = {
  'api-key': { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID') },
  quota: { status: 429, body: googleError(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota, please check your plan and billing details.') },
  internal: { status: 500, body: googleError(500, 'INTERNAL', 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting') },
  permission: { status: 403, body: googleError(403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.") },
} as const;


/** The unscripted answer to a request that carries inline audio (a voice note to transcribe). */
export const AUDIO_TRANSCRIPT = 'Hello, this is Kwame from Kumasi. I would like a price for a website for my shop, with online payments.';

/** Whether any part of the request's contents is inline audio. */
const hasAudio = (body: Record<string, unknown>): boolean =>
  (Array.isArray(body.contents) ? (body.contents as { parts?: { inlineData?: { mimeType?: unknown } }[] }[]) : [])
    .flatMap((c) => (Array.isArray(c.parts) ? c.parts : []))
    .some((p) => typeof p.inlineData?.mimeType === 'string' && p.inlineData.mimeType.startsWith('audio/'));

/** Every text part of the request's contents. */
function textsOf(body: Record<string, unknown>): string[] {
  const contents = Array.isArray(body.contents) ? (body.contents as { parts?: { text?: unknown }[] }[]) : [];
  return contents.flatMap((c) => (Array.isArray(c.parts) ? c.parts : [])).map((p) => p.text).filter((t): t is string => typeof t === 'string');
}

function answer(step: ScriptStep, model: string): GenerateContentWire {
  const usageMetadata = { promptTokenCount: 42, candidatesTokenCount: 7, totalTokenCount: 49 };
  if (step.blockReason) return { promptFeedback: { blockReason: step.blockReason }, usageMetadata, modelVersion: model };
  const parts: PartWire[] = [];
  if (step.text !== undefined) parts.push({ text: step.text });
  if (step.functionCall) parts.push({ functionCall: { args: {}, ...step.functionCall }, ...(step.thoughtSignature ? { thoughtSignature: step.thoughtSignature } : {}) });
  const content = step.empty || !parts.length ? { role: 'model' } : { role: 'model', parts };
  return {
    candidates: [{ content, finishReason: step.finishReason ?? 'STOP', index: 0 }],
    usageMetadata,
    modelVersion: model,
  };
}

/** A text as the model's tokens: each word with the space after it (leading space kept on the first). */
export const tokensOf = (text: string): string[] => text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);

/** The chunks of a streamed answer, as Google sends them (see the header). */
export function streamChunks(step: ScriptStep, model: string): GenerateContentWire[] {
  const whole = answer(step, model);
  if (!whole.candidates) return [whole];
  const candidate = whole.candidates[0]!;
  const parts = candidate.content?.parts ?? [];
  const tokens = step.text ? tokensOf(step.text) : [];
  const chunk = (chunkParts: PartWire[] | null, last: boolean): GenerateContentWire => ({
    candidates: [{ content: chunkParts ? { role: 'model', parts: chunkParts } : { role: 'model' }, ...(last ? { finishReason: candidate.finishReason } : {}), index: 0 }],
    ...(last ? { usageMetadata: { ...whole.usageMetadata, candidatesTokenCount: tokens.length, totalTokenCount: 42 + tokens.length } } : {}),
    modelVersion: model,
    responseId: 'emulated-response',
  });
  const call = parts.filter((p) => p.functionCall);
  // A filtered answer: its text, then a last chunk without content that says why it stopped.
  if (step.finishReason && step.finishReason !== 'STOP') return [...tokens.map((t) => chunk([{ text: t }], false)), chunk(null, true)];
  if (!tokens.length) return [chunk(call.length ? call : step.empty ? null : parts, true)];
  return tokens.map((t, i) => {
    const last = i === tokens.length - 1;
    return chunk(last && call.length ? [{ text: t }, ...call] : [{ text: t }], last);
  });
}

export async function start(port: number, options: GeminiEmulatorOptions = {}): Promise<GeminiEmulator> {
  const scripts = new Map<string, ScriptStep[]>();
  const requests: RecordedRequest[] = [];
  const timing = { firstTokenMs: options.firstTokenMs ?? 0, tokenMs: options.tokenMs ?? 0 };
  /** Streams waiting for their last chunk, by hold name. */
  const held = new Map<string, (() => void)[]>();
  const released = new Set<string>();
  const waitFor = (name: string) => (released.has(name) ? Promise.resolve() : new Promise<void>((resolve) => held.set(name, [...(held.get(name) ?? []), resolve])));

  const send = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' } });
  const json = async <T>(c: Context) => JSON.parse((await readBody(c.req.raw)).toString('utf8') || '{}') as T;

  const app: StandInApp = new Hono();
  app.onError((err) => send(500, googleError(500, 'INTERNAL', `Emulator error: ${err.message}`)));
  app.notFound((c) => send(404, googleError(404, 'NOT_FOUND', `Nothing at ${c.req.method} ${c.req.path}.`)));

  app.post('/__script', async (c) => {
    const input = await json<{ match?: unknown; responses?: unknown }>(c);
    if (typeof input.match !== 'string' || !input.match || !Array.isArray(input.responses)) {
      return send(400, { error: 'Send {"match": "<marker>", "responses": [steps]}.' });
    }
    scripts.set(input.match, [...(scripts.get(input.match) ?? []), ...(input.responses as ScriptStep[])]);
    return send(200, { match: input.match, queued: scripts.get(input.match)!.length });
  });
  app.post('/__timing', async (c) => {
    const input = await json<Partial<typeof timing>>(c);
    for (const k of ['firstTokenMs', 'tokenMs'] as const) if (typeof input[k] === 'number' && input[k] >= 0) timing[k] = input[k];
    return send(200, timing);
  });
  app.post('/__release', async (c) => {
    const { hold } = await json<{ hold?: unknown }>(c);
    if (typeof hold !== 'string' || !hold) return send(400, { error: 'Send {"hold": "<name>"}.' });
    released.add(hold);
    const waiting = held.get(hold) ?? [];
    held.delete(hold);
    for (const release of waiting) release();
    return send(200, { released: waiting.length });
  });
  app.get('/__requests', (c) => {
    const match = c.req.query('match');
    return send(200, match ? requests.filter((r) => r.match === match) : requests);
  });
  app.delete('/__requests', () => {
    requests.length = 0;
    scripts.clear();
    released.clear();
    return send(200, { cleared: true });
  });

  // /v1beta/models/<model>:generateContent and :streamGenerateContent (the SDK may double the slash).
  app.all('*', async (c, next) => {
    const m = /^\/+v1(?:beta)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(new URL(c.req.url).pathname);
    if (!m) return next();
    if (c.req.method !== 'POST') return send(405, googleError(405, 'METHOD_NOT_ALLOWED', 'Use POST.'));
    const model = decodeURIComponent(m[1]!);
    const apiKey = c.req.header('x-goog-api-key') ?? c.req.query('key');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(c.req.raw)).toString('utf8')) as Record<string, unknown>;
    } catch {
      return send(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
    }
    const texts = textsOf(body);
    const match = [...scripts.keys()].find((k) => texts.some((t) => t.includes(k))) ?? null;
    const streaming = m[2] === 'streamGenerateContent';
    const record: RecordedRequest = { at: new Date().toISOString(), model, apiKey: apiKey ?? null, match, body, stream: streaming, aborted: false, chunksAt: [] };
    requests.push(record);
    const { incoming: req, outgoing: res } = c.env;
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
    });

    if (!apiKey) return send(errors.permission.status, errors.permission.body);
    if (options.apiKeys?.length && !options.apiKeys.includes(apiKey)) return send(errors['api-key'].status, errors['api-key'].body);
    if (!Array.isArray(body.contents) || !body.contents.length) {
      return send(400, googleError(400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified'));
    }

    const step: ScriptStep = (match ? scripts.get(match)!.shift() : undefined)
      ?? { text: hasAudio(body) ? AUDIO_TRANSCRIPT : `Emulated answer to: ${texts.at(-1) ?? ''}` };
    if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
    if (step.drop) {
      req.socket.destroy();
      return RESPONSE_ALREADY_SENT;
    }
    if (step.error) return send(errors[step.error].status, errors[step.error].body);
    if (!streaming) return send(200, answer(step, model));
    if (c.req.query('alt') !== 'sse') return send(400, googleError(400, 'INVALID_ARGUMENT', 'This emulator streams only with alt=sse.'));
    // The chunks are written to Node's response as they are due (timing, holds and drops; see the header).
    streamAnswer(res, req, step, model, record).catch(() => res.destroy());
    return RESPONSE_ALREADY_SENT;
  });

  async function streamAnswer(res: ServerResponse, req: IncomingMessage, step: ScriptStep, model: string, record: RecordedRequest) {
    const chunks = streamChunks(step, model);
    const first = step.firstTokenMs ?? timing.firstTokenMs;
    const each = step.tokenMs ?? timing.tokenMs;
    const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
    res.flushHeaders();
    for (let i = 0; i < chunks.length; i++) {
      await sleep(i === 0 ? first : each);
      if (i === chunks.length - 1 && step.hold) await waitFor(step.hold);
      if (step.dropAfter !== undefined && i >= step.dropAfter) {
        // A moment after the last chunk, so that the client has read what came before the break.
        await sleep(100);
        req.socket.destroy();
        return;
      }
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify(chunks[i])}\r\n\r\n`);
      record.chunksAt.push(performance.now());
    }
    res.end();
  }

  const server = await serveOnLoopback(port, app);
  return { name: 'Gemini', url: `http://localhost:${server.port}`, close: server.close };
}
