// The outbox: a local stand-in for the Cloudflare Email Service binding (platform/mail.ts sends here when
// MAIL_OUTBOX_URL is set) and, at /push, for a Web Push service (push.ts). Used by `npm start` (port
// OUTBOX_PORT, default 8794) and the tests. Nothing leaves the machine: every message is kept in memory.
//
//   POST   /send           the binding's structured message as JSON ({ from, to, subject, text, replyTo?,
//                          headers? }); answers { messageId } like env.EMAIL.send(), or { code, message } with
//                          400 for a message the binding would refuse (no recipient, subject or body, a
//                          header outside its allow-list such as Message-ID) and 500 when told to fail
//   GET    /__outbox       every message sent, oldest first: { from, to, replyTo, subject, text, headers,
//                          messageId, sentAt } (?to=address: only those to it)
//   DELETE /__outbox       forget them (?to=address: only those)
//   POST   /__mode         { "mode": "ok" | "fail" | "timeout", "times"?: n, "to"?: address, "code"?: E_…,
//                          "delayMs"?: n }: "fail" answers 500 with the code (default E_DELIVERY_FAILED,
//                          a refusal) and keeps nothing; "timeout" keeps the message (it counts as sent) and
//                          answers after delayMs (default 20000) or never; `times`: the next n sends only;
//                          `to`: only sends to that address (tests use one address each)
//   GET    /               a page listing the messages and the pushes, newest first
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { answerLate, readBody, serveOnLoopback, type StandInApp } from '../lib/http.ts';
import { mountPush, type ReceivedPush } from './push.ts';

export interface SentMail {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  headers: Record<string, string>;
  messageId: string;
  sentAt: string;
}

export interface OutboxEmulator {
  name: string;
  url: string;
  close(): Promise<void>;
}

type Mode = 'ok' | 'fail' | 'timeout';
const MODES: readonly Mode[] = ['ok', 'fail', 'timeout'];
interface ModeState {
  mode: Mode;
  remaining: number | null;
  code: string;
  delayMs: number;
}
const DEFAULT_MODE: ModeState = { mode: 'ok', remaining: null, code: 'E_DELIVERY_FAILED', delayMs: 20_000 };

/** Headers the Email Service sets itself or takes as API fields (developers.cloudflare.com/email-service/reference/headers). */
const NOT_ALLOWED = /^(date|message-id|mime-version|content-type|content-transfer-encoding|dkim-signature|return-path|received|feedback-id|arc-.*|from|to|cc|bcc|subject|reply-to)$/i;
const ALLOWED = /^(in-reply-to|references|list-[a-z-]+|precedence|auto-submitted|content-language|keywords|comments|importance|priority|sensitivity|organization|expires|reply-by|archived-at|require-recipient-valid-since|x-[a-z0-9_-]+)$/i;

const address = (v: unknown): string | null => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as { email?: unknown }).email === 'string') {
    const { email, name } = v as { email: string; name?: unknown };
    return typeof name === 'string' && name ? `${name} <${email}>` : email;
  }
  return null;
};

