// A local stand-in for the Gemini Live API (BidiGenerateContent over a WebSocket), used by the Worker's
// voice tests, `npm start` (ws://localhost:8792) and `npm run bench:voice`. It speaks the real wire format:
//   ws://HOST/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent?key=KEY
// (any path ending in BidiGenerateContent, so the SDK's double slash works too). Like the real service it
// sends its JSON messages as binary frames, refuses a bad key by closing with 1007, and refuses a setup that
// asks for TEXT and AUDIO together (or anything but one modality) with 1007.
//
// Client → emulator (the first message must be the setup):
//   {setup: {model: "models/…", generationConfig: {responseModalities: ["AUDIO"], speechConfig:
//     {voiceConfig: {prebuiltVoiceConfig: {voiceName}}}}, systemInstruction: {parts: [{text}]},
//     outputAudioTranscription: {}}}                        → {setupComplete: {}}
//   {realtimeInput: {audio: {mimeType: "audio/pcm;rate=16000", data: base64}}}   recorded; after
//     `replyAfterChunks` chunks (default 4) the model answers
//   {realtimeInput: {audioStreamEnd: true}}                  the model answers (if there was audio)
//   {clientContent: {turns: [{role: "user", parts: [{text}]}], turnComplete: true}}   the model answers
// A reply: serverContent.outputTranscription {text} parts, serverContent.modelTurn.parts [{inlineData:
// {mimeType: "audio/pcm;rate=24000", data}}] (a 440 Hz tone, 24 kHz 16-bit mono), generationComplete,
// then turnComplete.
//
// Control over HTTP on the same port:
//   GET    /__sessions   what each session received: {id, at, apiKey, path, setup, audio: [{bytes, at}],
//                        texts, audioStreamEnd, closed: {code, reason, by} | null}
//   DELETE /__sessions   forget sessions and pending modes
//   POST   /__mode       {"fail"?: true, "delaySetupMs"?: n, "goAway"?: true, "interrupt"?: true,
//                        "replyAfterChunks"?: n (0: only on text or audioStreamEnd), "sessions"?: n (default 1)}
//                        applies to the next n sessions (queued in order); {"default": {...}} changes the
//                        mode of every later session instead.
//     fail:     closes with 1011 "Internal error encountered." instead of setupComplete
//     goAway:   sends {goAway: {timeLeft: "30s"}} right after setupComplete
//     interrupt: the first reply stops after one part with serverContent.interrupted
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import { readBody, serveOnLoopback, type StandInApp } from '../lib/http.ts';

export const LIVE_PATH = '/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent';

export interface LiveMode {
  fail?: boolean;
  delaySetupMs?: number;
  goAway?: boolean;
  interrupt?: boolean;
  replyAfterChunks?: number;
}

export interface RecordedLiveSession {
  id: number;
  at: string;
  apiKey: string | null;
  path: string;
  mode: LiveMode;
  setup: Record<string, unknown> | null;
  /** Each realtimeInput.audio chunk in the order received: decoded PCM size, mimeType, arrival time (ms since the epoch, sub-ms). */
  audio: { bytes: number; mimeType: string; at: number; head: string }[];
  texts: string[];
  audioStreamEnd: number;
  replies: number;
  closed: { code: number; reason: string; by: 'client' | 'emulator' } | null;
}

export interface GeminiLiveEmulator {
  name: string;
  /** ws://127.0.0.1:PORT + LIVE_PATH: what GEMINI_LIVE_URL should be. */
  url: string;
  /** http://127.0.0.1:PORT: the control API. */
  controlUrl: string;
  sessions: RecordedLiveSession[];
  close(): Promise<void>;
}

export interface GeminiLiveEmulatorOptions {
  /** Keys accepted; empty or absent: any non-empty key. */
  apiKeys?: string[];
  /** Called for each audio chunk as it arrives (benchmarks). */
  onAudio?(session: RecordedLiveSession, index: number, pcm: Buffer, at: number): void;
  /** Called for each message just before it is sent (benchmarks). */
  onSend?(session: RecordedLiveSession, message: Record<string, unknown>, at: number): void;
}

const now = () => performance.timeOrigin + performance.now();

/** The request's URL. Not new URL(path, base): that reads the SDK's "//ws/…" as a host named "ws". */
const requestUrl = (req: IncomingMessage) => new URL(`http://localhost${req.url ?? '/'}`);

/** `ms` of a 440 Hz tone: 24 kHz mono 16-bit little-endian PCM. */
export function tone(ms: number, frequency = 440): Buffer {
  const samples = Math.round((24_000 * ms) / 1000);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / 24_000) * 8000), i * 2);
  return pcm;
}

