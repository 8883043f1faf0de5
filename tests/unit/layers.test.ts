// The layer check (.dependency-cruiser.mjs, docs/decisions/0026) bites: run with the project's own rules over
// a tiny tree (tests/fixtures/layers) that holds one of each import it must allow or refuse.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURE = resolve(ROOT, 'tests/fixtures/layers');
const BIN = resolve(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const depcruise = (outputType: string) =>
  spawnSync(process.execPath, [BIN, '--config', resolve(ROOT, '.dependency-cruiser.mjs'), '--output-type', outputType, 'shared', 'platform', 'functions', 'durable', 'web'], {
    cwd: FIXTURE,
    encoding: 'utf8',
  });

type Violation = { from: string; to: string; rule: { name: string } };
const named = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^(\.\.\/)+/, '')}`;

describe('the layer check', () => {
  it('refuses every forbidden import in the fixture tree, and nothing else', () => {
    const run = depcruise('json');
    expect(run.status, run.stderr).toBe(0);
    const { summary } = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
    expect(summary.violations.map(named).sort()).toEqual([
      'durable-never-imports-functions: durable/Room.ts → functions/handler.ts', // through a tsconfig `paths` alias
      'no-circular: web/a.ts → web/b.ts', // a → b → a, one side type-only (a circle is named once)
      'not-to-unresolvable: web/unknownAlias.ts → @nowhere/thing.ts',
      'platform-imports-only-shared-and-itself: platform/server.ts → functions/handler.ts',
      'shared-imports-only-shared: shared/readsFiles.ts → fs', // node:fs
      'shared-imports-only-shared: shared/testRunnerInCode.ts → node_modules/vitest/dist/index.d.ts',
      'shared-imports-only-shared: shared/usesWorker.ts → functions/handler.ts',
      'the-api-client-imports-the-worker-for-types-only: web/api/client.ts → durable/Room.ts',
      'web-reaches-the-worker-only-through-the-api-client: web/page.tsx → functions/handler.ts',
      'web-reaches-the-worker-only-through-the-api-client: web/types.ts → functions/index.ts', // type-only, not via client.ts
    ]);
    // Allowed, so absent above: durable/store.ts → platform/server.ts, platform/server.ts → shared/ and zod,
    // shared/pure.ts → zod, shared/pure.test.ts → vitest, web/usesAlias.ts → shared/ through
    // a `paths` alias, web/api/client.ts → functions/index.ts as `import type`.
  });

  it('fails the run (a non-zero exit) and names the rule', () => {
    const run = depcruise('err');
    expect(run.status).toBeGreaterThan(0);
    expect(run.stdout).toContain('error durable-never-imports-functions: durable/Room.ts → functions/handler.ts');
  });

  it('keeps a baseline that only shrinks: no violation beyond those known when the check came in', () => {
    const known = JSON.parse(readFileSync(resolve(ROOT, '.dependency-cruiser-known-violations.json'), 'utf8')) as Violation[];
    // A circle is named once, from either end.
    const atIntroduction = [
      'durable-never-imports-functions: durable/liveRecord.ts → functions/appwrite.ts',
      'durable-never-imports-functions: durable/liveRecord.ts → functions/config.ts',
      'no-circular: shared/chat/conversation.ts → shared/chat/live.ts',
      'no-circular: shared/chat/live.ts → shared/chat/conversation.ts',
      'no-circular: web/chat/ChatLauncher.tsx → web/chat/ChatPanel.tsx',
      'no-circular: web/chat/ChatPanel.tsx → web/chat/ChatLauncher.tsx',
    ];
    for (const entry of known.map(named)) expect(atIntroduction).toContain(entry);
  });
});
