// `npm run bench:voice`: the VoiceRelay's cost, measured through the real Worker (wrangler's test harness:
// workerd with the VoiceRelay and RateLimiter Durable Objects) against the Gemini Live emulator, from Node
// over loopback (the `ws` client plays the browser):
//   - added latency per chunk: time from a 250 ms chunk (8,000 bytes of 16 kHz PCM, base64) leaving the
//     client to the emulator receiving it as realtimeInput.audio, median and p95, chunks sent one every
//     --interval ms (default 250, real time: the relay ends a session whose audio runs more than
//     VOICE_AUDIO_AHEAD_MS ahead of real time, docs/decisions/0010);
//   - added latency per reply part, the other way: time from the emulator sending a part of the spoken
//     reply (serverContent.modelTurn with 100 ms of 24 kHz audio) to the client receiving it as `audio`,
//     with the emulator answering each of --replies chunks (default 40, one every 250 ms, the first 5
//     replies to warm up);
//   - the SDK's own cost per chunk: CPU time of the relay's Session.sendRealtimeInput (@google/genai) for one
//     chunk, against JSON.stringify of the same message (what a hand-written relay would send; the bytes
//     are checked to be the same), in a tight loop in this process: unlike the figures over loopback it
//     hardly moves with the machine's load;
//   - throughput: chunks per second the relays pass on when the clients send --burst N (default 480)
//     chunks as fast as they can, spread over as many sessions (one visitor each) as the audio cap needs
//     (12 chunks, 3 s of audio, per session), all at once (time until the emulator received the last one).
// Both ends run in this process, so one clock measures both. Loopback and the harness are included: the
// figures are an upper bound of the relay's own cost, and they rise with the machine's load (the load
// average is printed and kept with them). Figures also go to --json FILE (default
// bench-results/voice.json). It reports, it is not a test.
import { parseArgs } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Session } from '@google/genai';
import { readVars } from './lib/vars.ts';
import { workerHarness } from './lib/harness.ts';
import { start as startLive } from '../tests/emulators/gemini-live/server.ts';
import { VOICE_AUDIO_AHEAD_MS } from '../shared/rateLimits.ts';
import { CHUNK_MS } from '../shared/voice/protocol.ts';
import { quantile, stats } from './lib/stats.ts';

const { values: args } = parseArgs({ options: { burst: { type: 'string' }, chunks: { type: 'string' }, interval: { type: 'string' }, json: { type: 'string' }, replies: { type: 'string' } }, allowPositionals: true });
const chunks = Math.max(20, Number(args.chunks ?? 60));
const interval = Math.max(0, Number(args.interval ?? 250));
const burst = Math.max(50, Number(args.burst ?? 480));
const replies = Math.max(10, Number(args.replies ?? 40));
/** Chunks one session may send at once without passing the relay's real-time audio cap. */
const perSession = Math.floor(VOICE_AUDIO_AHEAD_MS / CHUNK_MS);
const jsonOut = args.json ?? 'bench-results/voice.json';
const log = (msg: string) => console.log(`[bench:voice] ${msg}`);

const KEY = 'bench-voice-gemini-key';
const now = () => performance.timeOrigin + performance.now();

/** A 250 ms chunk whose first 4 bytes carry its sequence number (so the emulator's side can be matched). */
function chunk(seq: number): string {
  const pcm = Buffer.alloc(8000);
  for (let i = 4; i < pcm.length; i += 2) pcm.writeInt16LE(Math.round(Math.sin(i / 20) * 3000), i);
  pcm.writeUInt32LE(seq, 0);
  return JSON.stringify({ type: 'audio', data: pcm.toString('base64') });
}

// The harness sends the Worker's outbound requests through Node's fetch, which cannot upgrade to a
// WebSocket; Miniflare's fetch can (it couples the socket back into workerd), so upgrades go through it.
const { fetch: miniflareFetch } = await import('miniflare');
const nodeFetch = globalThis.fetch;
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  if (headers.get('Upgrade')?.toLowerCase() === 'websocket') {
    return miniflareFetch(input instanceof Request ? input.url : String(input), { headers: Object.fromEntries(headers) }) as unknown as Promise<Response>;
  }
  return nodeFetch(input, init);
}) as typeof fetch;

