import { DurableObject } from 'cloudflare:workers';
import { GoogleGenAI, Modality, type LiveConnectConfig, type LiveServerMessage, type Session as LiveSession } from '@google/genai';
import { createLogger } from '../shared/log.ts';
import { systemInstruction } from '../shared/chat/prompt.ts';
import { VOICE_AUDIO_AHEAD_MS, VOICE_TEXT_TURNS } from '../shared/rateLimits.ts';
import { clientMessageSchema } from '../shared/voice/clientMessage.ts';
import { voiceMessages } from '../shared/voice/messages.ts';
import { VOICE_SESSION_HEADER, voiceSessionSchema, type VoiceSessionParams } from '../shared/voice/session.ts';
import { CONNECT_TIMEOUT_MS, INPUT_SAMPLE_RATE, type ClientMessage, type ServerMessage, type VoiceErrorCode } from '../shared/voice/protocol.ts';

const log = createLogger(console, { object: 'VoiceRelay' });

// One voice session: the visitor's WebSocket on one side, a Gemini Live session (Google's SDK) on the other.
// The browser speaks only shared/voice/protocol.ts; the Worker decides what the session is
// (shared/voice/session.ts). Each message is relayed as it arrives; the session's time limit and cost caps
// end it, and both sockets close together. Why and how: docs/decisions/0008 (the relay), 0010 (the cost
// caps); close codes in docs/architecture.md (voice).

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
function seconds(duration: string | undefined): number | null {
  const m = duration ? /^(\d+(?:\.\d+)?)s$/.exec(duration) : null;
  return m ? Math.round(Number(m[1])) : null;
}

/** What the browser gets for one Live message, in order. */
export function fromLive(msg: LiveServerMessage): ServerMessage[] {
  const out: ServerMessage[] = [];
  if (msg.setupComplete) out.push({ type: 'ready' });
  const content = msg.serverContent;
  if (content) {
    for (const part of content.modelTurn?.parts ?? []) {
      if (part.thought) continue;
      if (typeof part.inlineData?.data === 'string' && /^audio\/pcm/.test(part.inlineData.mimeType ?? '')) out.push({ type: 'audio', data: part.inlineData.data });
      else if (part.text) out.push({ type: 'transcript', text: part.text });
    }
    if (content.outputTranscription?.text) out.push({ type: 'transcript', text: content.outputTranscription.text });
    if (content.interrupted) out.push({ type: 'interrupted' });
    if (content.turnComplete) out.push({ type: 'turn-complete' });
  }
  if (msg.goAway) out.push({ type: 'go-away', secondsLeft: seconds(msg.goAway.timeLeft) });
  return out;
}

/**
 * The SDK's client options for a Live URL (GEMINI_LIVE_URL): its origin and any path before /ws/ as the base
 * URL, and the API version the URL names (the SDK builds the same URL from them, with the key in the query
 * string). Null for a URL that is not a BidiGenerateContent endpoint.
 */
export function liveClientOptions(liveUrl: string): { baseUrl: string; apiVersion: string } | null {
  const url = new URL(liveUrl);
  const m = /^(.*)\/ws\/google\.ai\.generativelanguage\.(v\w+)\.GenerativeService\.BidiGenerateContent$/.exec(url.pathname);
  const [, prefix, apiVersion] = m ?? [];
  if (prefix === undefined || !apiVersion) return null;
  return { baseUrl: `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}${prefix}`, apiVersion };
}

/** The session's setup: AUDIO replies with their transcription, the prebuilt voice, the chat's system instruction. */
export function liveConfig(p: Pick<VoiceSessionParams, 'voice' | 'assistantName'>): LiveConnectConfig {
  return {
    responseModalities: [Modality.AUDIO],
    speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: p.voice } } },
    systemInstruction: { parts: [{ text: systemInstruction(p.assistantName) }] },
    outputAudioTranscription: {},
  };
}

/** What goes to Live: the browser's audio and typed turns (a stop ends the session instead). */
type ToLive = Exclude<ClientMessage, { type: 'stop' }>;

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
    const session = new Session(server, limitMs);
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
    else void session.connect(params);
    return new Response(null, { status: 101, webSocket: client });
  }
}

class Session {
  /** The Live session, once its setup is complete. */
  private live: LiveSession | null = null;
  /** True while the SDK's connect has not settled. */
  private connecting = false;
  private ready = false;
  private isEnded = false;
  /** When the typed turns of the last VOICE_TEXT_TURNS.windowSeconds were received. */
  private textTurns: number[] = [];
  /** When the first audio chunk arrived, and the audio received since, in ms at INPUT_SAMPLE_RATE. */
  private audioStart = 0;
  private audioMs = 0;
  private queue: ToLive[] = [];
  private timers: ReturnType<typeof setTimeout>[] = [];

  /** Settles once the session has ended and Live acknowledged the close (or 5 s later). */
  readonly done: Promise<void>;
  private settle!: () => void;
  /** Settles as soon as the session has ended, whichever side ended it. */
  readonly ended: Promise<void>;
  private markEnded!: () => void;