/** Why a setup is refused (the real API closes with 1007 and a message like these), or null. */
export function setupProblem(setup: unknown): string | null {
  if (!setup || typeof setup !== 'object') return 'Invalid JSON payload received. The first message must be a setup message.';
  const s = setup as Record<string, any>;
  if (typeof s.model !== 'string' || !/^models\/[A-Za-z0-9._-]+$/.test(s.model)) return 'Request contains an invalid argument. (setup.model must be "models/<name>")';
  const modalities = s.generationConfig?.responseModalities;
  if (!Array.isArray(modalities) || modalities.length !== 1) return 'Request contains an invalid argument. (exactly one response modality is supported)';
  if (modalities[0] !== 'AUDIO') return 'Request contains an invalid argument. (this emulator expects the AUDIO modality)';
  const voice = s.generationConfig?.speechConfig?.voiceConfig?.prebuiltVoiceConfig?.voiceName;
  if (typeof voice !== 'string' || !voice) return 'Request contains an invalid argument. (speechConfig.voiceConfig.prebuiltVoiceConfig.voiceName)';
  const parts = s.systemInstruction?.parts;
  if (!Array.isArray(parts) || !parts.some((p: any) => typeof p?.text === 'string' && p.text.trim())) return 'Request contains an invalid argument. (systemInstruction.parts[].text)';
  if (!s.outputAudioTranscription || typeof s.outputAudioTranscription !== 'object') return 'Request contains an invalid argument. (outputAudioTranscription is expected, for the reply\'s text)';
  return null;
}

