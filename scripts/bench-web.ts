// `npm run bench:web`: builds the site into its own folder, writes the no-JavaScript floor of each measured
// page next to it, serves both the same way (scripts/start.ts --no-build on free ports: the same Worker,
// headers and HTML rewriting), and prints per page:
//  - Lighthouse mobile (lighthouse's Node API, default mobile configuration: simulated slow 4G, 4x CPU),
//    ours and the floor measured alternately in one run, medians of N runs each: performance, FCP, LCP, TBT,
//    CLS, the ratios ours/floor for FCP and LCP, accessibility, best practices and SEO;
//  - the gzipped JS requested before the load event (Debian's chromium through playwright);
//  - Lighthouse on a machine control (one paragraph, no CSS, font or script): what the machine alone costs;
//  - Lighthouse on a script control (the home floor with one empty module script, alternately with the floor):
//    what a script in the HTML alone costs the largest paint in Lighthouse's simulation;
//  - the Event Timing duration (INP-style: input delay + processing + presentation) of a tap on the mobile
//    menu button, the chat button and the first field of the contact form, under 4x CPU slowdown.
// The floor is the same prerendered HTML with every script, module preload and script-only resource
// removed (docs/decisions/0009-first-paint-from-html.md). Budgets are checked and reported; it always exits
// 0 once it has measured: it reports, it is not a test.
//
// Options: --no-build (with BUILD_DIR set: measure an existing build), --runs N (Lighthouse runs per page and
// variant, the median is reported; default 5), --json FILE (also write the figures; default
// bench-results/web.json), --pages home,contact (measure only these pages, and the control only if listed;
// default all four and the control), --only lighthouse|interactions (skip the other half; for trying a
// lever, never for the figures of record).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Request as PwRequest } from '@playwright/test';
import lighthouse from 'lighthouse';
import { portfolioCards } from '../shared/content/portfolioCards.ts';
import { freePort, run } from './lib/process.ts';
import { median } from './lib/stats.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'service', path: '/services/web-development' },
  { name: 'contact', path: '/contact' },
  { name: 'portfolio', path: `/portfolio/${portfolioCards[0]!.slug}` },
];
// The floor pages live under this folder of the measured build only (never in a deployed build).
const FLOOR_DIR = 'bench-floor';
const KB = 1000; // budgets in KB of 1000 bytes (the stricter reading)
const BUDGET = {
  performance: 99, accessibility: 100, 'best-practices': 100, seo: 100,
  fcpRatio: 1.1, lcpRatio: 1.15, tbtMs: 100, cls: 0.02,
  homeJsGzip: 90 * KB, otherJsGzip: 100 * KB, interactionMs: 100,
} as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const METRICS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift' } as const;
type Metric = keyof typeof METRICS;
type Figures = Record<Category | Metric, number>;

const { values: args } = parseArgs({
  options: { runs: { type: 'string' }, json: { type: 'string' }, 'no-build': { type: 'boolean' }, only: { type: 'string' }, pages: { type: 'string' } },
  allowPositionals: true,
});
const runs = Math.max(1, Number(args.runs ?? 5));
const jsonOut = args.json ?? 'bench-results/web.json';
const reuseBuild = args['no-build'] ?? false;
const only = args.only;
const pageNames = args.pages?.split(',');
const ownBuild = !reuseBuild && !process.env.BENCH_BUILD_DIR;
const buildDir = resolve(reuseBuild ? (process.env.BUILD_DIR ?? 'dist') : (process.env.BENCH_BUILD_DIR ?? mkdtempSync(join(tmpdir(), 'bench-web-'))));

const log = (msg: string) => console.log(`[bench:web] ${msg}`);

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

const htmlFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);
const floorPath = (name: string) => `/${FLOOR_DIR}/${name}`;

/** The no-JavaScript floor of a prerendered page: the same HTML without any script, module preload or
 * preload of a script. Everything else (inlined stylesheet, font preload, images, meta) stays. */
export function floorOf(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/gi, '')
    .replace(/<link\b[^>]*\bas="script"[^>]*>\s*/gi, '');
}

