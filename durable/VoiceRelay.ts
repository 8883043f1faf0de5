import { DurableObject } from 'cloudflare:workers';
import { createLogger } from '../shared/log.ts';
import { VOICE_AUDIO_AHEAD_MS, VOICE_TEXT_TURNS } from '../shared/rateLimits.ts';
import { clientMessageSchema } from '../shared/voice/clientMessage.ts';
import { voiceMessages } from '../shared/voice/messages.ts';
import { liveSetup, VOICE_SESSION_HEADER, voiceSessionSchema, type VoiceSessionParams } from '../shared/voice/session.ts';
import { CONNECT_TIMEOUT_MS, INPUT_SAMPLE_RATE, type ClientMessage, type ServerMessage, type VoiceErrorCode } from '../shared/voice/protocol.ts';

const log = createLogger(console, { object: 'VoiceRelay' });

// One voice session (functions/voice.ts names a fresh object per upgrade): the visitor's WebSocket on one
// side, Gemini Live's BidiGenerateContent WebSocket on the other. The browser speaks shared/voice/protocol.ts
// and never sees the Live API, its key or its message shapes.
//
// - What the session is (the Live endpoint and key, model, voice, assistant name, time limit, the visitor's
//   RateLimiter) is decided by the Worker and arrives with the upgrade request (shared/voice/session.ts);
//   this object reads no configuration of its own. Setup (docs/decisions/0008): responseModalities
//   ["AUDIO"] with outputAudioTranscription (the API refuses TEXT and AUDIO together), the prebuilt voice,
//   the chat's system instruction (shared/chat/prompt.ts).
// - Every message is forwarded as it arrives, in order; nothing is batched. Audio sent before the Live
//   session is ready waits in a short queue (at most PRE_READY_LIMIT messages) and follows setupComplete.
// - Limits: the Live setup must complete within CONNECT_TIMEOUT_MS (10 s, docs/product.md §10) → 'timeout';
//   a session lasts at most SESSION_LIMIT_MS → 'session-limit'. Gemini Live's audio-only sessions last
//   15 minutes and a connection about 10 minutes (the server sends goAway before it ends it), so 10 minutes
//   keeps every session within one connection. Client messages are validated and capped at
//   MAX_CLIENT_MESSAGE characters.
// - Cost caps (docs/decisions/0010, limits in shared/rateLimits.ts): typed turns at most VOICE_TEXT_TURNS
//   (20 in any minute), audio at most real time (the audio received, counted in 16 kHz samples, may run
//   at most VOICE_AUDIO_AHEAD_MS ahead of the time since the first chunk); past either → 'too-fast'. The
//   visitor's open sessions are counted by their RateLimiter (at most 2, functions/voice.ts): the relay
//   gives its slot back when the session ends, whichever side ends it.
// - Ends: an error message, then both sockets close. Close codes to the browser: 1000 after stop and the
//   session limit, 1008 after a bad message or a cost cap, 1011 after a Live failure or the timeout. When
//   the visitor's socket closes (tab closed), the Live socket is closed too and the timers are cleared:
//   nothing stays open. Outbound WebSockets do not hibernate, so the object lives as long as the session.

/** The longest a voice session may last (see above); VOICE_SESSION_SECONDS may shorten it. */
export const SESSION_LIMIT_MS = 10 * 60 * 1000;
/** A 250 ms chunk is 8,000 bytes of PCM, 10,668 characters of base64: 64 KiB leaves room, caps abuse. */
export const MAX_CLIENT_MESSAGE = 64 * 1024;
/** Messages accepted before the Live session is ready (about 10 s of audio). */
export const PRE_READY_LIMIT = 40;

/** The codes the relay itself ends a session with (the Worker refuses the rate-limited and the too many). */
type RelayErrorCode = Exclude<VoiceErrorCode, 'rate-limited' | 'too-many-sessions'>;

/** The words the browser shows for each code: the same texts the widget uses (shared/voice/messages.ts). */
const ERROR_MESSAGES: Record<RelayErrorCode, string> = {
  'too-fast': voiceMessages.tooManyTypedTurns,
  'session-limit': voiceMessages.sessionLimit,
  upstream: voiceMessages.error,
  'bad-message': voiceMessages.error,
  timeout: voiceMessages.connectTimeout,
};

