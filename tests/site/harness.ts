// Serves the real build (BUILD_DIR/client, default dist/client) through the real Worker, its assets,
// Durable Objects and queues, with wrangler's test harness (workerd under Miniflare), from Node.
// `exports.default.fetch` inside the worker test pool does not serve static assets; this does.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readVars } from '../../scripts/lib/vars.ts';
import { offlineWranglerEnv } from '../../scripts/lib/vars.ts';

export const buildDir = resolve(process.env.BUILD_DIR ?? 'dist');
export const clientDir = resolve(buildDir, 'client');

/** Configuration of the served site: .dev.vars.example (the test configuration) plus overrides. */
export const testVars = (overrides: Record<string, string> = {}): Record<string, string> => ({
  ...readVars('.dev.vars.example'),
  // A distinctive origin proves that pages carry SITE_URL rather than anything baked in.
  SITE_URL: 'https://site-under-test.example',
  // Outbound calls fail closed: nothing listens on port 9 (discard).
  FORMSUBMIT_ENDPOINT: 'http://127.0.0.1:9/ajax/site-test-token',
  APPWRITE_ENDPOINT: 'http://127.0.0.1:9/v1',
  // The local stand-ins of mail and push are refused with a public SITE_URL (platform/config.ts).
  MAIL_OUTBOX_URL: '',
  PUSH_LOCAL_ORIGIN: '',
  ...overrides,
});

export interface Site {
  url: URL;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Restarts the Worker with other variables (same build). */
  configure(vars: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

export async function startSite(vars: Record<string, string> = testVars()): Promise<Site> {
  if (!existsSync(resolve(clientDir, 'index.html'))) {
    throw new Error(`No build in ${clientDir}: run \`npm run build\` (or set BUILD_DIR to a built folder) first.`);
  }
  Object.assign(process.env, offlineWranglerEnv, { WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn' });
  const { createTestHarness, unstable_readConfig } = await import('wrangler');
  // wrangler.toml, with the assets taken from the build under test.
  const base = unstable_readConfig({ config: resolve('wrangler.toml') });
  const config = (v: Record<string, string>) => ({
    name: base.name,
    main: base.main,
    compatibility_date: base.compatibility_date,
    compatibility_flags: base.compatibility_flags,
    assets: { ...base.assets, directory: clientDir },
    durable_objects: base.durable_objects,
    migrations: base.migrations,
    queues: base.queues,
    version_metadata: base.version_metadata,
    vars: { ...base.vars, ...v },
  });
  const server = createTestHarness({ workers: [{ config: config(vars) as never }] });
  let { url } = await server.listen();
  return {
    get url() { return url; },
    fetch: (path, init) => fetch(new URL(path, url), { redirect: 'manual', ...init }),
    async configure(v) {
      await server.update({ workers: [{ config: config(v) as never }] });
      ({ url } = await server.listen());
    },
    close: () => server.close(),
  };
}
