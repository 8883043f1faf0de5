import { DurableObject } from 'cloudflare:workers';
import { createLogger } from '../shared/log.ts';
import { appConfig, liveEndpoint, type AppConfig } from '../functions/config.ts';
import { systemInstruction } from '../functions/ai/prompt.ts';
import { CONNECT_TIMEOUT_MS, INPUT_SAMPLE_RATE, type ClientMessage, type ServerMessage } from '../shared/voice/protocol.ts';

const log = createLogger(console, { object: 'VoiceRelay' });

// One voice session (functions/voice.ts names a fresh object per upgrade): the visitor's WebSocket on one
// side, Gemini Live's BidiGenerateContent WebSocket on the other. The browser speaks shared/voice/protocol.ts
// and never sees the Live API, its key or its message shapes.
//
// - Setup (ARCHITECTURE.md decision 5): model from GEMINI_LIVE_MODEL, responseModalities ["AUDIO"] with
//   outputAudioTranscription (the API refuses TEXT and AUDIO together), the prebuilt voice GEMINI_VOICE, the
//   chat's system instruction (functions/ai/prompt.ts).
// - Every message is forwarded as it arrives, in order; nothing is batched. Audio sent before the Live
//   session is ready waits in a short queue (at most PRE_READY_LIMIT messages) and follows setupComplete.
// - Limits: the Live setup must complete within CONNECT_TIMEOUT_MS (10 s, spec.md section 9) → 'timeout';
//   a session lasts at most SESSION_LIMIT_MS → 'session-limit'. Gemini Live's audio-only sessions last
//   15 minutes and a connection about 10 minutes (the server sends goAway before it ends it), so 10 minutes
//   keeps every session within one connection. Client messages are validated and capped at
//   MAX_CLIENT_MESSAGE characters.
// - Ends: an error message, then both sockets close. Close codes to the browser: 1000 after stop and the
//   session limit, 1008 after a bad message, 1011 after a Live failure or the timeout. When the visitor's
//   socket closes (tab closed), the Live socket is closed too and the timers are cleared: nothing stays open.
//   Outbound WebSockets do not hibernate, so the object simply lives as long as the session.

/** The longest a voice session may last (see above); VOICE_SESSION_SECONDS may shorten it. */
export const SESSION_LIMIT_MS = 10 * 60 * 1000;
/** Set by functions/voice.ts on the request it hands to the object: the session limit in seconds. */
export const SESSION_SECONDS_HEADER = 'X-Voice-Session-Seconds';
/** A 250 ms chunk is 8,000 bytes of PCM, 10,668 characters of base64: 64 KiB leaves room, caps abuse. */
export const MAX_CLIENT_MESSAGE = 64 * 1024;
/** Longest typed turn. */
export const MAX_TEXT = 2000;
/** Messages accepted before the Live session is ready (about 10 s of audio). */
export const PRE_READY_LIMIT = 40;

const ERROR_MESSAGES: Record<Extract<ServerMessage, { type: 'error' }>['code'], string> = {
  'rate-limited': 'Too many requests. Please try again later.',
  'session-limit': 'Voice session limit reached. Please start a new voice session to keep talking.',
  upstream: 'Voice input error. Please try typing instead or check your microphone permissions.',
  'bad-message': 'Voice input error. Please try typing instead or check your microphone permissions.',
  timeout: 'Voice input could not connect in time. Please try again or type your message instead.',
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The client message, or why it is refused. */
export function parseClientMessage(raw: string | ArrayBuffer): ClientMessage | string {
  if (typeof raw !== 'string') return 'binary frames are not part of the protocol';
  if (raw.length > MAX_CLIENT_MESSAGE) return `message longer than ${MAX_CLIENT_MESSAGE} characters`;
  let msg: unknown;
  try {
    msg = JSON.parse(raw);
  } catch {
    return 'not JSON';
  }
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return 'not an object';
  const m = msg as Record<string, unknown>;
  switch (m.type) {
    case 'audio':
      if (typeof m.data !== 'string' || !m.data || m.data.length % 4 !== 0 || !BASE64.test(m.data)) return 'audio.data must be base64 PCM';
      return { type: 'audio', data: m.data };
    case 'text': {
      if (typeof m.text !== 'string' || !m.text.trim() || m.text.length > MAX_TEXT) return `text.text must be 1 to ${MAX_TEXT} characters`;
      return { type: 'text', text: m.text.trim() };
    }
    case 'stop':
      return { type: 'stop' };
    default:
      return 'unknown type';
  }
}

/** The setup message the relay sends first. */
export function liveSetup(config: AppConfig) {
  return {
    setup: {
      model: `models/${config.GEMINI_LIVE_MODEL}`,
      generationConfig: {
        responseModalities: ['AUDIO'],
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: config.GEMINI_VOICE } } },
      },
      systemInstruction: { parts: [{ text: systemInstruction(config.ASSISTANT_NAME) }] },
      outputAudioTranscription: {},
    },
  };
}