  constructor(private readonly browser: WebSocket, limitMs: number) {
    this.done = new Promise<void>((resolve) => { this.settle = resolve; });
    this.ended = new Promise<void>((resolve) => { this.markEnded = resolve; });
    browser.addEventListener('message', (event) => this.fromBrowser(event.data as string | ArrayBuffer));
    browser.addEventListener('close', () => this.end(null, 1000, 'client closed'));
    browser.addEventListener('error', () => this.end(null, 1011, 'client error'));
    this.timers.push(setTimeout(() => { if (!this.ready) this.fail('timeout', 'Live setup not complete in time'); }, CONNECT_TIMEOUT_MS));
    this.timers.push(setTimeout(() => this.fail('session-limit', 'session limit'), limitMs));
  }

  async connect(params: VoiceSessionParams) {
    const client = liveClientOptions(params.liveUrl);
    if (!client) {
      log.error('voice.live_url_unusable', { note: 'GEMINI_LIVE_URL must end in /ws/google.ai.generativelanguage.VERSION.GenerativeService.BidiGenerateContent' });
      return this.fail('upstream', 'Live URL not usable');
    }
    const ai = new GoogleGenAI({ apiKey: params.liveKey, apiVersion: client.apiVersion, httpOptions: { baseUrl: client.baseUrl } });
    this.connecting = true;
    let live: LiveSession;
    try {
      live = await ai.live.connect({
        model: params.model,
        config: liveConfig(params),
        callbacks: {
          // Until setup is complete the SDK holds Live's messages and hands them over, in order, just before
          // connect resolves: setupComplete (→ ready) and anything right behind it (a goAway) reach the
          // browser before the queued audio goes to Live.
          onmessage: (msg) => this.fromLive(msg),
          onclose: (event) => this.liveClosed(event.code, event.reason),
          onerror: () => this.fail('upstream', 'Live socket error'),
        },
      });
    } catch (err) {
      this.connecting = false;
      // A close or an error before setup has already ended the session (and was logged); this is the rest.
      // The key is in the URL: keep it out of the log whatever the error says.
      if (!this.isEnded) log.error('voice.live_unreachable', { error: String(err).replaceAll(params.liveKey, '<key>') });
      this.fail('upstream', 'Live unreachable');
      this.settle();
      return;
    }
    this.connecting = false;
    if (this.isEnded) {
      // The session ended while Live was setting up (the visitor left, the timeout): close it now.
      live.close();
      return;
    }
    this.live = live;
    for (const queued of this.queue.splice(0)) this.send(live, queued);
  }

  private toBrowser(message: ServerMessage) {
    try {
      this.browser.send(JSON.stringify(message));
    } catch {
      // Already closing.
    }
  }

  private toLive(message: ToLive) {
    if (!this.live) {
      if (this.queue.length >= PRE_READY_LIMIT) return this.fail('bad-message', 'too much before ready');
      this.queue.push(message);
      return;
    }
    this.send(this.live, message);
  }

  private send(live: LiveSession, message: ToLive) {
    if (message.type === 'audio') live.sendRealtimeInput({ audio: { mimeType: `audio/pcm;rate=${INPUT_SAMPLE_RATE}`, data: message.data } });
    else live.sendClientContent({ turns: [{ role: 'user', parts: [{ text: message.text }] }], turnComplete: true });
  }

  private fromBrowser(data: string | ArrayBuffer) {
    if (this.isEnded) return;
    const msg = parseClientMessage(data);
    if (typeof msg === 'string') return this.fail('bad-message', msg);
    switch (msg.type) {
      case 'audio':
        if (this.audioTooFast(msg.data)) return this.fail('too-fast', 'audio faster than real time', voiceMessages.audioTooFast);
        return this.toLive(msg);
      case 'text':
        if (this.tooManyTextTurns()) return this.fail('too-fast', 'too many typed turns');
        return this.toLive(msg);
      case 'stop':
        this.live?.sendRealtimeInput({ audioStreamEnd: true });
        return this.end(null, 1000, 'stopped');
    }
  }

  private fromLive(msg: LiveServerMessage) {
    if (this.isEnded) return;
    for (const out of fromLive(msg)) {
      if (out.type === 'ready') {
        if (this.ready) continue;
        this.ready = true;
      }
      this.toBrowser(out);
    }
  }

  private liveClosed(code: number, reason: string) {
    if (this.isEnded) return this.settle();
    log.error('voice.live_closed', { code, reason });
    this.fail('upstream', `Live closed ${code}`);
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
    // Keep the object's I/O going until Live acknowledges the close (liveClosed; at most 5 s), so that the
    // close frame is actually sent rather than left pending once nothing else happens in the object. A
    // connect still under way closes Live itself when it settles.
    if (this.live || this.connecting) setTimeout(() => this.settle(), 5000);
    else this.settle();
    // The browser learns why from the close code; the SDK closes the Live side normally.
    try {
      this.browser.close(code, reason.slice(0, 120));
    } catch {
      // Already closed.
    }
    try {
      this.live?.close();
    } catch {
      // Already closed.
    }
  }
}