/** The client message, or why it is refused (the reason is logged, never shown). */
export function parseClientMessage(raw: string | ArrayBuffer): ClientMessage | string {
  if (typeof raw !== 'string') return 'binary frames are not part of the protocol';
  if (raw.length > MAX_CLIENT_MESSAGE) return `message longer than ${MAX_CLIENT_MESSAGE} characters`;
  let msg: unknown;
  try {
    msg = JSON.parse(raw);
  } catch {
    return 'not JSON';
  }
  const parsed = clientMessageSchema.safeParse(msg);
  return parsed.success ? parsed.data : parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ');
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
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    server.accept();
    let params: VoiceSessionParams | null = null;
    try {
      params = voiceSessionSchema.parse(JSON.parse(request.headers.get(VOICE_SESSION_HEADER) ?? ''));
    } catch {
      // Only the Worker calls this object, and it always sets the header: a missing one is our bug.
    }
    const limitMs = params ? Math.min(SESSION_LIMIT_MS, params.limitSeconds * 1000) : SESSION_LIMIT_MS;
    const session = new Session(server, params, limitMs);
    if (params) {
      const { limiterName, sessionId } = params;
      // The visitor's slot is free again once the session has ended (it expires on its own otherwise).
      const release = session.ended.then(() => this.env.RATE_LIMITER.getByName(limiterName).endVoiceSession(sessionId))
        .catch((err) => log.error('voice.slot_release_failed', { note: 'the slot expires on its own', error: String(err) }));
      this.ctx.waitUntil(release);
    }
    // Keeps the object's I/O context alive for the whole session: without it, once the visitor's socket
    // closes, the close frame for the Live socket may never be sent.
    this.ctx.waitUntil(session.done);
    if (!params) session.fail('upstream', 'no valid voice session parameters');
    else session.connect(params.liveUrl, params.liveKey);
    return new Response(null, { status: 101, webSocket: client });
  }
}

class Session {
  private upstream: Socket | null = null;
  private ready = false;
  private isEnded = false;
  /** When the typed turns of the last VOICE_TEXT_TURNS.windowSeconds were received. */
  private textTurns: number[] = [];
  /** When the first audio chunk arrived, and the audio received since, in ms at INPUT_SAMPLE_RATE. */
  private audioStart = 0;
  private audioMs = 0;
  private queue: string[] = [];
  private timers: ReturnType<typeof setTimeout>[] = [];

  /** Settles once the session has ended and Live acknowledged the close (or 5 s later). */
  readonly done: Promise<void>;
  private settle!: () => void;
  /** Settles as soon as the session has ended, whichever side ended it. */
  readonly ended: Promise<void>;
  private markEnded!: () => void;

  constructor(private readonly browser: Socket, private readonly params: VoiceSessionParams | null, limitMs: number) {
    this.done = new Promise<void>((resolve) => { this.settle = resolve; });
    this.ended = new Promise<void>((resolve) => { this.markEnded = resolve; });
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
    if (this.isEnded) {
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
      if (this.isEnded) return;
      log.error('voice.live_closed', { code: event.code, reason: event.reason });
      this.fail('upstream', `Live closed ${event.code}`);
    });
    ws.addEventListener('error', () => this.fail('upstream', 'Live socket error'));
    ws.send(JSON.stringify(liveSetup(this.params!)));
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
    if (this.isEnded) return;
    const msg = parseClientMessage(data);
    if (typeof msg === 'string') return this.fail('bad-message', msg);
    switch (msg.type) {
      case 'audio':
        if (this.audioTooFast(msg.data)) return this.fail('too-fast', 'audio faster than real time', voiceMessages.audioTooFast);
        return this.toLive(JSON.stringify({ realtimeInput: { audio: { mimeType: `audio/pcm;rate=${INPUT_SAMPLE_RATE}`, data: msg.data } } }));
      case 'text':
        if (this.tooManyTextTurns()) return this.fail('too-fast', 'too many typed turns');
        return this.toLive(JSON.stringify({ clientContent: { turns: [{ role: 'user', parts: [{ text: msg.text }] }], turnComplete: true } }));
      case 'stop':
        if (this.ready && this.upstream) this.upstream.send(JSON.stringify({ realtimeInput: { audioStreamEnd: true } }));
        return this.end(null, 1000, 'stopped');
    }
  }

  private fromLive(data: string | ArrayBuffer) {
    if (this.isEnded) return;
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

  /** Counts one typed turn; true when it is one more than VOICE_TEXT_TURNS allows in its window. */
  private tooManyTextTurns(): boolean {
    const now = Date.now();
    this.textTurns = this.textTurns.filter((at) => at > now - VOICE_TEXT_TURNS.windowSeconds * 1000);
    if (this.textTurns.length >= VOICE_TEXT_TURNS.max) return true;
    this.textTurns.push(now);
    return false;
  }

  /** Counts one audio chunk; true when the audio received runs more than VOICE_AUDIO_AHEAD_MS ahead of real time. */
  private audioTooFast(base64: string): boolean {
    const now = Date.now();
    if (this.audioMs === 0) this.audioStart = now;
    const bytes = (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
    this.audioMs += (bytes / 2 / INPUT_SAMPLE_RATE) * 1000;
    return this.audioMs - (now - this.audioStart) > VOICE_AUDIO_AHEAD_MS;
  }

  /** Tells the browser what went wrong, then closes both sides. */
  fail(code: RelayErrorCode, why: string, message: string = ERROR_MESSAGES[code]) {
    if (this.isEnded) return;
    const closeCode = code === 'session-limit' ? 1000 : code === 'upstream' || code === 'timeout' ? 1011 : 1008;
    this.end({ type: 'error', code, message }, closeCode, why);
  }

  private end(last: ServerMessage | null, code: number, reason: string) {
    if (this.isEnded) return;
    this.isEnded = true;
    this.markEnded();
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
