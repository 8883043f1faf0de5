// `npm run bench:bytes`: the data budget (issue 29, docs/decisions/0033-light-mode-and-data-budget.md).
// Builds the site into its own folder (or measures BUILD_DIR with --no-build), serves it as `npm start` does
// (scripts/start.ts --no-build: the same Worker and headers), and prints per page the bytes over the wire in
// Chromium at 390 px, split by type, for three visits, on the four pages of issue 29 and their French versions:
//  - first: cache empty;
//  - repeat: the same browser profile again (cached assets, the HTML revalidated);
//  - light first: cache empty, with `Save-Data: on`.
// Each figure is counted twice: from navigation until the load event, and until 6 s after it (what the page
// still fetches once loaded, such as the app and the chat). The budgets are judged on the second, the
// stricter. Bytes over the wire are each response's body as transferred (compressed), as in issue 29's table;
// a text response the local server sends uncompressed is counted gzipped, as the edge would send it.
// Response headers are left out of the figures (about 0.4 KB a response) and printed apart, except on the
// repeat visit, whose 304s are nothing but headers.
// Options: --no-build, --json FILE (default bench-results/bytes.json), --settle MS (default 6000).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium } from '@playwright/test';
import { freePort, run } from './lib/process.ts';
import { CHROMIUM, CHROME_FLAGS, FRENCH_PAGES, KB, PAGES } from './bench-web/setup.ts';

const { values: args } = parseArgs({ options: { json: { type: 'string' }, 'no-build': { type: 'boolean' }, settle: { type: 'string' } } });
const settleMs = Number(args.settle ?? 6000);
const reuseBuild = args['no-build'] ?? false;
const buildDir = resolve(reuseBuild ? (process.env.BUILD_DIR ?? 'dist') : mkdtempSync(join(tmpdir(), 'bench-bytes-')));
const jsonOut = args.json ?? 'bench-results/bytes.json';
const log = (msg: string) => console.log(`[bench:bytes] ${msg}`);

// Issue 29's figures of the landed build (cache empty, until 6 s after load) and the budgets derived from them.
export const BYTES_BUDGET = { first: 155 * KB, light: 78 * KB, repeat: 15 * KB } as const;
const TYPES = ['html', 'css', 'font', 'js', 'image', 'other'] as const;
type Kind = (typeof TYPES)[number];
type Split = Record<Kind, number>;
interface Visit { load: Split; settled: Split; headers: number; requests: { url: string; kind: Kind; bytes: number; afterLoad: boolean }[] }

const empty = (): Split => ({ html: 0, css: 0, font: 0, js: 0, image: 0, other: 0 });
const total = (s: Split) => TYPES.reduce((a, k) => a + s[k], 0);

function kindOf(resourceType: string, mime: string): Kind {
  if (resourceType === 'Document' || mime.includes('text/html')) return 'html';
  if (resourceType === 'Stylesheet' || mime.includes('text/css')) return 'css';
  if (resourceType === 'Font' || mime.startsWith('font/')) return 'font';
  if (resourceType === 'Script' || /javascript|ecmascript/.test(mime)) return 'js';
  if (resourceType === 'Image' || mime.startsWith('image/')) return 'image';
  return 'other';
}
const compressible = (mime: string) => /text\/|javascript|json|xml|svg/.test(mime);

/** One navigation in `context`, counted from the DevTools Protocol's own transfer sizes. */
async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, { url: string; type: string; mime: string; encoded: boolean; headerBytes: number }>();
  const requests: Visit['requests'] = [];
  let loaded = false;
  let headers = 0;
  const pending: Promise<void>[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    // What has arrived when the response starts: its status line and headers.
    seen.set(e.requestId, { url: e.response.url, type: e.type ?? '', mime: e.response.mimeType ?? '', encoded: !!h['content-encoding'], headerBytes: e.response.encodedDataLength ?? 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (!r || r.url.startsWith('data:')) return;
    const afterLoad = loaded;
    const kind = kindOf(r.type, r.mime);
    // From the cache: nothing on the wire.
    if (e.encodedDataLength === 0) return;
    headers += r.headerBytes;
    const body = Math.max(0, e.encodedDataLength - r.headerBytes);
    if (r.encoded || !compressible(r.mime) || body === 0) {
      requests.push({ url: r.url, kind, bytes: body, afterLoad });
      return;
    }
    // Sent uncompressed by the local server: counted as gzip would send it.
    pending.push(cdp.send('Network.getResponseBody', { requestId: e.requestId }).then(({ body: text, base64Encoded }) => {
      requests.push({ url: r.url, kind, bytes: gzipSync(Buffer.from(text, base64Encoded ? 'base64' : 'utf8')).length, afterLoad });
    }, () => { requests.push({ url: r.url, kind, bytes: body, afterLoad }); }));
  });
  page.on('load', () => { loaded = true; });
  await page.goto(url, { waitUntil: 'load' });
  loaded = true;
  await page.waitForTimeout(settleMs);
  await Promise.all(pending);
  await page.close();
  const load = empty();
  const settled = empty();
  for (const r of requests) {
    settled[r.kind] += r.bytes;
    if (!r.afterLoad) load[r.kind] += r.bytes;
  }
  return { load, settled, headers, requests };
}