/** "30s", "1.5s" (protobuf Duration in JSON) → whole seconds, or null. */
function seconds(duration: unknown): number | null {
  const m = typeof duration === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(duration) : null;
  return m ? Math.round(Number(m[1])) : null;
}

/** What the browser gets for one Live message, in order. */
export function fromLive(msg: Record<string, any>): ServerMessage[] {
  const out: ServerMessage[] = [];
  if (msg.setupComplete) out.push({ type: 'ready' });
  const content = msg.serverContent;
  if (content && typeof content === 'object') {
    for (const part of Array.isArray(content.modelTurn?.parts) ? content.modelTurn.parts : []) {
      if (part?.thought) continue;
      if (typeof part?.inlineData?.data === 'string' && /^audio\/pcm/.test(part.inlineData.mimeType ?? '')) out.push({ type: 'audio', data: part.inlineData.data });
      else if (typeof part?.text === 'string' && part.text) out.push({ type: 'transcript', text: part.text });
    }
    if (typeof content.outputTranscription?.text === 'string' && content.outputTranscription.text) {
      out.push({ type: 'transcript', text: content.outputTranscription.text });
    }
    if (content.interrupted) out.push({ type: 'interrupted' });
    if (content.turnComplete) out.push({ type: 'turn-complete' });
  }
  if (msg.goAway) out.push({ type: 'go-away', secondsLeft: seconds(msg.goAway.timeLeft) });
  return out;
}

type Socket = WebSocket;

export class VoiceRelay extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    const config = appConfig(this.env);
    const live = liveEndpoint(config);
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    server.accept();
    const seconds = Number(request.headers.get(SESSION_SECONDS_HEADER));
    const limitMs = Number.isFinite(seconds) && seconds >= 1 ? Math.min(SESSION_LIMIT_MS, seconds * 1000) : SESSION_LIMIT_MS;
    const session = new Session(server, config, limitMs);
    // Keeps the object's I/O context alive for the whole session: without it, once the visitor's socket
    // closes, the close frame for the Live socket may never be sent.
    this.ctx.waitUntil(session.done);
    if (!live) session.fail('upstream', 'voice is not configured');
    else session.connect(live.url, live.key);
    return new Response(null, { status: 101, webSocket: client });
  }
}

class Session {
  private upstream: Socket | null = null;
  private ready = false;
  private ended = false;
  private queue: string[] = [];
  private timers: ReturnType<typeof setTimeout>[] = [];

  /** Settles once the session has ended and Live acknowledged the close (or 5 s later). */
  readonly done: Promise<void>;
  private settle!: () => void;

  constructor(private readonly browser: Socket, private readonly config: AppConfig, limitMs: number) {
    this.done = new Promise<void>((resolve) => { this.settle = resolve; });
    browser.addEventListener('message', (event) => this.fromBrowser(event.data as string | ArrayBuffer));
    browser.addEventListener('close', () => this.end(null, 1000, 'client closed'));
    browser.addEventListener('error', () => this.end(null, 1011, 'client error'));
    this.timers.push(setTimeout(() => { if (!this.ready) this.fail('timeout', 'Live setup not complete in time'); }, CONNECT_TIMEOUT_MS));
    this.timers.push(setTimeout(() => this.fail('session-limit', 'session limit'), limitMs));
  }

