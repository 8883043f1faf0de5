import { spawn } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { LOCAL_ADMIN } from './appwrite-seed.ts';

// What the end-to-end benchmarks (bench:respond, bench:whatsapp) share: the whole local stack as `npm start` runs
// it on private ports, in its own process group so that stopping it stops wrangler, workerd and the stand-ins;
// polling with a deadline that names what did not arrive; Chromium signed in as the local admin. They report,
// they are not tests.

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The machine is shared: figures say little without how busy it was (1-minute load average). */
export const load = () => +(loadavg()[0] ?? 0).toFixed(2);

export interface BenchStack {
  site: string;
  state: string;
  stackLog: string;
  log(msg: string): void;
  fail(msg: string): never;
  /** Polls `read` until it answers something, or fails the run after `timeoutMs` saying what did not arrive. */
  waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs?: number): Promise<T>;
  stop(): void;
}

/**
 * Starts `scripts/start.ts --no-build` with `env` (the stand-ins' ports) on `sitePort`, state under
 * /tmp/<name>-<sitePort> (emptied first), and waits for GET /api/health.
 */
export async function startBenchStack(name: string, sitePort: number, env: Record<string, string>, timeoutMs = 20_000): Promise<BenchStack> {
  const log = (msg: string) => console.log(`[${name}] ${msg}`);
  const fail = (msg: string): never => {
    console.error(`[${name}] FAILED: ${msg}`);
    process.exit(1);
  };
  const site = `http://localhost:${sitePort}`;
  const state = `/tmp/${name.replace(/\W+/g, '-')}-${sitePort}`;
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  const stackLog = `${state}/stack.log`;
  log(`starting the site on ${site} with its stand-ins (output in ${stackLog})`);
  const out = openSync(stackLog, 'w');
  const stack = spawn(process.execPath, ['scripts/start.ts', '--no-build', '--', '--persist-to', `${state}/wrangler`, '--inspector-port', '0'], {
    stdio: ['ignore', out, out],
    detached: true,
    env: { ...process.env, PORT: String(sitePort), ...env },
  });
  let exited = false;
  stack.on('exit', () => {
    exited = true;
  });
  const stop = () => {
    if (exited || stack.pid === undefined) return;
    try {
      process.kill(-stack.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  };
  process.on('exit', stop);
  process.on('SIGINT', () => process.exit(130));
  async function waitFor<T>(what: string, read: () => Promise<T | undefined>, ms = timeoutMs): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const hit = await read().catch(() => undefined);
      if (hit !== undefined) return hit;
      if (exited) fail(`the site stopped while waiting for ${what} (see ${stackLog}).`);
      if (Date.now() > until) fail(`${what} did not arrive within ${ms / 1000} s.`);
      await sleep(20);
    }
  }
  await waitFor('the site (GET /api/health)', async () => ((await fetch(`${site}/api/health`)).ok ? true : undefined), 120_000);
  return { site, state, stackLog, log, fail, waitFor, stop };
}

/** Debian's Chromium, as the browser tests run it. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Signs the page in as the local admin through the real sign-in form; resolves on /admin. */
export async function signInAsAdmin(page: Page, stack: Pick<BenchStack, 'site' | 'state'>, timeoutMs = 20_000): Promise<void> {
  await page.goto(`${stack.site}/sign-in`);
  // Hydrated (web/hydration/ready.tsx) before typing: the form is React's then.
  await page.waitForFunction(() => (document.documentElement.dataset.ready ?? '').split(' ').includes('main'), undefined, { timeout: timeoutMs });
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(LOCAL_ADMIN.email);
  await form.getByLabel('Password').fill(LOCAL_ADMIN.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${stack.site}/admin`, { timeout: timeoutMs }).catch(async (err) => {
    await page.screenshot({ path: `${stack.state}/sign-in.png` });
    throw err;
  });
}
