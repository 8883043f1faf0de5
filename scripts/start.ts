// `npm start`: build, start the stand-ins for every external service that is not configured, and serve
// the whole site at http://localhost:8787 with `wrangler dev` (workerd, Durable Objects, queues), offline.
import { spawn, spawnSync } from 'node:child_process';
import { localVarsFile, readVars, offlineWranglerEnv } from './lib/vars.ts';
import { startEmulators } from './lib/emulators.ts';

const port = Number(process.env.PORT ?? 8787);
const skipBuild = process.argv.includes('--no-build');
// Anything after `--` goes to `wrangler dev` as it is (for example `-- --var ANALYTICS_ID:G-TEST`).
const dashDash = process.argv.indexOf('--');
const wranglerArgs = dashDash === -1 ? [] : process.argv.slice(dashDash + 1);

if (!skipBuild) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const varsFile = localVarsFile();
const emulators = await startEmulators(readVars(varsFile));
for (const e of emulators) {
  console.log(`  ${e.name} stand-in: ${e.url}`);
  for (const note of e.notes ?? []) console.log(`    ${note}`);
}
// Point the Worker at each stand-in's real address (a port set by environment can differ from .dev.vars).
const emulatorVars = emulators.flatMap((e) => Object.entries(e.vars ?? {}).flatMap(([k, v]) => ['--var', `${k}:${v}`]));

const assets = `${process.env.BUILD_DIR ?? 'dist'}/client`;
const wrangler = spawn('wrangler', ['dev', '--port', String(port), '--assets', assets, '--ip', '127.0.0.1', '--env-file', varsFile, '--show-interactive-dev-session=false', ...emulatorVars, ...wranglerArgs], {
  stdio: 'inherit',
  env: { ...process.env, ...offlineWranglerEnv },
});
console.log(`\n  Site: http://localhost:${port}  (configuration from ${varsFile})\n`);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  wrangler.kill('SIGTERM');
  await Promise.all(emulators.map((e) => e.close()));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
wrangler.on('exit', (code) => void stop(code ?? 0));