const viewport = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

async function main() {
  if (!reuseBuild) {
    log(`building into ${buildDir}`);
    if ((await run('npm', ['run', 'build', '--silent'], { ...process.env, BUILD_DIR: buildDir })) !== 0) throw new Error('the build failed');
  }
  const port = await freePort();
  const formsubmitPort = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['scripts/start.ts', '--no-build', '--', '--var', `SITE_URL:${origin}`,
    '--var', `FORMSUBMIT_ENDPOINT:http://127.0.0.1:${formsubmitPort}/ajax/bench`], {
    env: {
      ...process.env, BUILD_DIR: buildDir, PORT: String(port), FORMSUBMIT_EMULATOR_PORT: String(formsubmitPort), WRANGLER_LOG: 'warn',
      // Every stand-in on a free port: the machine may run other copies of the site.
      APPWRITE_EMULATOR_PORT: String(await freePort()), GEMINI_EMULATOR_PORT: String(await freePort()),
      GEMINI_LIVE_EMULATOR_PORT: String(await freePort()), OUTBOX_PORT: String(await freePort()),
      WHATSAPP_EMULATOR_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'ignore', 'inherit'], detached: true,
  });
  const stop = () => { try { process.kill(-server.pid!, 'SIGTERM'); } catch { /* gone */ } };
  try {
    const until = Date.now() + 90_000;
    for (;;) {
      if (Date.now() > until || server.exitCode !== null) throw new Error('the site did not start');
      try { if ((await fetch(`${origin}/api/health`)).ok) break; } catch { /* not up yet */ }
      await new Promise((r) => setTimeout(r, 300));
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
    const results: { page: string; path: string; first: Visit; repeat: Visit; light: Visit }[] = [];
    try {
      for (const p of [...PAGES, ...FRENCH_PAGES]) {
        log(`measuring ${p.path}`);
        const ctx = await browser.newContext(viewport);
        const first = await visit(ctx, origin + p.path);
        const repeat = await visit(ctx, origin + p.path);
        await ctx.close();
        const lightCtx = await browser.newContext({ ...viewport, extraHTTPHeaders: { 'Save-Data': 'on' } });
        const light = await visit(lightCtx, origin + p.path);
        await lightCtx.close();
        results.push({ page: p.name, path: p.path, first, repeat, light });
      }
    } finally {
      await browser.close();
    }
    report(results);
    mkdirSync(dirname(resolve(jsonOut)), { recursive: true });
    writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), settleMs, budget: BYTES_BUDGET, results }, null, 2));
    log(`figures written to ${jsonOut}`);
  } finally {
    stop();
    if (!reuseBuild) rmSync(buildDir, { recursive: true, force: true });
  }
}

function report(results: { page: string; path: string; first: Visit; repeat: Visit; light: Visit }[]) {
  const kb = (n: number) => (n / KB).toFixed(1);
  const rows = [['page', 'visit', 'budget', 'until load', 'settled', ...TYPES.map((t) => `${t} (settled)`), 'verdict', 'headers (not counted)']];
  for (const r of results) {
    for (const [name, v, budget, strict] of [
      ['first', r.first, BYTES_BUDGET.first, false], ['repeat', r.repeat, BYTES_BUDGET.repeat, true], ['light first', r.light, BYTES_BUDGET.light, false],
    ] as const) {
      // A repeat visit's HTML is a 304, all headers: there the headers count too.
      const t = total(v.settled) + (strict ? v.headers : 0);
      const ok = strict ? t < budget : t <= budget;
      rows.push([r.path, name, `${strict ? '<' : '<='} ${kb(budget)}`, kb(total(v.load)), kb(t), ...TYPES.map((k) => kb(v.settled[k])), ok ? 'PASS' : 'FAIL', kb(v.headers)]);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log(`\nBytes over the wire (KB of 1000, bodies as transferred, compressed), Chromium 390 px; settled = until ${settleMs / 1000} s after load`);
  for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join(' | '));
  for (const r of results) {
    console.log(`\n${r.path}, first visit:`);
    for (const q of r.first.requests) console.log(`  ${q.kind.padEnd(5)} ${kb(q.bytes).padStart(6)} KB ${q.afterLoad ? 'after load ' : 'before load'} ${new URL(q.url).pathname}`);
  }
}

try {
  await main();
  process.exit(0);
} catch (err) {
  console.error(`[bench:bytes] could not measure: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
