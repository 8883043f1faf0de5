// `npm run bench:chat`: the server side of the chat, measured through the real Worker (wrangler's test
// harness: workerd with the RateLimiter Durable Object, no build needed) from Node over loopback:
//   - time per POST /api/chat turn with the local assistant (no key), next to GET /api/health as the
//     baseline of the harness and loopback, and the local assistant's own time in-process;
//   - the Gemini proxy's added time: the same turn with a key against the Gemini emulator, minus the
//     emulator's own time for the same request body sent to it directly.
// Median and p95 over --turns N (default 300) after a warm-up. Loopback and the client are included, so
// the figures are an upper bound of server time. Turns rotate over a pool of client addresses, each used
// fewer than 20 times, so the chatbot limit (20 a minute) does not stop the run while each visitor's
// RateLimiter object is reused as in real use. The widget bundle's size is measured with the widget.
// Then the streamed answer (docs/decisions/0007), against the emulator set to a 400 ms time to first token
// and 30 ms per token, for a 150-token answer:
//   - in a real browser (Debian's chromium through Playwright, the built site on the Worker): from pressing
//     Send to the first word in the panel, and to the complete answer, streaming and not (the same widget
//     with the Accept header taken off, so the Worker answers JSON); median of --browser-runs N (default 20).
//     Budget: first word <= time to first token + 60 ms;
//   - the Worker's added time per streamed chunk: when each piece arrives through the Worker, minus when
//     the same chunk arrives from the emulator directly (both measured from the request's start).
// It reports, it is not a test; figures also go to --json FILE (default bench-results/chat.json).
import { parseArgs } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { offlineWranglerEnv, readVars } from './lib/vars.ts';
import { workerHarness, workerWith } from './lib/harness.ts';
import { start as startGemini } from '../tests/emulators/gemini/server.ts';
import { buildRequest } from '../functions/ai/assistant.ts';
import { geminiClient } from '../functions/ai/gemini.ts';
import { GEMINI_SITE_KEY, startGeminiSite } from '../tests/emulators/gemini/site.ts';
import { localReply } from '../shared/chat/local.ts';
import { firstLoadChunks, lazyChunkCost } from './lib/bundle.ts';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { quantile, stats } from './lib/stats.ts';

const { values: args } = parseArgs({ options: { 'browser-runs': { type: 'string' }, json: { type: 'string' }, turns: { type: 'string' } }, allowPositionals: true });
const turns = Math.max(20, Number(args.turns ?? 300));
const browserRuns = Math.max(3, Number(args['browser-runs'] ?? 20));
/** Only the streamed answer (the browser and per-chunk figures). */
const streamingOnly = process.argv.includes('--streaming-only');
const FIRST_TOKEN_MS = 400;
const TOKEN_MS = 30;
const ANSWER_TOKENS = 150;
/** The 150-token answer: one word per token, the last one unique so that the end is recognisable. */
const longAnswer = [...Array.from({ length: ANSWER_TOKENS - 1 }, (_, i) => `word${i + 1}`), 'finished'].join(' ');
const jsonOut = args.json ?? 'bench-results/chat.json';
const log = (msg: string) => console.log(`[bench:chat] ${msg}`);

const KEY = 'bench-chat-gemini-key';
const questions = ['Hello', 'What services do you offer?', 'How much does a mobile app cost?', 'Show me your portfolio', 'Tell me about DevOps', 'Can I book a call?'];
const messagesFor = (i: number) => [{ role: 'user', text: questions[i % questions.length]! }];
const contentsFor = (i: number) => [{ role: 'user' as const, parts: [{ text: questions[i % questions.length]! }] }];


async function timeTurns(n: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n + 20; i++) {
    const t0 = performance.now();
    const res = await send(i);
    const body = await res.text();
    const dt = performance.now() - t0;
    if (res.status !== 200) throw new Error(`turn ${i}: HTTP ${res.status} ${body.slice(0, 200)}`);
    if (i >= 20) times.push(dt); // the first 20 warm up
  }
  return times;
}

