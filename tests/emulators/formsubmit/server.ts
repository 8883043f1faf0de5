// A local stand-in for FormSubmit (https://formsubmit.co), used by `npm start` and the tests. It speaks
// FormSubmit's AJAX protocol: POST /ajax/<token> with url-encoded, multipart or JSON fields, answered with
// `{"success":"true","message":"The form was submitted successfully."}`. It records what it received and
// can be told to fail (HTTP 500), to answer like a form that was never activated (HTTP 200 with
// `"success":"false"`), or to take a submission (it is mailed) but answer only after the client gave up.
//
// Control API (for tests and people):
//   GET    /__received[?token=T]  everything received, oldest first: {at, token, path, contentType, fields, headers, status, outcome}
//   DELETE /__received[?token=T]  forget it
//   GET    /__mode                the current modes
//   POST   /__mode                {"mode": "ok" | "fail" | "unactivated" | "timeout", "times"?: n, "token"?: T, "text"?: S,
//                                  "delayMs"?: n}
//                                 "timeout": the submission is taken and recorded (it counts as mailed), and
//                                 the success answer comes only after `delayMs` (default 20000, past the
//                                 Worker's 15 s timeout), or never if the client hangs up first;
//                                 `times`: for the next n submissions only, then back to "ok";
//                                 `token`: only for that form token (tests use one token each);
//                                 `text`: only for submissions with a field containing S (a browser test
//                                 makes its own submission fail on a server that other tests share).
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { answerLate, readBody, serveOnLoopback, type StandInApp } from '../lib/http.ts';

export type Mode = 'ok' | 'fail' | 'unactivated' | 'timeout';
const modes: readonly Mode[] = ['ok', 'fail', 'unactivated', 'timeout'];
const DEFAULT_DELAY_MS = 20_000;

export interface ReceivedSubmission {
  at: string;
  token: string;
  /** 'ajax' for /ajax/<token>, 'form' for a classic form post to /<token>. */
  via: 'ajax' | 'form';
  contentType: string;
  fields: Record<string, string>;
  headers: Record<string, string>;
  status: number;
  outcome: Mode;
}

export interface FormSubmitEmulator {
  name: string;
  url: string;
  close(): Promise<void>;
}

interface ModeState {
  mode: Mode;
  /** Submissions left in this mode; null: until changed. */
  remaining: number | null;
  /** "timeout": how long the answer waits. */
  delayMs: number;
}

const MAX_BODY = 1024 * 1024;

const answers = {
  ok: { status: 200, body: { success: 'true', message: 'The form was submitted successfully.' } },
  timeout: { status: 200, body: { success: 'true', message: 'The form was submitted successfully.' } },
  unactivated: {
    status: 200,
    body: { success: 'false', message: "This form needs Activation. We've sent you an email containing an 'Activate Form' link. Just click it and your form will be actived!" },
  },
  fail: { status: 500, body: { success: 'false', message: 'Internal Server Error (FormSubmit emulator: told to fail).' } },
} as const;


/** Text fields of a multipart/form-data body; files are noted by name only. */
export function parseMultipart(body: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw new Error('multipart body without a boundary');
  const fields: Record<string, string> = {};
  for (const part of body.toString('latin1').split(`--${marker}`).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) continue;
    const head = part.slice(0, split);
    const content = part.slice(split + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) continue;
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    fields[Buffer.from(name, 'latin1').toString('utf8')] =
      filename !== undefined ? `[file ${Buffer.from(filename, 'latin1').toString('utf8')}]` : Buffer.from(content, 'latin1').toString('utf8');
  }
  return fields;
}

export function parseFields(body: Buffer, contentType: string): Record<string, string> {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') {
    const parsed = JSON.parse(body.toString('utf8') || '{}') as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('JSON body must be an object');
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  }
  if (type === 'multipart/form-data') return parseMultipart(body, contentType);
  // FormSubmit treats anything else like a classic form post.
  return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
}

