import { resolve } from 'node:path';
import { offlineWranglerEnv } from './vars.ts';

// The benchmarks' Worker: wrangler's test harness (workerd with the Durable Objects and the queues of
// wrangler.toml, no build needed), offline, with the given variables over wrangler.toml's.
Object.assign(process.env, offlineWranglerEnv, { WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn' });
const { createTestHarness, unstable_readConfig } = await import('wrangler');
const base = unstable_readConfig({ config: resolve('wrangler.toml') });

/** The harness's worker options for these variables (also for `server.update`). */
export const workerWith = (vars: Record<string, string>) => ({
  config: {
    name: base.name, main: base.main, compatibility_date: base.compatibility_date, compatibility_flags: base.compatibility_flags,
    durable_objects: base.durable_objects, migrations: base.migrations, queues: base.queues, vars: { ...base.vars, ...vars },
  } as never,
});

export const workerHarness = (vars: Record<string, string>) => createTestHarness({ workers: [workerWith(vars)] });