Object.assign(process.env, offlineWranglerEnv, { WRANGLER_LOG: 'warn' });
if (streamingOnly) {
  const buildDir = process.env.BUILD_DIR ?? 'dist';
  log(`streaming only: ${browserRuns} browser runs each way and the Worker's time per chunk (${FIRST_TOKEN_MS} ms to first token, ${TOKEN_MS} ms per token, ${ANSWER_TOKENS} tokens)`);
  const figures = { streaming: await benchStreaming(buildDir) };
  mkdirSync(dirname(resolve(jsonOut)), { recursive: true });
  writeFileSync(jsonOut, `${JSON.stringify(figures, null, 2)}\n`);
  log(`figures written to ${jsonOut}`);
  process.exit(0);
}
const gemini = await startGemini(0, { apiKeys: [KEY] });
const vars = { ...readVars('.dev.vars.example'), FORMSUBMIT_ENDPOINT: 'http://127.0.0.1:9/ajax/bench', APPWRITE_ENDPOINT: '' };
const server = workerHarness({ ...vars, GEMINI_API_KEY: '' });
try {
  let { url } = await server.listen();
  const pool = Math.ceil((turns + 20) / 18);
  let round = 0;
  const post = (i: number) => fetch(new URL('/api/chat', url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.18.${round}.${(i % pool) + 1}` },
    body: JSON.stringify({ message: questions[i % questions.length]! }),
  });

  log(`baseline: ${turns} GET /api/health`);
  const health = stats(await timeTurns(turns, () => fetch(new URL('/api/health', url))));
  log(`local assistant: ${turns} turns`);
  const local = stats(await timeTurns(turns, post));
  const inProcess: number[] = [];
  for (let i = 0; i < turns; i++) {
    const t0 = performance.now();
    localReply(messagesFor(i) as never, { booking: { url: '/booking', external: false } });
    inProcess.push(performance.now() - t0);
  }

  round += 1; // fresh visitors for the second run
  await server.update({ workers: [workerWith({ ...vars, GEMINI_API_KEY: KEY, GEMINI_BASE_URL: gemini.url })] });
  ({ url } = await server.listen());
  log(`Gemini path against the emulator: ${turns} turns, and the emulator alone`);
  const proxied = await timeTurns(turns, post);
  // The same model call from Node through the same SDK, straight to the emulator.
  const sdk = geminiClient({ apiKey: KEY, model: 'gemini-2.5-flash', baseUrl: gemini.url });
  const direct = await timeTurns(turns, async (i) => {
    let text = '';
    for await (const chunk of await sdk.models.generateContentStream(buildRequest(contentsFor(i), 'Volta Assistant', 'gemini-2.5-flash'))) text += chunk.text ?? '';
    return new Response(text);
  });
  const figures = {
    turns,
    healthBaselineMs: health,
    localAssistantMs: local,
    localReplyInProcessMs: { median: +quantile(inProcess, 0.5).toFixed(3), p95: +quantile(inProcess, 0.95).toFixed(3) },
    geminiThroughWorkerMs: stats(proxied),
    emulatorDirectMs: stats(direct),
    proxyAddedMs: {
      median: +(quantile(proxied, 0.5) - quantile(direct, 0.5)).toFixed(2),
      p95: +(quantile(proxied, 0.95) - quantile(direct, 0.95)).toFixed(2),
    },
    /** The same, minus what every chat turn pays (rate limiter, parsing): the proxy's own share. */
    proxyOverLocalTurnMs: { median: +(quantile(proxied, 0.5) - quantile(direct, 0.5) - local.median).toFixed(2) },
  };
  log(`local assistant turn: median ${local.median} ms, p95 ${local.p95} ms (GET /api/health baseline ${health.median} / ${health.p95} ms; the reply itself ${figures.localReplyInProcessMs.median} / ${figures.localReplyInProcessMs.p95} ms in-process)`);
  log(`Gemini proxy adds: median ${figures.proxyAddedMs.median} ms, p95 ${figures.proxyAddedMs.p95} ms (through the Worker ${figures.geminiThroughWorkerMs.median} / ${figures.geminiThroughWorkerMs.p95} ms, emulator alone ${figures.emulatorDirectMs.median} / ${figures.emulatorDirectMs.p95} ms); over a local-assistant turn: median ${figures.proxyOverLocalTurnMs.median} ms`);
  // The panel's own size: it is fetched when the browser is idle after the load event and evaluated on the
  // first tap of the chat button (web/chat/ChatLauncher.tsx), measured on top of the home page of a build.
  const buildDir = process.env.BUILD_DIR ?? 'dist';
  if (!existsSync(`${buildDir}/client/index.html`) && spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_DIR: buildDir } }).status !== 0) {
    throw new Error('the build failed');
  }
  const client = `${buildDir}/client`;
  const widget = lazyChunkCost(client, 'ChatPanel', firstLoadChunks(client));
  Object.assign(figures, { widgetBundle: widget });
  log(widget
    ? `chat panel bundle (fetched when idle after the load event, run on the first tap): ${widget.gzipBytes} B gzipped in ${widget.files} file(s) on top of the home page's first load (${widget.chunk}, build ${buildDir})`
    : `chat widget bundle: no ChatPanel chunk in ${client}`);
  log(`streaming: ${browserRuns} browser runs each way and the Worker's time per chunk (${FIRST_TOKEN_MS} ms to first token, ${TOKEN_MS} ms per token, ${ANSWER_TOKENS} tokens)`);
  Object.assign(figures, { streaming: await benchStreaming(buildDir) });
  mkdirSync(dirname(resolve(jsonOut)), { recursive: true });
  writeFileSync(jsonOut, `${JSON.stringify(figures, null, 2)}\n`);
  log(`figures written to ${jsonOut}`);
} finally {
  await server.close();
  await gemini.close();
}

/** Scripts the 150-token answer for requests carrying `marker`. */
async function scriptLong(geminiURL: string, marker: string) {
  const res = await fetch(`${geminiURL}/__script`, { method: 'POST', body: JSON.stringify({ match: marker, responses: [{ text: longAnswer }] }) });
  if (!res.ok) throw new Error(`scripting the emulator: HTTP ${res.status}`);
}

/** The emulator's record of the request carrying `marker` (its chunks' write times). */
async function emulatorRecord(geminiURL: string, marker: string): Promise<{ chunksAt: number[] }> {
  const [rec] = (await (await fetch(`${geminiURL}/__requests?match=${marker}`)).json()) as { chunksAt: number[] }[];
  if (!rec) throw new Error(`the emulator saw no request for ${marker}`);
  return rec;
}

/**
 * How long each chunk takes from the emulator writing it to the client reading it, through the Worker
 * (`via`) and straight from the emulator through the SDK (`direct`); the emulator runs in this process, so
 * both ends share one clock (performance.now()).
 */
async function chunkLatencies(siteURL: string, geminiURL: string, i: number): Promise<{ via: number[]; direct: number[] }> {
  const viaMarker = `chunk${i}x${Date.now().toString(36)}`;
  await scriptLong(geminiURL, viaMarker);
  const res = await fetch(`${siteURL}/api/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'CF-Connecting-IP': `198.19.${i % 250}.1` },
    body: JSON.stringify({ message: `Tell me ${viaMarker}` }),
  });
  const arrived: number[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
    const now = performance.now();
    buffer += decoder.decode(bytes, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const b of blocks) if (b.startsWith('event: delta')) arrived.push(now);
  }
  const written = (await emulatorRecord(geminiURL, viaMarker)).chunksAt;
  const via = arrived.slice(0, written.length).map((t, k) => t - written[k]!);

  const directMarker = `direct${i}x${Date.now().toString(36)}`;
  await scriptLong(geminiURL, directMarker);
  const sdk = geminiClient({ apiKey: GEMINI_SITE_KEY, model: 'gemini-2.5-flash', baseUrl: geminiURL });
  const got: number[] = [];
  for await (const _ of await sdk.models.generateContentStream(buildRequest([{ role: 'user', parts: [{ text: `Tell me ${directMarker}` }] }], 'Volta Assistant', 'gemini-2.5-flash'))) {
    got.push(performance.now());
  }
  const writtenDirect = (await emulatorRecord(geminiURL, directMarker)).chunksAt;
  return { via, direct: got.slice(0, writtenDirect.length).map((t, k) => t - writtenDirect[k]!) };
}

interface BrowserRun { firstWordMs: number; completeMs: number }

async function benchStreaming(buildDir: string) {
  const site = await startGeminiSite({ buildDir, firstTokenMs: FIRST_TOKEN_MS, tokenMs: TOKEN_MS });
  try {
    // How busy the machine is: the Worker's cheapest route.
    const health = stats(await timeTurns(50, () => fetch(`${site.url}/api/health`)));
    log(`machine load baseline: GET /api/health median ${health.median} ms, p95 ${health.p95} ms`);
    // The Worker's time per chunk: its chunk latency minus the direct path's (median of that).
    const via: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < Math.min(20, browserRuns); i++) {
      const out = await chunkLatencies(site.url, site.gemini.url, i);
      via.push(...out.via);
      direct.push(...out.direct);
    }
    const directMedian = quantile(direct, 0.5);
    const perChunk = stats(via.map((t) => t - directMedian));
    log(`Worker's added time per streamed chunk: median ${perChunk.median} ms, p95 ${perChunk.p95} ms over ${perChunk.n} chunks (chunk written → read: through the Worker ${stats(via).median} / ${stats(via).p95} ms, straight from the emulator ${stats(direct).median} / ${stats(direct).p95} ms; loopback and the harness's proxy included)`);

    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const measure = async (stream: boolean): Promise<BrowserRun[]> => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        // One visitor address per way: a run takes at least 5 s (150 tokens at 30 ms), so the chatbot limit
        // (20 a minute) is never reached. Set by the browser itself: intercepting the request with
        // page.route would add Playwright's own round trip to every figure.
        await page.setExtraHTTPHeaders({ 'cf-connecting-ip': `198.20.${stream ? 1 : 2}.1` });
        // Without streaming, the Accept header is taken off so that the Worker answers JSON (only that way is
        // intercepted; its first word is the whole answer anyway).
        if (!stream) {
          await page.route('**/api/chat', async (route) => {
            const headers: Record<string, string> = { ...route.request().headers() };
            delete headers.accept;
            await route.continue({ headers });
          });
        }
        page.on('dialog', (d) => void d.accept());
        await page.goto(site.url, { waitUntil: 'load' });
        await page.getByRole('button', { name: 'Open chat' }).click({ timeout: 15_000 });
        const out: BrowserRun[] = [];
        for (let i = 0; i < browserRuns + 2; i++) {
          const marker = `b${stream ? 's' : 'j'}${i}x${Date.now().toString(36)}`;
          await scriptLong(site.gemini.url, marker);
          await page.getByLabel('Type your message').fill(`Tell me about it ${marker}`);
          const run = await page.evaluate(() => new Promise<BrowserRun>((resolve) => {
            const log = document.querySelector('[role="log"]')!;
            let first = 0;
            const check = () => {
              const bot = log.querySelector('[data-type="bot"]');
              const text = bot?.textContent ?? '';
              if (!first && /word1\b/.test(text)) first = performance.now();
              if (first && /finished/.test(text) && !bot?.querySelector('[data-streaming]')) {
                observer.disconnect();
                resolve({ firstWordMs: first - t0, completeMs: performance.now() - t0 });
              }
            };
            const observer = new MutationObserver(check);
            observer.observe(log, { childList: true, subtree: true, characterData: true, attributes: true });
            const t0 = performance.now();
            document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
          }));
          if (i >= 2) out.push(run); // two warm-up runs
          await page.getByRole('button', { name: 'Clear', exact: true }).click();
          await page.locator('[role="log"] [data-type="bot"]').first().waitFor({ state: 'detached' });
        }
        await page.close();
        return out;
      };
      const streamed = await measure(true);
      const whole = await measure(false);
      const summary = (rs: BrowserRun[]) => ({ firstWordMs: stats(rs.map((r) => r.firstWordMs)), completeMs: stats(rs.map((r) => r.completeMs)) });
      const figures = {
        settings: { firstTokenMs: FIRST_TOKEN_MS, tokenMs: TOKEN_MS, tokens: ANSWER_TOKENS, runs: browserRuns },
        healthBaselineMs: health,
        workerAddedPerChunkMs: perChunk,
        browserStreaming: summary(streamed),
        browserWhole: summary(whole),
        budgetFirstWordMs: FIRST_TOKEN_MS + 60,
      };
      const s = figures.browserStreaming;
      const w = figures.browserWhole;
      log(`browser, streaming: first word median ${s.firstWordMs.median} ms (p95 ${s.firstWordMs.p95}), complete answer ${s.completeMs.median} ms (p95 ${s.completeMs.p95})`);
      log(`browser, whole JSON: first word median ${w.firstWordMs.median} ms (p95 ${w.firstWordMs.p95}), complete answer ${w.completeMs.median} ms (p95 ${w.completeMs.p95})`);
      log(`budget: first word <= ${figures.budgetFirstWordMs} ms (time to first token + 60 ms): ${s.firstWordMs.median <= figures.budgetFirstWordMs ? 'met' : 'NOT met'} (median)`);
      return figures;
    } finally {
      await browser.close();
    }
  } finally {
    await site.close();
  }
}
