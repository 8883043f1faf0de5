import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offlineWranglerEnv, readVars } from '../../scripts/lib/vars.ts';

// docs/operations.md stays true: every variable the Worker reads and every binding, queue and Durable Object
// class either environment of wrangler.toml declares is named on the page (as `NAME`), so a change that adds
// configuration must add its setup step there.

Object.assign(process.env, offlineWranglerEnv, { WRANGLER_LOG: 'error' });
const { unstable_readConfig } = await import('wrangler');

const doc = readFileSync('docs/operations.md', 'utf8');
const named = (name: string) => doc.includes(`\`${name}\``);

type Entry = Record<string, unknown>;
const isEntry = (v: unknown): v is Entry => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v ? [v] : []);

/** Every name an operator must create or set for one environment of wrangler.toml. */
function configNames(env: string | undefined): string[] {
  const config = unstable_readConfig({ config: 'wrangler.toml', env }) as unknown as Entry;
  const names: string[] = [...Object.keys(config.vars as Entry)];
  const durable = config.durable_objects as { bindings: Entry[] };
  for (const b of durable.bindings) names.push(...str(b.name), ...str(b.class_name));
  const queues = config.queues as { producers?: Entry[]; consumers?: Entry[] };
  for (const p of queues.producers ?? []) names.push(...str(p.binding), ...str(p.queue));
  for (const q of queues.consumers ?? []) names.push(...str(q.queue), ...str(q.dead_letter_queue));
  // Any other binding, present or future (assets, version metadata, send_email, KV, services, …): an object
  // with a `binding`, or a list of objects each with a `binding` or a `name`.
  for (const [key, value] of Object.entries(config)) {
    if (key === 'durable_objects' || key === 'queues' || key === 'vars') continue;
    if (isEntry(value)) names.push(...str(value.binding));
    if (Array.isArray(value)) for (const item of value.filter(isEntry)) names.push(...str(item.binding ?? item.name));
  }
  return [...new Set(names)];
}

describe('docs/operations.md', () => {
  it('names every variable of .dev.vars.example', () => {
    const vars = Object.keys(readVars('.dev.vars.example'));
    expect(vars.length).toBeGreaterThan(10);
    expect(vars.filter((v) => !named(v))).toEqual([]);
  });

  it.each([['production', undefined], ['staging', 'staging']])('names every binding, queue and class of %s in wrangler.toml', (_label, env) => {
    const names = configNames(env);
    expect(names).toEqual(expect.arrayContaining(['SUBMISSIONS', 'SUBMISSIONS_DEAD', 'RATE_LIMITER', 'SubmissionLedger', 'ASSETS', 'CF_VERSION_METADATA']));
    expect(names.filter((n) => !named(n))).toEqual([]);
  });

  it('finds a binding the page does not name (the check can fail)', () => {
    expect(named('SUBMISSIONS')).toBe(true);
    expect(named('NO_SUCH_BINDING')).toBe(false);
  });
});
