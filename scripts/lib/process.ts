// Child processes and ports for the bench and build scripts.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

/** Runs a command with its output shown; resolves with its exit code. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((res) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('exit', (code) => res(code ?? 1));
  });
}
