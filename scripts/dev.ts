// `npm run dev`: fast reload. Vite serves the SPA at http://localhost:5173 with hot module replacement and
// forwards /api to `wrangler dev` on :8787 (the Worker, Durable Objects and queues, reloaded on change),
// with the same local stand-ins as `npm start`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { runLocalStack } from './lib/localStack.ts';

// wrangler needs the assets folder to exist; a first build provides it (pages then come from Vite).
if (!existsSync('dist/client/index.html') && spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);

await runLocalStack({
  port: 8787,
  assets: 'dist/client',
  others: [spawn('vite', ['--port', '5173', '--strictPort'], { stdio: 'inherit' })],
});
console.log('\n  App with fast reload: http://localhost:5173   Worker: http://localhost:8787\n');