const arrivals = new Map<number, number>();
/** When the emulator sent each audio part of a reply, in the session whose replies are timed. */
const replySent: number[] = [];
const live = await startLive(0, {
  apiKeys: [KEY],
  onAudio: (_s, _i, pcm, at) => { arrivals.set(pcm.readUInt32LE(0), at); },
  onSend: (s, message, at) => {
    if (s.mode.replyAfterChunks === 1 && (message.serverContent as { modelTurn?: unknown } | undefined)?.modelTurn) replySent.push(at);
  },
});
await fetch(`${live.controlUrl}/__mode`, { method: 'POST', body: JSON.stringify({ default: { replyAfterChunks: 0 } }) });
const vars = {
  ...readVars('.dev.vars.example'), FORMSUBMIT_ENDPOINT: 'http://127.0.0.1:9/ajax/bench', APPWRITE_ENDPOINT: '',
  GEMINI_API_KEY: KEY, GEMINI_LIVE_URL: live.url,
};
const server = workerHarness(vars);
let ip = 0;
/** A session, once ready; what the relay says after that goes to `onMessage` (or the log). */
async function session(onMessage?: (m: { type: string }, at: number) => void): Promise<WebSocket> {
  const { url } = await server.listen();
  ip += 1;
  const ws = new WebSocket(new URL('/api/voice', url).toString().replace(/^http/, 'ws'), { headers: { 'CF-Connecting-IP': `198.19.0.${ip}` } });
  await new Promise<void>((res, rej) => {
    ws.on('message', (d) => {
      const at = now();
      const m = JSON.parse(d.toString());
      if (m.type === 'ready') res();
      else if (onMessage) onMessage(m, at);
      else log(`relay said: ${d.toString().slice(0, 200)}`);
    });
    ws.on('error', rej);
    ws.on('close', (code) => rej(new Error(`closed ${code} before ready`)));
  });
  return ws;
}
async function waitFor(seqs: number[], ms = 30_000) {
  const end = Date.now() + ms;
  while (seqs.some((s) => !arrivals.has(s))) {
    if (Date.now() > end) throw new Error(`only ${seqs.filter((s) => arrivals.has(s)).length} of ${seqs.length} chunks arrived`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const load = () => loadavg().map((l) => +l.toFixed(2));

/** µs per call of each sender: medians of 7 rounds of 10,000 calls, the senders taking turns (after a warm-up). */
function microseconds(...senders: (() => void)[]): number[] {
  const timed = senders.map((send) => ({ send, rounds: [] as number[] }));
  for (const { send } of timed) for (let i = 0; i < 2000; i++) send();
  for (let r = 0; r < 7; r++) {
    for (const { send, rounds } of timed) {
      const t = performance.now();
      for (let i = 0; i < 10_000; i++) send();
      rounds.push(((performance.now() - t) / 10_000) * 1000);
    }
  }
  return timed.map(({ rounds }) => +quantile(rounds, 0.5).toFixed(1));
}

/** The SDK's encoding of one chunk (the Gemini API, not Vertex) against JSON.stringify of the same message. */
function encodeCost() {
  const data = JSON.parse(chunk(0)).data as string;
  const audio = { mimeType: 'audio/pcm;rate=16000', data };
  let last = '';
  const conn = { connect() {}, close() {}, send(m: string) { last = m; } };
  const sdk = new Session(conn, { isVertexAI: () => false } as ConstructorParameters<typeof Session>[1]);
  sdk.sendRealtimeInput({ audio });
  const sdkMessage = last;
  const plain = () => conn.send(JSON.stringify({ realtimeInput: { audio } }));
  plain();
  if (last !== sdkMessage) throw new Error(`the SDK sends another message: ${sdkMessage.slice(0, 120)}`);
  const [sdkMicroseconds = Number.NaN, jsonStringifyMicroseconds = Number.NaN] = microseconds(() => sdk.sendRealtimeInput({ audio }), plain);
  return { sdkMicroseconds, jsonStringifyMicroseconds };
}
try {
  const loadBefore = load();
  log(`load average (1, 5, 15 min) on ${navigator.hardwareConcurrency} cores: ${loadBefore.join(', ')}`);
  log(`latency: ${chunks} chunks, one every ${interval} ms (after 20 to warm up)`);
  const ws = await session();
  const sent = new Map<number, number>();
  for (let i = 0; i < chunks + 20; i++) {
    const data = chunk(i);
    sent.set(i, now());
    ws.send(data);
    if (interval) await new Promise((r) => setTimeout(r, interval));
  }
  await waitFor([...sent.keys()]);
  const latency = [...sent].filter(([s]) => s >= 20).map(([s, t]) => arrivals.get(s)! - t);
  const order = [...sent.keys()].every((s, i, all) => i === 0 || arrivals.get(s)! >= arrivals.get(all[i - 1]!)!);
  ws.close(1000);

  log(`reply latency: ${replies} replies of 2 audio parts, one per chunk sent every 250 ms (after 5 to warm up)`);
  await fetch(`${live.controlUrl}/__mode`, { method: 'POST', body: JSON.stringify({ replyAfterChunks: 1 }) });
  const replyReceived: number[] = [];
  const talker = await session((m, at) => { if (m.type === 'audio') replyReceived.push(at); });
  for (let i = 0; i < replies; i++) {
    talker.send(chunk(100_000 + i));
    await new Promise((r) => setTimeout(r, 250));
  }
  for (const end = Date.now() + 30_000; replyReceived.length < replies * 2 && Date.now() < end;) await new Promise((r) => setTimeout(r, 5));
  if (replyReceived.length !== replySent.length) throw new Error(`${replySent.length} reply parts sent, ${replyReceived.length} received`);
  // Same count, same order (one socket each way): the n-th part received is the n-th sent.
  const replyLatency = replySent.map((sent, i) => (replyReceived[i] ?? Number.NaN) - sent).slice(10);
  talker.close(1000);

  const encode = encodeCost();

  const relays = Math.ceil(burst / perSession);
  log(`throughput: ${burst} chunks as fast as the clients can send, over ${relays} sessions of at most ${perSession}`);
  arrivals.clear();
  const sockets = await Promise.all(Array.from({ length: relays }, () => session()));
  const t0 = now();
  for (let i = 0; i < burst; i++) sockets[Math.floor(i / perSession)]!.send(chunk(i));
  await waitFor(Array.from({ length: burst }, (_, i) => i), 120_000);
  const seconds = (Math.max(...arrivals.values()) - t0) / 1000;
  for (const socket of sockets) socket.close(1000);

  const result = {
    at: new Date().toISOString(),
    load: { before: loadBefore, after: load(), cores: navigator.hardwareConcurrency },
    addedLatencyMs: stats(latency),
    inOrder: order,
    replyLatencyMs: stats(replyLatency),
    encodePerChunk: encode,
    throughput: { chunks: burst, relays, seconds: +seconds.toFixed(3), chunksPerSecond: Math.round(burst / seconds), realTimeFactor: +((burst / seconds) / 4).toFixed(1) },
  };
  log(`added latency per chunk: median ${result.addedLatencyMs.median} ms, p95 ${result.addedLatencyMs.p95} ms (n=${latency.length}; in order: ${order})`);
  log(`added latency per reply part (Live → client): median ${result.replyLatencyMs.median} ms, p95 ${result.replyLatencyMs.p95} ms (n=${replyLatency.length})`);
  log(`the SDK's sendRealtimeInput per chunk: ${encode.sdkMicroseconds} µs of CPU (JSON.stringify of the same message: ${encode.jsonStringifyMicroseconds} µs)`);
  log(`${relays} relays: ${result.throughput.chunksPerSecond} chunks/s in all (${result.throughput.realTimeFactor}× the 4 chunks/s of one speaking visitor)`);
  mkdirSync(dirname(jsonOut), { recursive: true });
  writeFileSync(jsonOut, `${JSON.stringify(result, null, 2)}\n`);
  log(`load average after: ${result.load.after.join(', ')}`);
  log(`figures: ${jsonOut}`);
} finally {
  await server.close();
  await live.close();
}
process.exit(0);
