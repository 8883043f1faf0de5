import { voiceMessages } from '../../shared/voice/messages.ts';
import { chatText, type ChatText } from '../../shared/chat/text.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { Chunker, decodeAudio, Downsampler, encodeChunk } from '../../shared/voice/pcm.ts';
import { CONNECT_TIMEOUT_MS, type ClientMessage, type ServerMessage } from '../../shared/voice/protocol.ts';
import { uniqueId } from '../../shared/id.ts';
import { PcmPlayer } from './player.ts';
import { voiceSupported } from './support.ts';
import workletUrl from './capture-worklet.js?url&no-inline';

// One voice session (issue 5 section 1), loaded when the microphone button is pressed: the microphone
// through an AudioWorklet, downsampled to 16 kHz and sent as one base64 chunk of 16-bit PCM every 250 ms
// over a WebSocket to /api/voice (shared/voice/protocol.ts); the relay's transcript goes to the chat and
// its 24 kHz audio plays in order. Stopping (the button, closing the panel, an error) sends 'stop', closes
// the socket, stops every microphone track and closes the audio graph.

export type VoiceState = 'connecting' | 'recording' | 'stopped';

export interface VoiceCallbacks {
  onState(state: VoiceState): void;
  /** The reply's text so far, as one bot message per turn (`turnId` identifies it). */
  onTranscript(turnId: string, text: string): void;
  /** A message for the chat (docs/product.md §16.4); the session stops after it. */
  onError(message: string): void;
}

/** The voice's messages in the page's language (shared/chat/text.ts). */
export type VoiceWords = ChatText['voice'];

export interface VoiceOptions {
  /** Where the relay listens; default ws(s)://<this origin>/api/voice in the page's language. */
  url?: string;
  /** The page's language: its words, and the relay's refusals worded in it (functions/voice.ts). */
  locale?: Locale;
  words?: VoiceWords;
  connectTimeoutMs?: number;
}

export const voiceUrl = (loc: Pick<Location, 'protocol' | 'host'> = location, locale: Locale = 'en') =>
  `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/api/voice${locale === 'en' ? '' : `?language=${locale}`}`;

const englishWords = chatText('en').voice;
const relayWords = Object.keys(voiceMessages) as (keyof typeof voiceMessages)[];

/** The chat message for a relay error (docs/product.md §16.4). */
export function errorText(msg: Extract<ServerMessage, { type: 'error' }>, words: VoiceWords = englishWords): string {
  // The relay words its messages in English (shared/voice/messages.ts): the page shows the same one in its language.
  const said = msg.message?.trim();
  const known = relayWords.find((k) => voiceMessages[k] === said);
  const text = known ? words[known] : said;
  switch (msg.code) {
    case 'rate-limited':
      return text || words.error;
    // The relay's cost caps (shared/rateLimits.ts) name what happened in their message.
    case 'too-many-sessions':
      return text || words.tooManySessions;
    case 'too-fast':
      return text || words.audioTooFast;
    case 'session-limit':
      return words.sessionLimit;
    case 'timeout':
      return words.connectTimeout;
    default:
      return words.error;
  }
}

export class VoiceSession {
  private ws: WebSocket | null = null;
  private ctx: AudioContext | null = null;
  private stream: MediaStream | null = null;
  private source: MediaStreamAudioSourceNode | null = null;
  private node: AudioWorkletNode | null = null;
  private player: PcmPlayer | null = null;
  private downsampler: Downsampler | null = null;
  private readonly chunker = new Chunker();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ready = false;
  private capturing = false;
  private goingAway = false;
  private ended = false;
  private turn: { id: string; text: string } | null = null;

  private readonly words: VoiceWords;

  constructor(private readonly cb: VoiceCallbacks, private readonly options: VoiceOptions = {}) {
    this.words = options.words ?? englishWords;
  }

  get active(): boolean {
    return !this.ended;
  }

