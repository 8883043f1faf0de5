// `npm run bench:web`: builds the site into its own folder, serves it (scripts/start.ts --no-build on free
// ports), and prints for the home page and one service page the gzipped JS and CSS bytes requested
// before the load event (Debian's chromium through playwright) and the Lighthouse mobile scores
// (lighthouse's Node API, default mobile configuration). It compares them with the budgets of
// ARCHITECTURE.md and always exits 0 once it has measured: it reports, it is not a test.
//
// Options: --no-build (with BUILD_DIR set: measure an existing build), --runs N (Lighthouse runs per
// page, the median is reported; default 3), --json FILE (also write the figures; default
// bench-results/web.json).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Request as PwRequest } from '@playwright/test';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PAGES = [{ name: 'home', path: '/' }, { name: 'service', path: '/services/web-development' }];
const KB = 1000; // budgets in KB of 1000 bytes (the stricter reading)
const BUDGET = { homeJsGzip: 100 * KB, performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const arg = (name: string) => { const i = process.argv.indexOf(name); return i === -1 ? undefined : process.argv[i + 1]; };
const runs = Math.max(1, Number(arg('--runs') ?? 3));
const jsonOut = arg('--json') ?? 'bench-results/web.json';
const reuseBuild = process.argv.includes('--no-build');
const ownBuild = !reuseBuild && !process.env.BENCH_BUILD_DIR;
const buildDir = resolve(reuseBuild ? (process.env.BUILD_DIR ?? 'dist') : (process.env.BENCH_BUILD_DIR ?? mkdtempSync(join(tmpdir(), 'bench-web-'))));

const log = (msg: string) => console.log(`[bench:web] ${msg}`);

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((res) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('exit', (code) => res(code ?? 1));
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the site server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the site did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}

interface Transfer { url: string; kind: 'js' | 'css'; bytes: number; gzip: number }

/** JS and CSS requested before the load event, each body gzipped with zlib to measure it. */
async function measureBytes(url: string): Promise<Transfer[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  try {
    // Mobile viewport like Lighthouse's; a fresh context, so nothing comes from cache.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const requests: PwRequest[] = [];
    let loaded = false;
    page.on('request', (r) => { if (!loaded) requests.push(r); });
    page.on('load', () => { loaded = true; });
    await page.goto(url, { waitUntil: 'load' });
    const out: Transfer[] = [];
    for (const req of requests) {
      const res = await req.response();
      if (!res || res.status() !== 200) continue;
      const type = res.headers()['content-type'] ?? '';
      const kind = /javascript|ecmascript/.test(type) ? 'js' : /text\/css/.test(type) ? 'css' : null;
      if (!kind) continue;
      const body = await res.body();
      out.push({ url: new URL(req.url()).pathname, kind, bytes: body.length, gzip: gzipSync(body).length });
    }
    await context.close();
    return out;
  } finally {
    await browser.close();
  }
}

/** Starts Debian's chromium with a DevTools port for Lighthouse. */
async function launchChromeForLighthouse(): Promise<{ port: number; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-web-chrome-'));
  const child = spawn(CHROMIUM, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((res, rej) => {
    let err = '';
    const timer = setTimeout(() => rej(new Error(`chromium did not start: ${err.slice(-500)}`)), 30_000);
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) { clearTimeout(timer); res(Number(m[1])); }
    });
    child.on('exit', (code) => { clearTimeout(timer); rej(new Error(`chromium exited (${code}): ${err.slice(-500)}`)); });
  });
  return {
    port,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]!; };