  async connect(url: string, key: string) {
    const target = new URL(url);
    target.searchParams.set('key', key);
    target.protocol = target.protocol === 'wss:' ? 'https:' : 'http:';
    let ws: Socket | null;
    try {
      const res = await fetch(target.toString(), { headers: { Upgrade: 'websocket' } });
      ws = res.webSocket;
      if (!ws) {
        log.error('voice.live_refused', { status: res.status });
        return this.fail('upstream', `Live answered ${res.status}`);
      }
    } catch (err) {
      // The key is in the URL: keep it out of the log whatever the error says.
      log.error('voice.live_unreachable', { error: String(err).replaceAll(key, '<key>') });
      return this.fail('upstream', 'Live unreachable');
    }
    if (this.ended) {
      ws.accept();
      ws.close(1000, 'client gone');
      this.settle();
      return;
    }
    ws.accept();
    ws.binaryType = 'arraybuffer';
    this.upstream = ws;
    ws.addEventListener('message', (event) => this.fromLive(event.data as string | ArrayBuffer));
    ws.addEventListener('close', (event) => {
      if (this.ended) return;
      log.error('voice.live_closed', { code: event.code, reason: event.reason });
      this.fail('upstream', `Live closed ${event.code}`);
    });
    ws.addEventListener('error', () => this.fail('upstream', 'Live socket error'));
    ws.send(JSON.stringify(liveSetup(this.config)));
  }

  private toBrowser(message: ServerMessage) {
    try {
      this.browser.send(JSON.stringify(message));
    } catch {
      // Already closing.
    }
  }

  private toLive(message: string) {
    if (!this.ready || !this.upstream) {
      if (this.queue.length >= PRE_READY_LIMIT) return this.fail('bad-message', 'too much before ready');
      this.queue.push(message);
      return;
    }
    this.upstream.send(message);
  }

  private fromBrowser(data: string | ArrayBuffer) {
    if (this.ended) return;
    const msg = parseClientMessage(data);
    if (typeof msg === 'string') return this.fail('bad-message', msg);
    switch (msg.type) {
      case 'audio':
        return this.toLive(JSON.stringify({ realtimeInput: { audio: { mimeType: `audio/pcm;rate=${INPUT_SAMPLE_RATE}`, data: msg.data } } }));
      case 'text':
        return this.toLive(JSON.stringify({ clientContent: { turns: [{ role: 'user', parts: [{ text: msg.text }] }], turnComplete: true } }));
      case 'stop':
        if (this.ready && this.upstream) this.upstream.send(JSON.stringify({ realtimeInput: { audioStreamEnd: true } }));
        return this.end(null, 1000, 'stopped');
    }
  }

  private fromLive(data: string | ArrayBuffer) {
    if (this.ended) return;
    let msg: Record<string, any>;
    try {
      msg = JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data));
    } catch {
      log.error('voice.live_not_json');
      return this.fail('upstream', 'Live sent non-JSON');
    }
    if (msg.error) {
      log.error('voice.live_error', { error: JSON.stringify(msg.error).slice(0, 500) });
      return this.fail('upstream', 'Live error');
    }
    for (const out of fromLive(msg)) {
      if (out.type === 'ready') {
        if (this.ready) continue;
        this.ready = true;
        this.toBrowser(out);
        for (const queued of this.queue.splice(0)) this.upstream?.send(queued);
        continue;
      }
      this.toBrowser(out);
    }
  }

  /** Tells the browser what went wrong, then closes both sides. */
  fail(code: Extract<ServerMessage, { type: 'error' }>['code'], why: string) {
    if (this.ended) return;
    const closeCode = code === 'session-limit' ? 1000 : code === 'bad-message' ? 1008 : 1011;
    this.end({ type: 'error', code, message: ERROR_MESSAGES[code] }, closeCode, why);
  }

  private end(last: ServerMessage | null, code: number, reason: string) {
    if (this.ended) return;
    this.ended = true;
    for (const t of this.timers) clearTimeout(t);
    this.queue = [];
    if (last) this.toBrowser(last);
    // Keep the object's I/O going until Live acknowledges the close (at most 5 s), so that the close frame
    // is actually sent rather than left pending once nothing else happens in the object.
    if (this.upstream) {
      this.upstream.addEventListener('close', () => this.settle());
      setTimeout(() => this.settle(), 5000);
    } else {
      this.settle();
    }
    // The browser learns why from the close code; the Live side is always closed normally.
    for (const [socket, closeCode] of [[this.browser, code], [this.upstream, 1000]] as const) {
      try {
        socket?.close(closeCode, reason.slice(0, 120));
      } catch {
        // Already closed.
      }
    }
  }
}
