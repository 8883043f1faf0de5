// A local stand-in for Gemini's REST API (generateContent), used by the Worker tests and the chat
// benchmark. It speaks the real wire format: POST /v1beta/models/<model>:generateContent with the key in
// x-goog-api-key (or ?key=), answers {candidates: [{content: {role: "model", parts}, finishReason}],
// usageMetadata, modelVersion}, and Google's error JSON {"error": {code, message, status, details}}.
//
// Scripting (tests run in parallel, so scripts are matched by a marker the test puts in its messages):
//   POST   /__script    {"match": "<marker>", "responses": [Step, ...]}  queue steps for requests whose
//                       contents contain the marker (in any text part); each request takes the next step
//   GET    /__requests[?match=<marker>]  the recorded requests: {at, model, apiKey, match, body}
//   DELETE /__requests  forget recorded requests and scripts
// Step (one answer):
//   {"text": "..."}                                       a text answer (finishReason STOP)
//   {"functionCall": {"name", "args"}, "thoughtSignature"?, "text"?}   a function call (thinking models sign it)
//   {"blockReason": "SAFETY"}                             promptFeedback.blockReason, no candidates
//   {"finishReason": "SAFETY" | "RECITATION", "text"?}     a candidate stopped by a filter
//   {"empty": true}                                       a candidate without parts
//   {"error": "api-key" | "quota" | "internal" | "permission"}  Google's error JSON (400/429/500/403)
//   {"drop": true}                                        the connection is closed without an answer
//   any step may add "delayMs": n                         answer after n ms
// Without a script, the answer is a text naming the last user message.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, serveOnLoopback } from '../lib/http.ts';

export interface ScriptStep {
  text?: string;
  functionCall?: { name: string; args?: Record<string, unknown>; id?: string };
  thoughtSignature?: string;
  blockReason?: string;
  finishReason?: string;
  empty?: boolean;
  error?: 'api-key' | 'quota' | 'internal' | 'permission';
  drop?: boolean;
  delayMs?: number;
}

export interface RecordedRequest {
  at: string;
  model: string;
  apiKey: string | null;
  /** The script marker found in the request, or null. */
  match: string | null;
  body: Record<string, unknown>;
}

export interface GeminiEmulator {
  name: string;
  url: string;
  close(): Promise<void>;
}

export interface GeminiEmulatorOptions {
  /** Keys accepted; empty or absent: any non-empty key. */
  apiKeys?: string[];
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


/** Every text part of the request's contents. */
function textsOf(body: Record<string, unknown>): string[] {
  const contents = Array.isArray(body.contents) ? (body.contents as { parts?: { text?: unknown }[] }[]) : [];
  return contents.flatMap((c) => (Array.isArray(c.parts) ? c.parts : [])).map((p) => p.text).filter((t): t is string => typeof t === 'string');
}

function answer(step: ScriptStep, model: string) {
  const usageMetadata = { promptTokenCount: 42, candidatesTokenCount: 7, totalTokenCount: 49 };
  if (step.blockReason) return { promptFeedback: { blockReason: step.blockReason }, usageMetadata, modelVersion: model };
  const parts: Record<string, unknown>[] = [];
  if (step.text !== undefined) parts.push({ text: step.text });
  if (step.functionCall) parts.push({ functionCall: { args: {}, ...step.functionCall }, ...(step.thoughtSignature ? { thoughtSignature: step.thoughtSignature } : {}) });
  const content = step.empty || !parts.length ? { role: 'model' } : { role: 'model', parts };
  return {
    candidates: [{ content, finishReason: step.finishReason ?? 'STOP', index: 0 }],
    usageMetadata,
    modelVersion: model,
  };
}

export async function start(port: number, options: GeminiEmulatorOptions = {}): Promise<GeminiEmulator> {
  const scripts = new Map<string, ScriptStep[]>();
  const requests: RecordedRequest[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';

    if (url.pathname === '/__script' && method === 'POST') {
      const input = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { match?: unknown; responses?: unknown };
      if (typeof input.match !== 'string' || !input.match || !Array.isArray(input.responses)) {
        return send(res, 400, { error: 'Send {"match": "<marker>", "responses": [steps]}.' });
      }
      scripts.set(input.match, [...(scripts.get(input.match) ?? []), ...(input.responses as ScriptStep[])]);
      return send(res, 200, { match: input.match, queued: scripts.get(input.match)!.length });
    }
    if (url.pathname === '/__requests') {
      if (method === 'GET') {
        const match = url.searchParams.get('match');
        return send(res, 200, match ? requests.filter((r) => r.match === match) : requests);
      }
      if (method === 'DELETE') {
        requests.length = 0;
        scripts.clear();
        return send(res, 200, { cleared: true });
      }
    }

    const m = /^\/v1(?:beta)?\/models\/([^/:]+):generateContent$/.exec(url.pathname);
    if (!m) return send(res, 404, googleError(404, 'NOT_FOUND', `Nothing at ${method} ${url.pathname}.`));
    if (method !== 'POST') return send(res, 405, googleError(405, 'METHOD_NOT_ALLOWED', 'Use POST.'));
    const model = decodeURIComponent(m[1]!);
    const apiKey = (req.headers['x-goog-api-key'] as string | undefined) ?? url.searchParams.get('key');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>;
    } catch {
      return send(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
    }
    const texts = textsOf(body);
    const match = [...scripts.keys()].find((k) => texts.some((t) => t.includes(k))) ?? null;
    requests.push({ at: new Date().toISOString(), model, apiKey: apiKey ?? null, match, body });

    if (!apiKey) return send(res, errors.permission.status, errors.permission.body);
    if (options.apiKeys?.length && !options.apiKeys.includes(apiKey)) return send(res, errors['api-key'].status, errors['api-key'].body);
    if (!Array.isArray(body.contents) || !body.contents.length) {
      return send(res, 400, googleError(400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified'));
    }

    const step: ScriptStep = (match ? scripts.get(match)!.shift() : undefined) ?? { text: `Emulated answer to: ${texts.at(-1) ?? ''}` };
    if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
    if (step.drop) {
      req.socket.destroy();
      return;
    }
    if (step.error) return send(res, errors[step.error].status, errors[step.error].body);
    return send(res, 200, answer(step, model));
  }

  const server = await serveOnLoopback(port, handle, (res, err) => send(res, 500, googleError(500, 'INTERNAL', `Emulator error: ${err.message}`)));
  return { name: 'Gemini', url: `http://localhost:${server.port}`, close: server.close };
}
