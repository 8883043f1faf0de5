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
// bench-results/web.json), --pages home,contact-fr,home-light (measure only these pages, and the control only if listed;
// default all twelve: the four of issue 29 in English, in French (-fr) and light (-light: `Save-Data: on`, against
// their floor asked for the same way), and the control), --only lighthouse|interactions (skip the other half; for trying a
// lever, never for the figures of record).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { freePort, run } from './lib/process.ts';
import { median } from './lib/stats.ts';
import { CHROMIUM, CHROME_FLAGS, WEB_PAGES, SAVE_DATA, FLOOR_DIR, KB, BUDGET, type Figures, log } from './bench-web/setup.ts';
import { floorPath, writeFloors } from './bench-web/floors.ts';
import { type Transfer, measureBytes } from './bench-web/bytes.ts';
import { INTERACTIONS, measureInteraction } from './bench-web/interactions.ts';
import { launchChromeForLighthouse, lighthouseOnce, medians } from './bench-web/lighthouse.ts';

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
  writeFloors(buildDir);
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
    env: {
      ...env, PORT: String(port), FORMSUBMIT_EMULATOR_PORT: String(formsubmitPort), WRANGLER_LOG: 'warn',
      // Every stand-in on a free port: the machine may run other copies of the site.
      APPWRITE_EMULATOR_PORT: String(await freePort()), GEMINI_EMULATOR_PORT: String(await freePort()),
      GEMINI_LIVE_EMULATOR_PORT: String(await freePort()), OUTBOX_PORT: String(await freePort()),
      WHATSAPP_EMULATOR_PORT: String(await freePort()),
    },
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
  for (const page of only === 'interactions' ? [] : WEB_PAGES.filter((p) => !pageNames || pageNames.includes(p.name))) {
    const headers = page.saveData ? SAVE_DATA : undefined;
    log(`measuring ${page.path}${headers ? ' (Save-Data: on)' : ''}: bytes before load`);
    const transfers = await measureBytes(browser, origin + page.path, headers);
    const floorTransfers = await measureBytes(browser, origin + floorPath(page.floor), headers);
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
        oursRuns.push(await lighthouseOnce(origin + page.path, chrome.port, failing, lcpElements, headers));
        floorRuns.push(await lighthouseOnce(origin + floorPath(page.floor), chrome.port, {}, undefined, headers));
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