export async function start(port: number, options: GeminiLiveEmulatorOptions = {}): Promise<GeminiLiveEmulator> {
  const sessions: RecordedLiveSession[] = [];
  const pending: LiveMode[] = [];
  let defaultMode: LiveMode = {};
  const open = new Set<WebSocket>();
  let nextId = 1;

  const send = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' } });

  const app: StandInApp = new Hono();
  app.onError((err) => send(500, { error: { code: 500, message: err.message } }));
  app.notFound((c) => send(404, { error: { code: 404, status: 'NOT_FOUND', message: `Nothing at ${c.req.method} ${c.req.path}; the Live API is a WebSocket at ${LIVE_PATH}.` } }));
  app.get('/__sessions', () => send(200, sessions));
  app.delete('/__sessions', () => {
    sessions.length = 0;
    pending.length = 0;
    defaultMode = {};
    return send(200, { cleared: true });
  });
  app.post('/__mode', async (c) => {
    const input = JSON.parse((await readBody(c.req.raw)).toString('utf8') || '{}') as LiveMode & { sessions?: number; default?: LiveMode };
    if (input.default) {
      defaultMode = input.default;
      return send(200, { default: defaultMode });
    }
    const { sessions: n = 1, ...mode } = input;
    for (let i = 0; i < n; i++) pending.push(mode);
    return send(200, { queued: pending.length });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });

  function session(ws: WebSocket, req: IncomingMessage) {
    const url = requestUrl(req);
    const mode: LiveMode = { ...defaultMode, ...(pending.shift() ?? {}) };
    const rec: RecordedLiveSession = {
      id: nextId++, at: new Date().toISOString(), apiKey: url.searchParams.get('key') ?? (req.headers['x-goog-api-key'] as string | undefined) ?? null,
      path: url.pathname, mode, setup: null, audio: [], texts: [], audioStreamEnd: 0, replies: 0, closed: null,
    };
    sessions.push(rec);
    open.add(ws);
    const out = (message: Record<string, unknown>) => {
      if (ws.readyState !== ws.OPEN) return;
      // The real service sends JSON in binary frames.
      const frame = Buffer.from(JSON.stringify(message));
      options.onSend?.(rec, message, now());
      ws.send(frame);
    };
    const closeWith = (code: number, reason: string) => {
      rec.closed ??= { code, reason, by: 'emulator' };
      ws.close(code, reason);
    };
    ws.on('close', (code, reason) => {
      open.delete(ws);
      rec.closed ??= { code, reason: reason.toString('utf8'), by: 'client' };
    });
    ws.on('error', () => undefined);
    // A close frame from the client is what counts: the TCP connection may linger after it (ws then waits
    // for the peer to end it), which would make "did the relay close the session" slow to observe. ws's
    // receiver announces the frame as 'conclude' (internal, but stable since ws 1.x).
    (ws as unknown as { _receiver?: { on(e: 'conclude', f: (code: number, reason: Buffer) => void): void } })._receiver
      ?.on('conclude', (code, reason) => {
        rec.closed ??= { code, reason: reason.toString('utf8'), by: 'client' };
      });

    const keys = options.apiKeys ?? [];
    if (!rec.apiKey || (keys.length > 0 && !keys.includes(rec.apiKey))) {
      closeWith(1007, 'API key not valid. Please pass a valid API key.');
      return;
    }

    let ready = false;
    let chunksSinceReply = 0;
    let interrupted = false;
    const replyAfter = mode.replyAfterChunks ?? 4;

    const reply = (heard: string) => {
      rec.replies++;
      chunksSinceReply = 0;
      const words = `You said: ${heard}.`;
      const half = Math.ceil(words.length / 2);
      out({ serverContent: { outputTranscription: { text: words.slice(0, half) } } });
      out({ serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: tone(100).toString('base64') } }] } } });
      if (mode.interrupt && !interrupted) {
        interrupted = true;
        out({ serverContent: { interrupted: true } });
        return;
      }
      out({ serverContent: { outputTranscription: { text: words.slice(half) } } });
      out({ serverContent: { modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: tone(100, 660).toString('base64') } }] } } });
      out({ serverContent: { generationComplete: true } });
      out({ serverContent: { turnComplete: true }, usageMetadata: { promptTokenCount: 12, responseTokenCount: 8, totalTokenCount: 20 } });
    };

    ws.on('message', (data: RawData) => {
      let msg: Record<string, any>;
      try {
        msg = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'));
      } catch {
        closeWith(1007, 'Invalid JSON payload received.');
        return;
      }
      if (!rec.setup) {
        const problem = setupProblem(msg.setup);
        if (problem) {
          rec.setup = (msg.setup as Record<string, unknown>) ?? null;
          closeWith(1007, problem);
          return;
        }
        rec.setup = msg.setup;
        const finish = () => {
          if (ws.readyState !== ws.OPEN) return;
          if (mode.fail) {
            closeWith(1011, 'Internal error encountered.');
            return;
          }
          ready = true;
          out({ setupComplete: {} });
          if (mode.goAway) out({ goAway: { timeLeft: '30s' } });
        };
        if (mode.delaySetupMs) setTimeout(finish, mode.delaySetupMs);
        else finish();
        return;
      }
      if (!ready) {
        closeWith(1007, 'Request contains an invalid argument. (message before setupComplete)');
        return;
      }
      if (msg.realtimeInput?.audio) {
        const { mimeType, data: b64 } = msg.realtimeInput.audio as { mimeType?: unknown; data?: unknown };
        if (typeof mimeType !== 'string' || !/^audio\/pcm(;rate=\d+)?$/.test(mimeType) || typeof b64 !== 'string') {
          closeWith(1007, 'Request contains an invalid argument. (realtimeInput.audio needs mimeType audio/pcm;rate=N and base64 data)');
          return;
        }
        const pcm = Buffer.from(b64, 'base64');
        const at = now();
        rec.audio.push({ bytes: pcm.length, mimeType, at, head: pcm.subarray(0, 8).toString('hex') });
        options.onAudio?.(rec, rec.audio.length - 1, pcm, at);
        chunksSinceReply++;
        if (replyAfter > 0 && chunksSinceReply >= replyAfter) reply(`${chunksSinceReply} chunks of audio`);
        return;
      }
      if (msg.realtimeInput?.audioStreamEnd) {
        rec.audioStreamEnd++;
        if (chunksSinceReply > 0) reply(`${chunksSinceReply} chunks of audio`);
        return;
      }
      if (msg.clientContent) {
        const turns = Array.isArray(msg.clientContent.turns) ? msg.clientContent.turns : [];
        const texts: string[] = turns.flatMap((t: any) => (Array.isArray(t?.parts) ? t.parts : [])).map((p: any) => p?.text).filter((t: unknown): t is string => typeof t === 'string');
        rec.texts.push(...texts);
        if (msg.clientContent.turnComplete) reply(texts.join(' ') || 'nothing');
        return;
      }
      closeWith(1007, 'Request contains an invalid argument. (unknown client message)');
    });
  }

  const server = await serveOnLoopback(port, app);
  // serveOnLoopback owns the node:http servers; upgrades reach them through the 'upgrade' event, which it
  // does not expose, so the emulator listens for it on every server it created.
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = requestUrl(req);
    if (!url.pathname.endsWith('BidiGenerateContent')) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => session(ws, req));
  };
  for (const s of server.servers) s.on('upgrade', upgrade);

  return {
    name: 'Gemini Live',
    url: `ws://127.0.0.1:${server.port}${LIVE_PATH}`,
    controlUrl: `http://127.0.0.1:${server.port}`,
    sessions,
    close: async () => {
      for (const ws of open) ws.terminate();
      wss.close();
      await server.close();
    },
  };
}