async function lighthouseScores(url: string, port: number): Promise<{ scores: Record<Category, number>; runs: Record<Category, number>[]; failing: Record<string, string[]> }> {
  const all: Record<Category, number>[] = [];
  const failing: Record<string, string[]> = {};
  for (let i = 0; i < runs; i++) {
    // A busy machine occasionally spoils a trace (NO_NAVSTART, NO_FCP): such a run is repeated.
    let lhr;
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      const error = !result ? 'no result' : result.lhr.runtimeError ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}` : null;
      if (!error) { lhr = result!.lhr; break; }
      if (attempt === 3) throw new Error(`lighthouse: ${error}`);
      log(`  Lighthouse run failed (${error.split(' ')[0]}), repeating it`);
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
    all.push(scores);
    // What kept a category below 100 (scored audits only), for the report.
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          const list = (failing[c] ??= []);
          let label = `${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`;
          // Say which errors: the audit is otherwise hard to act on.
          const items = (audit.details as { items?: { description?: unknown }[] } | undefined)?.items ?? [];
          if (ref.id === 'errors-in-console' && items.length) label += `: ${items.map((it) => String(it.description ?? '').slice(0, 160)).join(' | ')}`;
          if (!list.some((l) => l.startsWith(ref.id))) list.push(label);
        }
      }
    }
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(all.map((s) => s[c]))])) as Record<Category, number>;
  return { scores, runs: all, failing };
}

// ---------------------------------------------------------------------------------------------------

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanup() {
  while (cleanups.length) {
    try { await cleanups.pop()!(); } catch (err) { console.error('[bench:web] cleanup:', err); }
  }
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));

async function main(): Promise<void> {
  const env = { ...process.env, BUILD_DIR: buildDir };
  if (ownBuild) cleanups.push(() => rmSync(buildDir, { recursive: true, force: true }));
  if (!reuseBuild) {
    log(`building into ${buildDir}`);
    if ((await run('npm', ['run', 'build', '--silent'], env)) !== 0) throw new Error('the build failed');
  } else if (!existsSync(join(buildDir, 'client', 'index.html'))) {
    throw new Error(`no build in ${buildDir}/client`);
  }

  const port = await freePort();
  const formsubmitPort = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  log(`serving ${buildDir}/client at ${origin}`);
  // Its own process group, so that wrangler, workerd and the stand-ins all stop with it.
  const server = spawn('node', ['scripts/start.ts', '--no-build', '--',
    // Canonical URLs on the origin Lighthouse visits (a canonical on another host fails the SEO audit).
    '--var', `SITE_URL:${origin}`,
    '--var', `FORMSUBMIT_ENDPOINT:http://127.0.0.1:${formsubmitPort}/ajax/bench`,
  ], {
    env: { ...env, PORT: String(port), FORMSUBMIT_EMULATOR_PORT: String(formsubmitPort), WRANGLER_LOG: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  cleanups.push(async () => {
    if (server.exitCode !== null || server.pid === undefined) return;
    const exited = new Promise((r) => server.once('exit', r));
    try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
    const timer = setTimeout(() => { try { process.kill(-server.pid!, 'SIGKILL'); } catch { /* gone */ } }, 5000);
    await exited;
    clearTimeout(timer);
  });
  await waitForHealth(origin, server);

  const results: { name: string; path: string; transfers: Transfer[]; js: number; css: number; scores: Record<Category, number> | null; runs: Record<Category, number>[]; failing: Record<string, string[]>; error?: string }[] = [];
  for (const page of PAGES) {
    const url = origin + page.path;
    log(`measuring ${page.path}: bytes before load`);
    const transfers = await measureBytes(url);
    const js = transfers.filter((t) => t.kind === 'js').reduce((a, t) => a + t.gzip, 0);
    const css = transfers.filter((t) => t.kind === 'css').reduce((a, t) => a + t.gzip, 0);
    log(`measuring ${page.path}: Lighthouse mobile, ${runs} run(s)`);
    const chrome = await launchChromeForLighthouse();
    cleanups.push(() => chrome.close());
    try {
      const { scores, runs: all, failing } = await lighthouseScores(url, chrome.port);
      results.push({ ...page, transfers, js, css, scores, runs: all, failing });
    } catch (err) {
      // Report what was measured; the missing scores show as n/a.
      results.push({ ...page, transfers, js, css, scores: null, runs: [], failing: {}, error: err instanceof Error ? err.message : String(err) });
    } finally {
      await chrome.close();
    }
  }

  // --- Report -------------------------------------------------------------------------------------
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  const rows: string[][] = [['page', 'JS gz before load', 'CSS gz before load', 'performance', 'accessibility', 'best practices', 'SEO']];
  rows.push(['budget', `<= ${kb(BUDGET.homeJsGzip)} (home)`, '-', `>= ${BUDGET.performance}`, `${BUDGET.accessibility}`, `${BUDGET['best-practices']}`, `${BUDGET.seo}`]);
  let allPass = true;
  for (const r of results) {
    const jsOk = r.name !== 'home' || r.js <= BUDGET.homeJsGzip;
    const cells = [`${r.name} ${r.path}`, `${kb(r.js)}${r.name === 'home' ? ` ${mark(jsOk)}` : ''}`, kb(r.css)];
    allPass &&= jsOk;
    for (const c of CATEGORIES) {
      const ok = r.scores !== null && r.scores[c] >= BUDGET[c];
      allPass &&= ok;
      cells.push(r.scores ? `${r.scores[c]} ${mark(ok)}` : 'n/a');
    }
    rows.push(cells);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  console.log(`\nWeb budgets (ARCHITECTURE.md), Lighthouse mobile, median of ${runs} run(s), chromium ${CHROMIUM}`);
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log(`\nOverall: ${allPass ? 'every budget met' : 'some budgets missed'}  (1 KB = 1000 bytes, gzip level 6)`);
  for (const r of results) {
    console.log(`\n${r.path}: ${r.transfers.length} JS/CSS files before load`);
    for (const t of r.transfers) console.log(`  ${t.kind.padEnd(3)} ${kb(t.gzip).padStart(9)} gz  ${kb(t.bytes).padStart(9)} raw  ${t.url}`);
    if (r.error) console.log(`  Lighthouse could not measure this page: ${r.error}`);
    if (runs > 1 && r.runs.length) console.log(`  Lighthouse runs: ${r.runs.map((s) => CATEGORIES.map((c) => s[c]).join('/')).join(', ')}  (perf/a11y/bp/seo)`);
    for (const [c, audits] of Object.entries(r.failing)) console.log(`  below 100 in ${c}: ${audits.join(', ')}`);
  }
  mkdirSync(dirname(resolve(jsonOut)), { recursive: true });
  writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), runs, budget: BUDGET, results }, null, 2));
  console.log(`\nFigures written to ${jsonOut}`);
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  console.error(`[bench:web] could not measure: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await cleanup();
}
// It reports figures and is not a test: 0 whenever it measured, 1 only when it could not measure.
process.exit(failed ? 1 : 0);
