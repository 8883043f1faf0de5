// `npm run rollout -- --percentage <1-100> [--version <version id or tag>] [--env staging]`: a gradual
// deployment step of an uploaded version (wrangler versions upload --tag <commit>): the version gets that share
// of the traffic and the version serving most of it now keeps the rest (scripts/lib/rollout.ts). At 100 the
// triggers of this checkout (routes, cron schedules, queue consumers) are applied too, which
// `wrangler versions deploy` does not do. Needs wrangler's credentials (wrangler login, or
// CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID). docs/operations.md.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { resolveVersion, rolloutSpecs, type Deployment, type WorkerVersion } from './lib/rollout.ts';

const usage = 'usage: npm run rollout -- --percentage <1-100> [--version <version id or tag>] [--env <environment>] [--message <text>]';
let values: { percentage?: string; version?: string; env: string; message?: string };
try {
  ({ values } = parseArgs({
    options: {
      percentage: { type: 'string' },
      version: { type: 'string' },
      env: { type: 'string', default: '' },
      message: { type: 'string' },
    },
  }));
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n${usage}`);
  process.exit(2);
}
// In the deploy workflow the version uploaded from this commit is tagged with it.
const version = values.version || process.env.GITHUB_SHA;
if (!values.percentage || !version) {
  console.error(usage);
  process.exit(2);
}
const envArg = `--env=${values.env}`;

function wrangler(args: string[], capture: boolean): string {
  const res = spawnSync('wrangler', [...args, envArg], { stdio: ['inherit', capture ? 'pipe' : 'inherit', 'inherit'], encoding: 'utf8' });
  if (res.status !== 0) {
    console.error(`wrangler ${args.join(' ')} failed (exit ${res.status}).`);
    process.exit(1);
  }
  return res.stdout ?? '';
}

try {
  const target = resolveVersion(JSON.parse(wrangler(['versions', 'list', '--json'], true)) as WorkerVersion[], version);
  const current = JSON.parse(wrangler(['deployments', 'status', '--json'], true)) as Deployment | null;
  const specs = rolloutSpecs(current, target, Number(values.percentage));
  console.log(`Rolling out: ${specs.join(', ')}`);
  wrangler(['versions', 'deploy', ...specs, '--yes', '--message', values.message ?? `rollout ${version} to ${values.percentage}%`], false);
  if (Number(values.percentage) === 100) wrangler(['triggers', 'deploy'], false);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
