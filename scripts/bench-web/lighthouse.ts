// Lighthouse (mobile, default settings) on its own chromium, one run at a time, and the medians of runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { median } from '../lib/stats.ts';
import { CATEGORIES, CHROME_FLAGS, CHROMIUM, type Figures, log, METRICS, type Metric } from './setup.ts';

// --- Lighthouse -----------------------------------------------------------------------------------------

/** Starts Debian's chromium with a DevTools port for Lighthouse. */
export async function launchChromeForLighthouse(): Promise<{ port: number; close(): Promise<void> }> {
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
export async function lighthouseOnce(url: string, port: number, failing: Record<string, string[]>, lcpElements?: Set<string>, extraHeaders?: Record<string, string>): Promise<Figures> {
  // A busy machine occasionally spoils a trace (NO_NAVSTART, NO_FCP): such a run is repeated.
  let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], ...(extraHeaders ? { extraHeaders } : {}) });
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

export const medians = (all: Figures[]): Figures =>
  Object.fromEntries([...CATEGORIES, ...Object.keys(METRICS)].map((k) => [k, median(all.map((f) => f[k as keyof Figures]))])) as Figures;
