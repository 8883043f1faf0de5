import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, testVars, type Site } from './harness.ts';

// `npm run smoke` (scripts/smoke.ts) against the real build served by the real Worker: it passes on a good
// deployment, and it names each thing that is wrong, one line each, with a failing exit code.

const vars = testVars();
let site: Site;

beforeAll(async () => { site = await startSite(vars); }, 60_000);
afterAll(async () => { await site?.close(); });

async function smoke(...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/smoke.ts', ...args], { timeout: 60_000 });
    return { code: 0, lines: stdout.trim().split('\n') };
  } catch (err) {
    const { code, stdout } = err as { code: number; stdout: string };
    return { code, lines: stdout.trim().split('\n') };
  }
}

describe('npm run smoke', () => {
  it('passes against the local site, with one contact message when asked to write', async () => {
    const { code, lines } = await smoke(site.url.href, '--site-url', vars.SITE_URL!, '--write');
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(code).toBe(0);
    expect(lines.filter((l) => l.startsWith('ok'))).toEqual([
      'ok    page /', 'ok    page /services/web-development', 'ok    page /contact', 'ok    not-found page',
      'ok    GET /api/health', 'ok    GET /api/config', 'ok    GET /api/admin/overview without a token', 'ok    POST /api/chat',
      'ok    POST /api/forms/contact (--write)',
    ]);
  });

  it('writes nothing without --write', async () => {
    const { code, lines } = await smoke(site.url.href, '--site-url', vars.SITE_URL!);
    expect(code).toBe(0);
    expect(lines.join('\n')).not.toContain('/api/forms');
  });

  it('exits 1 with one line per failure when the deployment is not what it should be', async () => {
    // The site is configured for another origin than the one the run expects: every canonical URL and
    // /api/config's siteUrl are wrong, the rest is right.
    const { code, lines } = await smoke(site.url.href, '--site-url', 'https://expected.example');
    expect(code).toBe(1);
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([
      `FAIL  page /: canonical URL is "${vars.SITE_URL}/", expected "https://expected.example/"`,
      `FAIL  page /services/web-development: canonical URL is "${vars.SITE_URL}/services/web-development", expected "https://expected.example/services/web-development"`,
      `FAIL  page /contact: canonical URL is "${vars.SITE_URL}/contact", expected "https://expected.example/contact"`,
      `FAIL  GET /api/config: siteUrl is "${vars.SITE_URL}", expected "https://expected.example" (SITE_URL)`,
    ]);
    expect(lines.at(-1)).toBe(`smoke ${site.url.origin}: 4 of 8 checks passed, 4 failures`);
  });

  it('fails when another version than the expected one answers', async () => {
    // The local site's version carries no tag; a deployment from the workflow carries its commit.
    const { code, lines } = await smoke(site.url.href, '--site-url', vars.SITE_URL!, '--version-tag', '3d8608f');
    expect(code).toBe(1);
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual(['FAIL  GET /api/health: answered by the version tagged null, expected "3d8608f"']);
  });

  it('reports a site that does not answer, and refuses a missing URL', async () => {
    const down = await smoke('http://127.0.0.1:9/', '--timeout', '5');
    expect(down.code).toBe(1);
    expect(down.lines.filter((l) => l.startsWith('FAIL'))).toHaveLength(8);
    expect((await smoke()).code).toBe(2);
  });
});