function writeFloors(): void {
  const client = join(buildDir, 'client');
  for (const page of PAGES) {
    const floor = floorOf(readFileSync(join(client, htmlFile(page.path)), 'utf8'));
    if (/<script\b|modulepreload/i.test(floor)) throw new Error(`the floor of ${page.path} still has a script`);
    const file = join(client, FLOOR_DIR, `${page.name}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, floor);
  }
  writeFileSync(join(client, FLOOR_DIR, 'control.html'), CONTROL_PAGE);
  const home = readFileSync(join(client, FLOOR_DIR, 'home.html'), 'utf8');
  writeFileSync(join(client, FLOOR_DIR, 'home-script.html'), home.replace('</body>', `${SCRIPT_CONTROL_TAG}</body>`));
  writeFileSync(join(client, FLOOR_DIR, 'empty.js'), 'export {};\n');
}

// The script control: the home page's floor with one empty module script where ours has its loader (the end
// of the body, low priority). Lighthouse's simulation counts every request that ends before the observed
// largest paint in that paint's time, however small and however late its priority: what this adds to the
// floor's LCP is what any page with a script in its HTML pays (the CSP allows no inline script), the
// least an app can get to. Reported, not budgeted.
const SCRIPT_CONTROL_TAG = `<script type="module" crossorigin fetchpriority="low" src="/${FLOOR_DIR}/empty.js"></script>`;

// The machine's own control: a page of one heading and one paragraph, no stylesheet, no font, no script,
// served the same way. What it scores is what this machine and this chromium cost before any page of ours
// (on a busy or slow machine even it misses performance >= 99 and TBT <= 100 ms): reported, not budgeted.
const CONTROL_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Control</title><meta name="description" content="The machine control of npm run bench:web."></head><body><main><h1>Control</h1><p>One paragraph of text and nothing else: no stylesheet, no font, no image and no script, so that what Lighthouse measures here is the machine and the browser alone.</p></main></body></html>';

interface Transfer { url: string; kind: 'js' | 'css'; bytes: number; gzip: number }

const mobile = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** JS and CSS requested before the load event, each body gzipped with zlib to measure it. */
async function measureBytes(browser: Browser, url: string): Promise<Transfer[]> {
  // A fresh context, so nothing comes from cache.
  const context = await browser.newContext(mobile);
  try {
    const page = await context.newPage();
    const requests: PwRequest[] = [];
    let loaded = false;
    page.on('request', (r) => { if (!loaded) requests.push(r); });
    page.on('load', () => { loaded = true; });
    await page.goto(url, { waitUntil: 'load' });
    const out: Transfer[] = [];
    for (const req of requests) {
      const res = await req.response();
      if (res?.status() !== 200) continue;
      const type = res.headers()['content-type'] ?? '';
      const kind = /javascript|ecmascript/.test(type) ? 'js' : /text\/css/.test(type) ? 'css' : null;
      if (!kind) continue;
      const body = await res.body();
      out.push({ url: new URL(req.url()).pathname, kind, bytes: body.length, gzip: gzipSync(body).length });
    }
    return out;
  } finally {
    await context.close();
  }
}

// --- Interaction (Event Timing) -------------------------------------------------------------------------

// Collects every Event Timing entry of an interaction (and the first input, which is reported whatever its
// duration) from the start of the page. Installed through the DevTools protocol, so the CSP does not apply.
const EVENT_TIMING_OBSERVER = `
  window.__eventTimings = [];
  const keep = (list) => { for (const e of list.getEntries()) window.__eventTimings.push({ name: e.name, duration: e.duration, interactionId: e.interactionId || 0, type: e.entryType }); };
  new PerformanceObserver(keep).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true });
`;

interface Interaction { name: string; path: string; act: (page: Page) => Promise<void>; reference?: boolean }
const INTERACTIONS: Interaction[] = [
  {
    // Right after the load event: whatever hydration is doing then is what a visitor's tap waits for.
    name: 'mobile menu button', path: '/',
    act: async (page) => openMenu(page),
  },
  {
    // The menu is a popover that opens with the HTML alone (web/components/MobileMenu.tsx): the same tap on
    // the floor is what showing it costs on this machine without any script of ours.
    name: 'mobile menu button, floor', path: floorPath('home'), reference: true,
    act: async (page) => openMenu(page),
  },
  {
    name: 'chat button', path: '/',
    act: async (page) => {
      const button = page.getByRole('button', { name: 'Open chat' });
      await button.waitFor({ state: 'visible', timeout: 20_000 });
      await button.tap();
      await page.getByRole('dialog').first().waitFor({ state: 'visible' });
    },
  },
  {
    name: 'first contact form field', path: '/contact',
    act: async (page) => typeInFirstField(page),
  },
  {
    // The same tap and key press on the no-JS floor: what the machine, the browser and the page's own layout
    // cost before any of our script (the budget cannot be judged below it). Reported, not budgeted.
    name: 'first contact form field, floor', path: floorPath('contact'), reference: true,
    act: async (page) => typeInFirstField(page),
  },
];

async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await page.locator('#mobile-menu').waitFor({ state: 'visible' });
}

async function typeInFirstField(page: Page): Promise<void> {
  const field = page.locator('main form').first().locator('input:not([type=hidden]), textarea, select').first();
  await field.tap();
  await page.keyboard.press('a');
}

/** The longest Event Timing duration (ms) of one interaction on a fresh page under 4x CPU slowdown. */
async function measureInteraction(browser: Browser, origin: string, it: Interaction): Promise<number> {
  const context = await browser.newContext(mobile);
  try {
    const page = await context.newPage();
    await page.addInitScript(EVENT_TIMING_OBSERVER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Playwright's connection turns on the Runtime domain, under which V8 takes a detailed stack of every
    // Error created and re-parses the functions on it for their source positions: React's DOM renderer
    // creates five sentinel errors as it starts, which then takes 80-100 ms unthrottled instead of 17-31 ms
    // in a browser with no DevTools attached. With the Debugger domain on as well, as Lighthouse runs, it
    // takes 24-45 ms (docs/decisions/0009-first-paint-from-html.md, sixth round).
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.setSkipAllPauses', { skip: true });
    await page.goto(origin + it.path, { waitUntil: 'load' });
    await it.act(page);
    // Entries are dispatched after the next paint.
    await page.waitForTimeout(500);
    const entries = await page.evaluate(() => (window as unknown as { __eventTimings: { duration: number; interactionId: number; type: string }[] }).__eventTimings);
    const relevant = entries.filter((e) => e.type === 'first-input' || e.interactionId > 0);
    if (!relevant.length) throw new Error(`no Event Timing entry for the ${it.name}`);
    return Math.max(...relevant.map((e) => e.duration));
  } finally {
    await context.close();
  }
}

// --- Lighthouse -----------------------------------------------------------------------------------------

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


/** One Lighthouse run: the four category scores and the four metrics, plus what kept a category below 100. */
async function lighthouseOnce(url: string, port: number, failing: Record<string, string[]>, lcpElements?: Set<string>): Promise<Figures> {
  // A busy machine occasionally spoils a trace (NO_NAVSTART, NO_FCP): such a run is repeated.
  let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    const error = !result ? 'no result' : result.lhr.runtimeError ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}` : null;
    if (!error) { lhr = result!.lhr; break; }
    if (attempt === 3) throw new Error(`lighthouse: ${error}`);
    log(`  Lighthouse run failed (${error.split(' ')[0]}), repeating it`);
  }
  const figures = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Figures;
  for (const [k, id] of Object.entries(METRICS)) figures[k as Metric] = lhr.audits[id]?.numericValue ?? NaN;
  // Which element the largest paint was (text or image): what the LCP lever has to act on. Lighthouse 13
  // names it in the LCP breakdown insight, a list whose node item is the element (the audit
  // 'largest-contentful-paint-element' of earlier versions is gone).
  type Node = { type?: string; snippet?: string; selector?: string; nodeLabel?: string };
  const node = ((lhr.audits['lcp-breakdown-insight']?.details as { items?: Node[] } | undefined)?.items ?? []).find((it) => it.type === 'node');
  if (node && lcpElements) lcpElements.add(`${node.selector ?? ''} ${(node.snippet ?? '').slice(0, 120)}`.trim());
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        if (!failing[c]) failing[c] = [];
        const list = failing[c];
        let label = `${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`;
        // Say which errors: the audit is otherwise hard to act on.
        const items = (audit.details as { items?: { description?: unknown }[] } | undefined)?.items ?? [];
        if (ref.id === 'errors-in-console' && items.length) label += `: ${items.map((it) => String(it.description ?? '').slice(0, 160)).join(' | ')}`;
        // Chrome's DevTools issues: which kind, and for which addresses.
        type Issue = { issueType?: unknown; subItems?: { items?: { url?: string }[] } };
        if (ref.id === 'inspector-issues' && items.length) label += `: ${(items as Issue[]).map((it) => `${String(it.issueType)} ${(it.subItems?.items ?? []).map((u) => u.url).join(' ')}`.trim()).join(' | ')}`;
        if (!list.some((l) => l.startsWith(ref.id))) list.push(label);
      }
    }
  }
  return figures;
}