/** The message as the outbox keeps it, or the binding's refusal. */
export function readMessage(input: unknown): { mail: Omit<SentMail, 'messageId' | 'sentAt'> } | { code: string; message: string } {
  const m = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const from = address(m.from);
  const to = Array.isArray(m.to) ? m.to.map(address).filter(Boolean).join(', ') : address(m.to);
  if (!from || !to || typeof m.subject !== 'string' || !m.subject) return { code: 'E_FIELD_MISSING', message: 'from, to and subject are required.' };
  if (typeof m.text !== 'string' && typeof m.html !== 'string') return { code: 'E_FIELD_MISSING', message: 'text or html is required.' };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries((m.headers ?? {}) as Record<string, unknown>)) {
    if (NOT_ALLOWED.test(name)) return { code: 'E_HEADER_NOT_ALLOWED', message: `Header '${name}' is not allowed. It is set by the platform or by an API field.` };
    if (!ALLOWED.test(name)) return { code: 'E_HEADER_NOT_ALLOWED', message: `Header '${name}' is not on the allow-list.` };
    if (typeof value !== 'string' || !value || /[\r\n]/.test(value)) return { code: 'E_HEADER_VALUE_INVALID', message: `Header '${name}' must be one non-empty line.` };
    headers[name] = value;
  }
  return { mail: { from, to, replyTo: address(m.replyTo), subject: m.subject, text: typeof m.text === 'string' ? m.text : '', headers } };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function outboxPage(mails: SentMail[], pushes: ReceivedPush[]): string {
  const mailItems = [...mails].reverse().map((m) => `<article>
  <h3>${escapeHtml(m.subject)}</h3>
  <dl>
    <dt>From</dt><dd>${escapeHtml(m.from)}</dd>
    <dt>To</dt><dd>${escapeHtml(m.to)}</dd>
    ${m.replyTo ? `<dt>Reply-To</dt><dd>${escapeHtml(m.replyTo)}</dd>` : ''}
    <dt>Message-ID</dt><dd>${escapeHtml(m.messageId)}</dd>
    ${Object.entries(m.headers).map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}
    <dt>Sent</dt><dd><time datetime="${m.sentAt}">${m.sentAt}</time></dd>
  </dl>
  <pre>${escapeHtml(m.text)}</pre>
</article>`).join('\n');
  const pushItems = [...pushes].reverse().map((p) => `<li>${p.status} · subscription ${escapeHtml(p.subscriptionId)} · <time datetime="${p.receivedAt}">${p.receivedAt}</time> · ${p.body.length ? `${Buffer.from(p.body, 'base64').length} encrypted bytes` : 'no body'}${p.headers.urgency ? ` · urgency ${escapeHtml(p.headers.urgency)}` : ''}${p.error ? ` · refused: ${escapeHtml(p.error)}` : ''}</li>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local outbox · e-mail and push stand-in</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
  article { border: 1px solid #ccc; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  h1 { font-size: 1.5rem; } h2 { font-size: 1.25rem; } h3 { font-size: 1.125rem; margin: 0; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0 .75rem; font-size: .875rem; color: #444; }
  dt { font-weight: 600; } dd { margin: 0; word-break: break-all; }
  pre { white-space: pre-wrap; font: inherit; margin: .75rem 0 0; }
  /* Long addresses, ids and links wrap: the page is read at 390 px too. */
  pre, li, h3 { overflow-wrap: anywhere; }
  a { color: #0645ad; }
</style>
</head>
<body>
<main>
<h1>Local outbox</h1>
<p>Every e-mail the site sends on this machine, newest first. JSON: <a href="/__outbox">/__outbox</a>; push messages: <a href="/__pushes">/__pushes</a>.</p>
<section aria-labelledby="mail-heading">
<h2 id="mail-heading">E-mails (${mails.length})</h2>
${mailItems || '<p>No e-mails yet.</p>'}
</section>
<section aria-labelledby="push-heading">
<h2 id="push-heading">Push messages (${pushes.length})</h2>
${pushItems ? `<ul>${pushItems}</ul>` : '<p>No push messages yet.</p>'}
</section>
</main>
</body>
</html>`;
}

export async function start(port: number): Promise<OutboxEmulator> {
  const sent: SentMail[] = [];
  let globalMode: ModeState = { ...DEFAULT_MODE };
  const toModes = new Map<string, ModeState>();

  function nextMode(to: string): ModeState {
    const key = to.toLowerCase();
    const state = toModes.get(key) ?? globalMode;
    if (state.remaining !== null && --state.remaining <= 0) {
      if (toModes.get(key) === state) toModes.delete(key);
      else globalMode = { ...DEFAULT_MODE };
    }
    return state;
  }

  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(
    typeof body === 'string' ? body : JSON.stringify(body, null, 2),
    { status, headers: { 'Content-Type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers } },
  );
  const matches = (m: SentMail, to: string | undefined) => !to || m.to.toLowerCase() === to.toLowerCase();

  const app: StandInApp = new Hono({ strict: false });
  app.onError((err) => send(500, { code: 'E_INTERNAL_SERVER_ERROR', message: `Outbox stand-in error: ${err.message}` }));
  app.notFound((c) => send(404, { error: `Nothing at ${c.req.method} ${c.req.path}.` }));
  const { pushes } = mountPush(app, send);

  app.get('/', () => send(200, outboxPage(sent, pushes)));
  app.get('/__outbox', (c) => send(200, sent.filter((m) => matches(m, c.req.query('to')))));
  app.delete('/__outbox', (c) => {
    const to = c.req.query('to');
    const before = sent.length;
    for (let i = sent.length - 1; i >= 0; i--) if (matches(sent[i]!, to)) sent.splice(i, 1);
    return send(200, { cleared: before - sent.length });
  });

  app.post('/__mode', async (c) => {
    let input: { mode?: unknown; times?: unknown; to?: unknown; code?: unknown; delayMs?: unknown };
    try {
      input = JSON.parse((await readBody(c.req.raw)).toString('utf8') || '{}');
    } catch {
      return send(400, { error: 'Send JSON: {"mode": "ok" | "fail" | "timeout", "times"?: n, "to"?: address, "code"?: "E_…", "delayMs"?: n}.' });
    }
    if (!MODES.includes(input.mode as Mode)) return send(400, { error: `mode must be one of ${MODES.join(', ')}.` });
    if (input.times !== undefined && !(Number.isInteger(input.times) && (input.times as number) > 0)) return send(400, { error: 'times must be a positive whole number.' });
    if (input.to !== undefined && (typeof input.to !== 'string' || !input.to)) return send(400, { error: 'to must be an address.' });
    if (input.code !== undefined && (typeof input.code !== 'string' || !/^E_[A-Z_]+$/.test(input.code))) return send(400, { error: 'code must be an error code like E_DELIVERY_FAILED.' });
    if (input.delayMs !== undefined && !(Number.isInteger(input.delayMs) && (input.delayMs as number) >= 0)) return send(400, { error: 'delayMs must be a whole number of milliseconds.' });
    const state: ModeState = {
      mode: input.mode as Mode,
      remaining: (input.times as number | undefined) ?? null,
      code: (input.code as string | undefined) ?? DEFAULT_MODE.code,
      delayMs: (input.delayMs as number | undefined) ?? DEFAULT_MODE.delayMs,
    };
    if (input.to) {
      if (state.mode === 'ok' && state.remaining === null) toModes.delete(input.to.toLowerCase());
      else toModes.set(input.to.toLowerCase(), state);
    } else globalMode = state;
    return send(200, { mode: state.mode, times: state.remaining, to: input.to ?? null, code: state.code });
  });

  app.post('/send', async (c) => {
    let input: unknown;
    try {
      input = JSON.parse((await readBody(c.req.raw)).toString('utf8'));
    } catch {
      return send(400, { code: 'E_VALIDATION_ERROR', message: 'The body must be the message as JSON.' });
    }
    const read = readMessage(input);
    if ('code' in read) return send(400, read);
    const { mode, code, delayMs } = nextMode(read.mail.to);
    if (mode === 'fail') return send(500, { code, message: 'Outbox stand-in: told to fail.' });
    // Shaped like the binding's (wrangler's local binding answers `<random@sender's domain>` too).
    const domain = /@([^>\s]+)>?$/.exec(read.mail.from)?.[1] ?? 'outbox.localhost';
    const mail: SentMail = { ...read.mail, messageId: `<${randomUUID().replaceAll('-', '')}@${domain}>`, sentAt: new Date().toISOString() };
    sent.push(mail);
    if (mode === 'timeout') {
      // Kept (so sent) already; the answer comes too late, or never if the client hangs up first.
      const gone = await answerLate(c.env.outgoing, delayMs);
      if (gone) return gone;
    }
    return send(200, { messageId: mail.messageId });
  });

  const server = await serveOnLoopback(port, app);
  return { name: 'Outbox', url: `http://localhost:${server.port}`, close: server.close };
}