export async function start(port: number): Promise<FormSubmitEmulator> {
  const received: ReceivedSubmission[] = [];
  let globalMode: ModeState = { mode: 'ok', remaining: null, delayMs: DEFAULT_DELAY_MS };
  const tokenModes = new Map<string, ModeState>();
  const textModes = new Map<string, ModeState>();

  /** The outcome of the next submission for a token and its fields, counting down `times`. */
  function nextOutcome(token: string, fields: Record<string, string>): { mode: Mode; delayMs: number } {
    const text = [...textModes.keys()].find((t) => Object.values(fields).some((v) => v.includes(t)));
    const state = (text !== undefined ? textModes.get(text) : undefined) ?? tokenModes.get(token) ?? globalMode;
    const { mode, delayMs } = state;
    if (state.remaining !== null) {
      state.remaining -= 1;
      if (state.remaining <= 0) {
        if (text !== undefined && textModes.get(text) === state) textModes.delete(text);
        else if (tokenModes.get(token) === state) tokenModes.delete(token);
        else globalMode = { mode: 'ok', remaining: null, delayMs: DEFAULT_DELAY_MS };
      }
    }
    return { mode, delayMs };
  }

  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
    return new Response(text, {
      status,
      headers: {
        'Content-Type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'no-store',
        ...headers,
      },
    });
  };

  const app: StandInApp = new Hono({ strict: false });
  app.onError((err) => send(500, { success: 'false', message: `Emulator error: ${err.message}` }));
  app.notFound((c) => send(404, { success: 'false', message: `Nothing at ${c.req.method} ${c.req.path}.` }));

  app.options('*', () => new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, Accept',
    },
  }));

  app.get('/__received', (c) => {
    const token = c.req.query('token');
    return send(200, token ? received.filter((r) => r.token === token) : received);
  });
  app.delete('/__received', (c) => {
    const token = c.req.query('token');
    const before = received.length;
    if (token) {
      for (let i = received.length - 1; i >= 0; i--) if (received[i]!.token === token) received.splice(i, 1);
    } else received.length = 0;
    return send(200, { cleared: before - received.length });
  });
  app.all('/__received', () => send(405, { error: 'Use GET or DELETE.' }, { Allow: 'GET, DELETE' }));

  const badMode = () => send(400, { error: 'Send JSON: {"mode": "ok" | "fail" | "unactivated" | "timeout", "times"?: number, "token"?: string, "delayMs"?: number}.' });
  app.get('/__mode', () => send(200, { mode: globalMode, tokens: Object.fromEntries(tokenModes), texts: Object.fromEntries(textModes) }));
  app.post('/__mode', async (c) => {
    let input: { mode?: unknown; times?: unknown; token?: unknown; text?: unknown; delayMs?: unknown };
    try {
      input = JSON.parse((await readBody(c.req.raw, MAX_BODY)).toString('utf8') || '{}') as typeof input;
    } catch {
      return badMode();
    }
    if (!modes.includes(input.mode as Mode)) return send(400, { error: `mode must be one of ${modes.join(', ')}.` });
    if (input.times !== undefined && !(Number.isInteger(input.times) && (input.times as number) > 0)) {
      return send(400, { error: 'times must be a positive whole number.' });
    }
    if (input.token !== undefined && (typeof input.token !== 'string' || !input.token)) return send(400, { error: 'token must be a string.' });
    if (input.text !== undefined && (typeof input.text !== 'string' || !input.text)) return send(400, { error: 'text must be a string.' });
    if (input.delayMs !== undefined && !(Number.isInteger(input.delayMs) && (input.delayMs as number) >= 0)) {
      return send(400, { error: 'delayMs must be a whole number of milliseconds.' });
    }
    const state: ModeState = { mode: input.mode as Mode, remaining: (input.times as number | undefined) ?? null, delayMs: (input.delayMs as number | undefined) ?? DEFAULT_DELAY_MS };
    if (input.text) {
      if (state.mode === 'ok' && state.remaining === null) textModes.delete(input.text);
      else textModes.set(input.text, state);
    } else if (input.token) {
      if (state.mode === 'ok' && state.remaining === null) tokenModes.delete(input.token);
      else tokenModes.set(input.token, state);
    } else globalMode = state;
    return send(200, { mode: state.mode, times: state.remaining, token: input.token ?? null, text: input.text ?? null });
  });
  app.all('/__mode', () => send(405, { error: 'Use GET or POST.' }, { Allow: 'GET, POST' }));

  const unreadable = (why: string) => send(400, { success: 'false', message: `Could not read the form data: ${why}` });
  const submit = (via: 'ajax' | 'form') => async (c: Context<{ Bindings: HttpBindings }>) => {
    const token = c.req.param('token')!;
    if (token.startsWith('__')) return c.notFound();
    const contentType = c.req.header('content-type') ?? '';
    let fields: Record<string, string>;
    try {
      fields = parseFields(await readBody(c.req.raw, MAX_BODY), contentType);
    } catch (err) {
      return unreadable((err as Error).message);
    }
    const { mode: outcome, delayMs } = nextOutcome(token, fields);
    const answer = answers[outcome];
    const headers = Object.fromEntries(Object.entries(c.env.incoming.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    received.push({ at: new Date().toISOString(), token, via, contentType, fields, headers, status: answer.status, outcome });
    if (outcome === 'timeout') {
      // Taken (and mailed) already; the answer comes too late, or never if the client hangs up first.
      const gone = await answerLate(c.env.outgoing, delayMs);
      if (gone) return gone;
    }
    if (via === 'ajax') return send(answer.status, answer.body);
    // A classic form post: FormSubmit shows a page, or redirects to _next.
    if (outcome === 'ok' && fields._next) return new Response(null, { status: 303, headers: { Location: fields._next } });
    return send(answer.status, answer.body.message);
  };
  app.post('/ajax/:token', submit('ajax'));
  app.post('/:token', submit('form'));

  app.get('/', () => send(200, [
    'FormSubmit emulator.',
    'POST /ajax/<token> with form fields (url-encoded, multipart or JSON); Accept: application/json.',
    'GET /__received to see what arrived; DELETE /__received to forget it.',
    'POST /__mode {"mode": "ok" | "fail" | "unactivated" | "timeout", "times"?: n, "token"?: "<token>", "text"?: "<text in a field>", "delayMs"?: n}.',
  ].join('\n')));

  const server = await serveOnLoopback(port, app);
  return { name: 'FormSubmit', url: `http://localhost:${server.port}`, close: server.close };
}
