// `npm start`: build, start the stand-ins for every external service that is not configured, and serve
// the whole site at http://localhost:8787 with `wrangler dev` (workerd, Durable Objects, queues), offline.
import { spawnSync } from 'node:child_process';
import { runLocalStack } from './lib/localStack.ts';

const port = Number(process.env.PORT ?? 8787);
const skipBuild = process.argv.includes('--no-build');
// Anything after `--` goes to `wrangler dev` as it is (for example `-- --var ANALYTICS_ID:G-TEST`).
const dashDash = process.argv.indexOf('--');
const wranglerArgs = dashDash === -1 ? [] : process.argv.slice(dashDash + 1);

if (!skipBuild) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { varsFile } = await runLocalStack({ port, assets: `${process.env.BUILD_DIR ?? 'dist'}/client`, wranglerArgs });
console.log(`\n  Site: http://localhost:${port}  (configuration from ${varsFile})\n`);
