// `npm run dev`: fast reload. Vite serves the SPA at http://localhost:5173 with hot module replacement and
// forwards /api to `wrangler dev` on :8787 (the Worker, Durable Objects and queues, reloaded on change),
// with the same local stand-ins as `npm start`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { localVarsFile, readVars, offlineWranglerEnv } from './lib/vars.ts';
import { startEmulators } from './lib/emulators.ts';

// wrangler needs the assets folder to exist; a first build provides it (pages then come from Vite).
if (!existsSync('dist/client/index.html') && spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);

const varsFile = localVarsFile();
const emulators = await startEmulators(readVars(varsFile));
for (const e of emulators) console.log(`  ${e.name} stand-in: ${e.url}`);

const children: ChildProcess[] = [
  spawn('wrangler', ['dev', '--port', '8787', '--ip', '127.0.0.1', '--env-file', varsFile, '--show-interactive-dev-session=false'], {
    stdio: 'inherit',
    env: { ...process.env, ...offlineWranglerEnv },
  }),
  spawn('vite', ['--port', '5173', '--strictPort'], { stdio: 'inherit' }),
];
console.log('\n  App with fast reload: http://localhost:5173   Worker: http://localhost:8787\n');

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(emulators.map((e) => e.close()));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
for (const c of children) c.on('exit', (code) => void stop(code ?? 0));
