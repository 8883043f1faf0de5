// `npm run smoke -- <url> [--write] [--site-url <origin>] [--version-tag <commit>]`: checks a deployed site from outside (pages,
// titles, canonical URLs, security headers, 404, health, config, the admin API closed, one chat answer; one
// contact message marked as a smoke test only with --write). One line per check; exits 1 when any failed.
// The checks are in scripts/lib/smoke.ts; docs/operations.md says when to run it.
import { parseArgs } from 'node:util';
import { runSmoke } from './lib/smoke.ts';

const usage = 'usage: npm run smoke -- <url> [--write] [--site-url <SITE_URL>] [--version-tag <commit>] [--timeout <seconds>]';

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      write: { type: 'boolean', default: false },
      'site-url': { type: 'string' },
      'version-tag': { type: 'string' },
      timeout: { type: 'string', default: '20' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}
try {
  parsed = parse();
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n${usage}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const url = positionals[0];
const timeoutSeconds = Number(values.timeout);
if (positionals.length !== 1 || !url || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol) || !(timeoutSeconds > 0)) {
  console.error(usage);
  process.exit(2);
}

const results = await runSmoke({ url, siteUrl: values['site-url'], write: values.write, versionTag: values['version-tag'], timeoutMs: timeoutSeconds * 1000 });
let failed = 0;
for (const { name, failures } of results) {
  if (failures.length === 0) console.log(`ok    ${name}`);
  for (const failure of failures) {
    failed += 1;
    console.log(`FAIL  ${name}: ${failure}`);
  }
}
const passed = results.filter((r) => r.failures.length === 0).length;
console.log(`\nsmoke ${new URL(url).origin}: ${passed} of ${results.length} checks passed${failed ? `, ${failed} failure${failed === 1 ? '' : 's'}` : ''}`);
process.exit(failed ? 1 : 0);