const medians = (all: Figures[]): Figures =>
  Object.fromEntries([...CATEGORIES, ...Object.keys(METRICS)].map((k) => [k, median(all.map((f) => f[k as keyof Figures]))])) as Figures;

// ---------------------------------------------------------------------------------------------------

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanup() {
  while (cleanups.length) {
    try { await cleanups.pop()!(); } catch (err) { console.error('[bench:web] cleanup:', err); }
  }
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));

interface PageResult {
  name: string; path: string; transfers: Transfer[]; js: number; floorJs: number;
  ours: Figures | null; floor: Figures | null; oursRuns: Figures[]; floorRuns: Figures[];
  failing: Record<string, string[]>; lcpElements: string[]; error?: string;
}

async function main(): Promise<void> {
  const env = { ...process.env, BUILD_DIR: buildDir };
  if (ownBuild) cleanups.push(() => rmSync(buildDir, { recursive: true, force: true }));
  if (!reuseBuild) {
    log(`building into ${buildDir}`);
    if ((await run('npm', ['run', 'build', '--silent'], env)) !== 0) throw new Error('the build failed');
  } else if (!existsSync(join(buildDir, 'client', 'index.html'))) {
    throw new Error(`no build in ${buildDir}/client`);
  }
  writeFloors();
  cleanups.push(() => rmSync(join(buildDir, 'client', FLOOR_DIR), { recursive: true, force: true }));

  const port = await freePort();
  const formsubmitPort = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  log(`serving ${buildDir}/client at ${origin} (the floor pages under /${FLOOR_DIR}/)`);
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

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  cleanups.push(() => browser.close());

  const results: PageResult[] = [];
  for (const page of only === 'interactions' ? [] : PAGES.filter((p) => !pageNames || pageNames.includes(p.name))) {
    log(`measuring ${page.path}: bytes before load`);
    const transfers = await measureBytes(browser, origin + page.path);
    const floorTransfers = await measureBytes(browser, origin + floorPath(page.name));
    const js = transfers.filter((t) => t.kind === 'js').reduce((a, t) => a + t.gzip, 0);
    const floorJs = floorTransfers.filter((t) => t.kind === 'js').reduce((a, t) => a + t.gzip, 0);
    log(`measuring ${page.path}: Lighthouse mobile, ${runs} run(s) each of ours and the floor, alternately`);
    const chrome = await launchChromeForLighthouse();
    cleanups.push(() => chrome.close());
    const failing: Record<string, string[]> = {};
    const lcpElements = new Set<string>();
    const oursRuns: Figures[] = [];
    const floorRuns: Figures[] = [];
    try {
      for (let i = 0; i < runs; i++) {
        oursRuns.push(await lighthouseOnce(origin + page.path, chrome.port, failing, lcpElements));
        floorRuns.push(await lighthouseOnce(origin + floorPath(page.name), chrome.port, {}));
      }
      results.push({ ...page, transfers, js, floorJs, ours: medians(oursRuns), floor: medians(floorRuns), oursRuns, floorRuns, failing, lcpElements: [...lcpElements] });
    } catch (err) {
      // Report what was measured; the missing scores show as n/a.
      results.push({ ...page, transfers, js, floorJs, ours: null, floor: null, oursRuns, floorRuns, failing, lcpElements: [...lcpElements], error: err instanceof Error ? err.message : String(err) });
    } finally {
      await chrome.close();
    }
  }

  // The two controls (not budgeted), in one browser: the machine's and the script's.
  let control: { figures: Figures; runs: Figures[] } | null = null;
  let scriptControl: { floor: Figures; script: Figures; floorRuns: Figures[]; scriptRuns: Figures[] } | null = null;
  if (only !== 'interactions' && (!pageNames || pageNames.includes('control'))) {
    const chrome = await launchChromeForLighthouse();
    cleanups.push(() => chrome.close());
    try {
      log(`measuring the script control: Lighthouse mobile, ${runs} run(s) each of the home floor with and without one empty script, alternately`);
      const floorRuns: Figures[] = [];
      const scriptRuns: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        scriptRuns.push(await lighthouseOnce(origin + floorPath('home-script'), chrome.port, {}));
        floorRuns.push(await lighthouseOnce(origin + floorPath('home'), chrome.port, {}));
      }
      scriptControl = { floor: medians(floorRuns), script: medians(scriptRuns), floorRuns, scriptRuns };

      log(`measuring the machine control: Lighthouse mobile, ${runs} run(s)`);
      const all: Figures[] = [];
      for (let i = 0; i < runs; i++) all.push(await lighthouseOnce(origin + floorPath('control'), chrome.port, {}));
      control = { figures: medians(all), runs: all };
    } finally {
      await chrome.close();
    }
  }

  const interactions: { name: string; path: string; ms: number | null; runs: number[]; reference?: boolean; error?: string }[] = [];
  for (const it of only === 'lighthouse' ? [] : INTERACTIONS) {
    log(`measuring the ${it.name} on ${it.path}: Event Timing under 4x CPU slowdown, ${runs} run(s)`);
    const all: number[] = [];
    try {
      for (let i = 0; i < runs; i++) all.push(await measureInteraction(browser, origin, it));
      interactions.push({ name: it.name, path: it.path, ms: median(all), runs: all, reference: it.reference });
    } catch (err) {
      interactions.push({ name: it.name, path: it.path, ms: null, runs: all, reference: it.reference, error: err instanceof Error ? err.message : String(err) });
    }
  }

  // --- Report -------------------------------------------------------------------------------------
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  const ms = (n: number) => `${Math.round(n)}`;
  const runLine = (xs: Figures[]) => xs.map((x) => `${x.performance}/${ms(x.fcp)}/${ms(x.lcp)}/${ms(x.tbt)}`).join(', ');
  let allPass = true;
  const check = (ok: boolean) => { allPass &&= ok; return mark(ok); };
  const rows: string[][] = [['page', 'variant', 'perf', 'FCP ms', 'LCP ms', 'TBT ms', 'TBT over floor', 'CLS', 'FCP ratio', 'LCP ratio', 'a11y', 'BP', 'SEO', 'JS gz before load']];
  rows.push(['budget', '', `>= ${BUDGET.performance}`, '', '', `<= ${BUDGET.tbtMs}`, '', `<= ${BUDGET.cls}`, `<= ${BUDGET.fcpRatio}`, `<= ${BUDGET.lcpRatio}`,
    `${BUDGET.accessibility}`, `${BUDGET['best-practices']}`, `${BUDGET.seo}`, `<= ${kb(BUDGET.homeJsGzip)} home, ${kb(BUDGET.otherJsGzip)} other`]);
  for (const r of results) {
    const jsBudget = r.name === 'home' ? BUDGET.homeJsGzip : BUDGET.otherJsGzip;
    const jsCell = `${kb(r.js)} ${check(r.js <= jsBudget)}`;
    if (!r.ours || !r.floor) {
      allPass = false;
      rows.push([`${r.name} ${r.path}`, 'ours', 'n/a', '', '', '', '', '', '', '', '', '', '', jsCell]);
      continue;
    }
    const o = r.ours;
    const f = r.floor;
    const fcpRatio = o.fcp / f.fcp;
    const lcpRatio = o.lcp / f.lcp;
    rows.push([`${r.name} ${r.path}`, 'ours',
      `${o.performance} ${check(o.performance >= BUDGET.performance)}`, ms(o.fcp), ms(o.lcp),
      `${ms(o.tbt)} ${check(o.tbt <= BUDGET.tbtMs)}`, `${o.tbt >= f.tbt ? '+' : ''}${ms(o.tbt - f.tbt)}`, `${o.cls.toFixed(3)} ${check(o.cls <= BUDGET.cls)}`,
      `${fcpRatio.toFixed(2)} ${check(fcpRatio <= BUDGET.fcpRatio)}`, `${lcpRatio.toFixed(2)} ${check(lcpRatio <= BUDGET.lcpRatio)}`,
      `${o.accessibility} ${check(o.accessibility >= BUDGET.accessibility)}`,
      `${o['best-practices']} ${check(o['best-practices'] >= BUDGET['best-practices'])}`,
      `${o.seo} ${check(o.seo >= BUDGET.seo)}`, jsCell]);
    rows.push(['', 'floor', `${f.performance}`, ms(f.fcp), ms(f.lcp), ms(f.tbt), '', f.cls.toFixed(3), '', '', `${f.accessibility}`, `${f['best-practices']}`, `${f.seo}`, kb(r.floorJs)]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  console.log(`\nWeb budgets, Lighthouse mobile (default settings), median of ${runs} run(s) each, ours and the no-JS floor alternately, chromium ${CHROMIUM}`);
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows.slice(1)) console.log(line(row));

  if (control) {
    const c = control.figures;
    console.log(`\nMachine control (one heading and one paragraph; no CSS, font or script; not budgeted): perf ${c.performance}, FCP ${ms(c.fcp)} ms, LCP ${ms(c.lcp)} ms, TBT ${ms(c.tbt)} ms`);
    console.log(`  runs (perf/FCP/LCP/TBT): ${runLine(control.runs)}`);
  }

  if (scriptControl) {
    const { floor, script } = scriptControl;
    console.log(`\nScript control (the home floor with one empty module script at the end of the body, low priority, as ours' loader; not budgeted): LCP ${ms(script.lcp)} ms against the floor's ${ms(floor.lcp)} ms in the same run, LCP ratio ${(script.lcp / floor.lcp).toFixed(2)}; FCP ratio ${(script.fcp / floor.fcp).toFixed(2)}`);
    console.log(`  runs with the script (perf/FCP/LCP/TBT): ${runLine(scriptControl.scriptRuns)}`);
    console.log(`  runs of the floor    (perf/FCP/LCP/TBT): ${runLine(scriptControl.floorRuns)}`);
  }

  console.log(`\nInteraction (Event Timing duration, median of ${runs}, 4x CPU slowdown, mobile viewport; budget <= ${BUDGET.interactionMs} ms)`);
  for (const it of interactions) {
    const verdict = it.reference ? 'reference' : check(it.ms !== null && it.ms <= BUDGET.interactionMs);
    const figure = it.ms === null ? `n/a (${it.error})` : `${ms(it.ms)} ms ${verdict}  (runs: ${it.runs.map(ms).join(', ')})`;
    if (it.ms === null && !it.reference) allPass = false;
    console.log(`  ${`${it.name} on ${it.path}`.padEnd(52)} ${figure}`);
  }

  // The absolute budgets (performance, TBT, interactions) can be judged only on a run in which a page without
  // any script meets them: where the machine control or a floor misses them, no build could (docs/decisions/0009).
  const pageWithoutScripts = [
    ...(control ? [{ name: 'the machine control', f: control.figures }] : []),
    ...results.flatMap((r) => (r.floor ? [{ name: `the ${r.name} floor`, f: r.floor }] : [])),
  ];
  const noisy = pageWithoutScripts.filter(({ f }) => f.performance < BUDGET.performance || f.tbt > BUDGET.tbtMs);
  // The same for a tap: the floor's own menu button or field over the interaction budget.
  const slowTaps = interactions.filter((it) => it.reference && it.ms !== null && it.ms > BUDGET.interactionMs);
  const quiet = pageWithoutScripts.length > 0 && noisy.length === 0 && slowTaps.length === 0;
  console.log(`\nOverall: ${allPass ? 'every budget met' : 'some budgets missed'}  (1 KB = 1000 bytes, gzip level 6)`);
  console.log(quiet
    ? `Quiet run: every page without scripts met performance and TBT, and the floor's taps the tap budget, so the absolute budgets can be judged from this run.`
    : pageWithoutScripts.length === 0
      ? 'Quiet run: not known (no page without scripts was measured).'
      : `Not a quiet run: with no script at all, ${[
          ...noisy.map(({ name, f }) => `${name} scored ${f.performance} with ${ms(f.tbt)} ms of TBT`),
          ...slowTaps.map((it) => `the ${it.name.replace(', floor', '')} of the floor took ${ms(it.ms!)} ms`),
        ].join('; ')} (budgets: performance >= ${BUDGET.performance}, TBT <= ${BUDGET.tbtMs} ms, taps <= ${BUDGET.interactionMs} ms). Judge ours by the ratios, the TBT over the floor and the floors' taps, not by the absolute figures.`);
  for (const r of results) {
    console.log(`\n${r.path}: ${r.transfers.length} JS/CSS files before load`);
    for (const t of r.transfers) console.log(`  ${t.kind.padEnd(3)} ${kb(t.gzip).padStart(9)} gz  ${kb(t.bytes).padStart(9)} raw  ${t.url}`);
    if (r.error) console.log(`  Lighthouse could not measure this page: ${r.error}`);
    if (runs > 1 && r.oursRuns.length) console.log(`  runs ours  (perf/FCP/LCP/TBT): ${runLine(r.oursRuns)}\n  runs floor (perf/FCP/LCP/TBT): ${runLine(r.floorRuns)}`);
    for (const [c, audits] of Object.entries(r.failing)) console.log(`  below 100 in ${c}: ${audits.join(', ')}`);
    for (const el of r.lcpElements) console.log(`  largest paint (ours): ${el}`);
  }
  mkdirSync(dirname(resolve(jsonOut)), { recursive: true });
  writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), runs, budget: BUDGET, results, control, scriptControl, interactions, allPass, quiet }, null, 2));
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
