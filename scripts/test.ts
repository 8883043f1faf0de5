// `npm test`: the type check, the linter, the layer check, the build, then every test (vitest's unit, worker and
// site projects, then Playwright in Debian's chromium), then one closing line "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'agency-test-'));
const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

// Browser tests need Debian's chromium (playwright.config.ts); say so at once rather than deep inside Playwright.
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`\nThe browser tests need Chromium at ${CHROMIUM}: install it with \`apt-get install chromium\` (Debian), then run npm test again.`);
  console.log('0 passed, 1 failed (no chromium)');
  process.exit(1);
}

// The type check comes first: a red type check is a failed test run.
// The compiled catalogs (generated, not committed) are part of what the type check reads.
if (run('npm', ['run', '--silent', 'i18n:compile']) !== 0) {
  console.log('\n0 passed, 1 failed (the catalogs did not compile: npm run i18n:compile)');
  process.exit(1);
}
if (run('tsc', ['-b']) !== 0) {
  console.log('\n0 passed, 1 failed (the type check failed: tsc -b)');
  process.exit(1);
}

// Then the linter (biome.jsonc): an error fails the run the same way; warnings are printed and pass.
if (run('biome', ['lint', '.']) !== 0) {
  console.log('\n0 passed, 1 failed (the linter failed: biome lint)');
  process.exit(1);
}

// Then the layers (.dependency-cruiser.mjs, docs/decisions/0026): a forbidden import or a circle fails the run.
if (run('npm', ['run', '--silent', 'lint:layers']) !== 0) {
  console.log('\n0 passed, 1 failed (the layer check failed: depcruise)');
  process.exit(1);
}

if (!process.argv.includes('--no-build') && run('npm', ['run', 'build']) !== 0) {
  console.log('\n0 passed, 1 failed (the build failed)');
  process.exit(1);
}

const vitestJson = join(out, 'vitest.json');
const vitestStatus = run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const pwJson = join(out, 'playwright.json');
const pwStatus = run('playwright', ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });

let passed = 0, failed = 0, skipped = 0;
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  passed += v.numPassedTests; failed += v.numFailedTests; skipped += v.numPendingTests + v.numTodoTests;
} else if (vitestStatus !== 0) failed += 1;
if (existsSync(pwJson)) {
  const p = JSON.parse(readFileSync(pwJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  passed += p.stats.expected + p.stats.flaky; failed += p.stats.unexpected; skipped += p.stats.skipped;
} else if (pwStatus !== 0) failed += 1;

// A runner that failed without reporting a failed test (a crash, a config error) still fails the run.
if (failed === 0 && (vitestStatus !== 0 || pwStatus !== 0)) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