  async start(): Promise<void> {
    if (!voiceSupported()) return this.fail(this.words.unsupported);
    this.cb.onState('connecting');
    try {
      // Created at once (the button press still counts as the visitor's gesture), resumed below.
      this.ctx = new AudioContext();
      this.player = new PcmPlayer(this.ctx);
    } catch {
      return this.fail(this.words.unsupported);
    }
    this.connect();
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch {
      return this.fail(this.words.permission);
    }
    if (this.ended) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    this.stream = stream;
    try {
      const ctx = this.ctx;
      await ctx.audioWorklet.addModule(workletUrl);
      if (this.ended) return;
      await ctx.resume();
      if (this.ended) return;
      this.downsampler = new Downsampler(ctx.sampleRate);
      this.source = ctx.createMediaStreamSource(stream);
      this.node = new AudioWorkletNode(ctx, 'voice-capture', { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
      this.node.port.onmessage = (e: MessageEvent<Float32Array>) => this.onSamples(e.data);
      this.source.connect(this.node);
      // Connected to the output (it writes silence) so that the graph keeps pulling it.
      this.node.connect(ctx.destination);
    } catch {
      return this.fail(this.words.error);
    }
    this.capturing = true;
    this.showRecording();
  }

  /** A typed turn within the session; false when the session cannot take it. */
  sendText(text: string): boolean {
    if (!this.ready || this.ended || !text.trim() || this.ws?.readyState !== WebSocket.OPEN) return false;
    this.send({ type: 'text', text: text.trim() });
    return true;
  }

  stop() {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onmessage = null;
      ws.onclose = null;
      ws.onerror = null;
      if (ws.readyState === WebSocket.OPEN) {
        ws.send(JSON.stringify({ type: 'stop' } satisfies ClientMessage));
        ws.close(1000, 'stopped');
      } else if (ws.readyState === WebSocket.CONNECTING) {
        // Closing a socket that is still connecting logs an error in the console: close it once open.
        ws.onopen = () => ws.close(1000, 'stopped');
        ws.onerror = () => {};
      }
    }
    if (this.node) {
      this.node.port.onmessage = null;
      this.node.port.postMessage('stop');
      this.node.disconnect();
    }
    this.source?.disconnect();
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.player?.stop();
    if (this.ctx && this.ctx.state !== 'closed') void this.ctx.close().catch(() => {});
    this.node = null;
    this.source = null;
    this.stream = null;
    this.cb.onState('stopped');
  }

  private fail(message: string | null) {
    if (this.ended) return;
    if (message) this.cb.onError(message);
    this.stop();
  }

  private connect() {
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.options.url ?? voiceUrl(location, this.options.locale));
    } catch {
      return this.fail(this.words.error);
    }
    this.ws = ws;
    this.timer = setTimeout(() => this.fail(this.words.connectTimeout), this.options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
    ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data === 'string') this.onMessage(e.data);
    };
    ws.onerror = () => {
      // A close event follows.
    };
    ws.onclose = () => {
      this.ws = null;
      // After go-away the relay ends the session on purpose; any other close is an error.
      this.fail(this.goingAway ? null : this.words.error);
    };
  }

  private send(msg: ClientMessage) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  private showRecording() {
    if (this.ready && this.capturing && !this.ended) this.cb.onState('recording');
  }

  private onSamples(block: Float32Array) {
    if (!this.downsampler || this.ended) return;
    const samples = this.downsampler.process(block);
    // Audio from before the relay is ready is not kept: the visitor is told to speak once recording shows.
    if (!this.ready) return;
    for (const chunk of this.chunker.push(samples)) this.send({ type: 'audio', data: encodeChunk(chunk) });
  }

  private onMessage(raw: string) {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    switch (msg.type) {
      case 'ready':
        clearTimeout(this.timer);
        this.ready = true;
        this.showRecording();
        break;
      case 'transcript':
        if (!msg.text) break;
        this.turn ??= { id: uniqueId(), text: '' };
        this.turn.text += msg.text;
        this.cb.onTranscript(this.turn.id, this.turn.text.trim());
        break;
      case 'audio':
        try {
          this.player?.play(decodeAudio(msg.data));
        } catch {
          // A piece that does not decode is skipped.
        }
        break;
      case 'turn-complete':
        this.turn = null;
        break;
      case 'interrupted':
        this.player?.stop();
        this.turn = null;
        break;
      case 'go-away':
        this.goingAway = true;
        break;
      case 'error':
        this.fail(errorText(msg, this.words));
        break;
    }
  }
}
