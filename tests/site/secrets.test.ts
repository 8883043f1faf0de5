import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSecretLeaks, MIN_SECRET_LENGTH, SECRET_NAMES, secretValues } from '../../scripts/lib/secrets.ts';
import { clientDir } from './harness.ts';

// Secrets live only in Worker secrets: no file the browser can download may contain one.

describe('secrets never reach the build output', () => {
  it(`no file in ${clientDir} contains the value of a secret from .dev.vars.example or .dev.vars`, () => {
    expect(existsSync(join(clientDir, 'index.html')), `no build in ${clientDir}: run npm run build first`).toBe(true);
    const secrets = secretValues();
    // The check is only meaningful if there is something to look for.
    expect(secrets.map((s) => s.name)).toContain('FORMSUBMIT_ENDPOINT');
    expect(findSecretLeaks(clientDir, secrets)).toEqual([]);
  });

  it('the secret list matches what .dev.vars.example marks as SECRET', () => {
    const lines = readFileSync('.dev.vars.example', 'utf8').split('\n');
    const marked: string[] = [];
    const unmarked: string[] = [];
    let comment = '';
    for (const line of lines) {
      if (line.startsWith('#')) { comment += line; continue; }
      const m = /^([A-Z0-9_]+)=/.exec(line);
      if (m) (/\bSECRET\b/.test(comment) ? marked : unmarked).push(m[1]!);
      comment = '';
    }
    expect(marked.length).toBeGreaterThan(0);
    expect(SECRET_NAMES).toEqual(expect.arrayContaining(marked));
    for (const name of unmarked) expect(SECRET_NAMES, `${name} is public in .dev.vars.example`).not.toContain(name);
  });

  describe('self-check: the scan finds a planted secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secret-scan-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reports a secret in a nested asset, its token alone, and nothing in a clean tree', () => {
      const vars = join(dir, 'vars');
      writeFileSync(vars, [
        'SITE_URL=https://example.com',
        'FORMSUBMIT_ENDPOINT=https://formsubmit.co/ajax/planted-token-123456',
        'GEMINI_API_KEY="AIzaPlantedKey0987654321"',
        'APPWRITE_API_KEY=',
        `OTHER_SECRET=${'z'.repeat(MIN_SECRET_LENGTH)}`,
      ].join('\n'));
      const secrets = secretValues([vars, join(dir, 'missing-file')]);
      expect(secrets.map((s) => [s.name, s.value])).toEqual([
        ['FORMSUBMIT_ENDPOINT', 'https://formsubmit.co/ajax/planted-token-123456'],
        ['FORMSUBMIT_ENDPOINT', 'planted-token-123456'],
        ['GEMINI_API_KEY', 'AIzaPlantedKey0987654321'],
      ]);

      const build = join(dir, 'client');
      mkdirSync(join(build, 'assets', 'deep'), { recursive: true });
      writeFileSync(join(build, 'index.html'), '<html>https://example.com</html>');
      expect(findSecretLeaks(build, secrets)).toEqual([]);

      writeFileSync(join(build, 'assets', 'deep', 'chunk-abc.js'), 'const k="AIzaPlantedKey0987654321";');
      writeFileSync(join(build, 'assets', 'app.js'), 'fetch("/x/" + "planted-token-123456")');
      expect(findSecretLeaks(build, secrets).sort((a, b) => a.file.localeCompare(b.file))).toEqual([
        { file: join('assets', 'app.js'), name: 'FORMSUBMIT_ENDPOINT', from: vars },
        { file: join('assets', 'deep', 'chunk-abc.js'), name: 'GEMINI_API_KEY', from: vars },
      ]);
    });
  });
});
