import { spawn, type ChildProcess } from 'node:child_process';
import { localVarsFile, readVars, offlineWranglerEnv } from './vars.ts';
import { startEmulators } from './emulators.ts';

// What `npm start` and `npm run dev` share: the stand-ins for every external service that is not
// configured, `wrangler dev` pointed at them, and one shutdown for all of it.
export interface LocalStackOptions {
  port: number;
  /** The built client to serve as assets. */
  assets: string;
  /** Passed to `wrangler dev` as they are. */
  wranglerArgs?: string[];
  /** Further processes that live and die with the stack (the Vite dev server). */
  others?: ChildProcess[];
}

export async function runLocalStack({ port, assets, wranglerArgs = [], others = [] }: LocalStackOptions): Promise<{ varsFile: string }> {
  const varsFile = localVarsFile();
  const emulators = await startEmulators(readVars(varsFile));
  for (const e of emulators) {
    console.log(`  ${e.name} stand-in: ${e.url}`);
    for (const note of e.notes ?? []) console.log(`    ${note}`);
  }
  // Point the Worker at each stand-in's real address (a port set by environment can differ from .dev.vars).
  const emulatorVars = emulators.flatMap((e) => Object.entries(e.vars ?? {}).flatMap(([k, v]) => ['--var', `${k}:${v}`]));

  // --infer-origin-from-routes=false: the Worker sees its real local address (request.url, Host), not the
  // production domain of wrangler.toml's routes.
  const wrangler = spawn('wrangler', ['dev', '--port', String(port), '--assets', assets, '--ip', '127.0.0.1', '--env-file', varsFile, '--show-interactive-dev-session=false', '--infer-origin-from-routes=false', ...emulatorVars, ...wranglerArgs], {
    stdio: 'inherit',
    env: { ...process.env, ...offlineWranglerEnv },
  });
  const children = [wrangler, ...others];

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
  return { varsFile };
}
