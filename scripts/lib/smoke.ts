// The checks of `npm run smoke -- <url>` (scripts/smoke.ts): what a fresh deployment must do, read from
// outside over HTTP, safe against production (nothing is written unless `write` is set). Each check
// returns its failures as short sentences; an empty list is a pass.
import { notFoundRoute, routeForPath } from '../../shared/routes.ts';
import { uniqueId } from '../../shared/id.ts';

/**
 * Marks the contact message a smoke run posts (--write), so staff can filter it out: the sender's name is
 * "Smoke Test", the e-mail subject reads "New contact message from Smoke Test", and the message begins
 * with this marker (search the inbox for `smoke-test`). docs/operations.md.
 */
export const SMOKE_TEST_MARKER = '[smoke-test]';
export const SMOKE_TEST_NAME = 'Smoke Test';

export interface SmokeOptions {
  /** The deployment to check, e.g. https://staging.voltalabs.dev. */
  url: string;
  /** The SITE_URL it is configured with (canonical URLs, /api/config); the url's origin unless given. */
  siteUrl?: string;
  /** Post one contact form, marked as a smoke test. */
  write?: boolean;
  /** The tag (commit) the answering version must carry in /api/health: right after a full deploy. */
  versionTag?: string;
  timeoutMs?: number;
}

export interface SmokeResult {
  name: string;
  failures: string[];
}

type Check = { name: string; run: () => Promise<string[]> };

const PAGES = ['/', '/services/web-development', '/contact'];

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const match = (html: string, re: RegExp) => {
  const m = re.exec(html);
  return m?.[1] === undefined ? undefined : decode(m[1]);
};
const titleOf = (html: string) => match(html, /<title>([^<]*)<\/title>/);
const canonicalOf = (html: string) => match(html, /<link rel="canonical" href="([^"]*)"/);

/** The headers functions/security.ts puts on every answer; the CSP's fixed directives. */
function securityHeaderFailures(res: Response, siteUrl: string): string[] {
  const h = res.headers;
  const failures: string[] = [];
  const expect = (name: string, ok: (v: string) => boolean, want: string) => {
    const v = h.get(name);
    if (v === null) failures.push(`no ${name} header`);
    else if (!ok(v)) failures.push(`${name} is "${v}", expected ${want}`);
  };
  expect('Strict-Transport-Security', (v) => /max-age=\d{8,}/.test(v), 'a max-age of a year or more');
  expect('X-Content-Type-Options', (v) => v === 'nosniff', '"nosniff"');
  expect('X-Frame-Options', (v) => v === 'DENY', '"DENY"');
  expect('Referrer-Policy', (v) => v === 'strict-origin-when-cross-origin', '"strict-origin-when-cross-origin"');
  expect('Permissions-Policy', (v) => v.includes('microphone=(self)') && v.includes('camera=()'), 'the microphone for this site only and no camera');
  const csp = h.get('Content-Security-Policy');
  if (csp === null) return [...failures, 'no Content-Security-Policy header'];
  const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k = '', ...v]) => [k, v]));
  const want: [string, string][] = [
    ['default-src', "'self'"], ['object-src', "'none'"], ['frame-ancestors', "'none'"], ['base-uri', "'self'"], ['form-action', "'self'"],
  ];
  for (const [directive, value] of want) {
    if (directives.get(directive)?.join(' ') !== value) failures.push(`CSP ${directive} is not ${value}`);
  }
  const script = directives.get('script-src') ?? [];
  if (!script.includes("'self'") || script.some((s) => s.startsWith("'unsafe"))) failures.push(`CSP script-src is "${script.join(' ')}"`);
  if ((directives.get('style-src') ?? []).includes("'unsafe-inline'")) failures.push("CSP style-src allows 'unsafe-inline'");
  if (siteUrl.startsWith('https://') && !directives.has('upgrade-insecure-requests')) failures.push('CSP has no upgrade-insecure-requests on an https site');
  return failures;
}

export function smokeChecks({ url, siteUrl, write = false, versionTag, timeoutMs = 20_000 }: SmokeOptions): Check[] {
  const base = new URL(url);
  const site = (siteUrl ?? base.origin).replace(/\/+$/, '');
  const get = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, base), { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), ...init });
  const postJson = (path: string, body: unknown) =>
    get(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
  const json = async (res: Response): Promise<Record<string, unknown> | null> => {
    try {
      return (await res.json()) as Record<string, unknown>;
    } catch {
      return null;
    }
  };

  const pages: Check[] = PAGES.map((path) => ({
    name: `page ${path}`,
    run: async () => {
      const route = routeForPath(path);
      if (!route) return [`${path} is not in the route table (shared/routes.ts)`];
      const res = await get(path);
      if (res.status !== 200) return [`answered ${res.status}, expected 200`];
      const html = await res.text();
      const failures: string[] = [];
      if (!res.headers.get('Content-Type')?.startsWith('text/html')) failures.push(`Content-Type is ${res.headers.get('Content-Type')}`);
      const title = titleOf(html);
      if (title !== route.title) failures.push(`title is ${JSON.stringify(title)}, expected ${JSON.stringify(route.title)}`);
      const canonical = canonicalOf(html);
      const wanted = `${site}${route.canonical ?? route.path}`;
      if (canonical !== wanted) failures.push(`canonical URL is ${JSON.stringify(canonical)}, expected "${wanted}"`);
      return [...failures, ...securityHeaderFailures(res, site)];
    },
  }));

  const checks: Check[] = [
    ...pages,
    {
      name: 'not-found page',
      run: async () => {
        const res = await get(`/smoke-test-no-such-page-${uniqueId()}`);
        const html = await res.text();
        const failures: string[] = [];
        if (res.status !== 404) failures.push(`an unknown path answered ${res.status}, expected 404`);
        if (titleOf(html) !== notFoundRoute.title) failures.push(`its title is ${JSON.stringify(titleOf(html))}, expected ${JSON.stringify(notFoundRoute.title)}`);
        return [...failures, ...securityHeaderFailures(res, site)];
      },
    },
    {
      name: 'GET /api/health',
      run: async () => {
        const res = await get('/api/health');
        const body = await json(res);
        if (res.status !== 200 || body?.status !== 'ok') return [`answered ${res.status} ${JSON.stringify(body)}, expected 200 {"status":"ok"}`];
        const failures = res.headers.get('Cache-Control') === 'no-store' ? [] : ['Cache-Control is not no-store'];
        const tag = (body.version as { tag?: unknown } | null)?.tag ?? null;
        if (versionTag !== undefined && tag !== versionTag) failures.push(`answered by the version tagged ${JSON.stringify(tag)}, expected "${versionTag}"`);
        return failures;
      },
    },
    {
      name: 'GET /api/config',
      run: async () => {
        const res = await get('/api/config');
        const body = await json(res);
        if (res.status !== 200 || !body) return [`answered ${res.status}, expected 200 with JSON`];
        const failures: string[] = [];
        if (body.siteUrl !== site) failures.push(`siteUrl is ${JSON.stringify(body.siteUrl)}, expected "${site}" (SITE_URL)`);
        if (typeof body.assistantName !== 'string' || !body.assistantName) failures.push('no assistantName');
        return failures;
      },
    },
    {
      name: 'GET /api/admin/overview without a token',
      run: async () => {
        const res = await get('/api/admin/overview');
        const body = await json(res);
        return res.status === 401 && body?.error === 'unauthenticated'
          ? []
          : [`answered ${res.status} ${JSON.stringify(body?.error ?? null)}, expected 401 "unauthenticated"`];
      },
    },
    {
      name: 'POST /api/chat',
      run: async () => {
        const res = await postJson('/api/chat', { message: 'Which services do you offer?' });
        const body = await json(res);
        if (res.status !== 200 || !body) return [`answered ${res.status} ${JSON.stringify(body)}, expected 200 with an answer`];
        const reply = body.reply as { text?: unknown } | null;
        if (!reply || typeof reply.text !== 'string' || !reply.text.trim()) return [`no answer: ${JSON.stringify(body).slice(0, 200)}`];
        // The assistant's error messages (Gemini's quota, a wrong key, the network) come back as answers.
        if (body.error) return [`the assistant answered with its "${String(body.error)}" error message: ${reply.text}`];
        return body.source === 'gemini' || body.source === 'local' ? [] : [`source is ${JSON.stringify(body.source)}`];
      },
    },
  ];

  if (write) {
    checks.push({
      name: 'POST /api/forms/contact (--write)',
      run: async () => {
        const res = await postJson('/api/forms/contact', {
          id: uniqueId(),
          name: SMOKE_TEST_NAME,
          email: 'smoke-test@example.com',
          company: 'smoke-test',
          service: 'Web Development',
          budget: 'Not sure yet',
          timeline: 'Flexible timeline',
          message: `${SMOKE_TEST_MARKER} An automated smoke test of ${base.origin} at ${new Date().toISOString()}. No reply needed; archive it.`,
        });
        const body = await json(res);
        return res.status === 202 && typeof body?.id === 'string' ? [] : [`answered ${res.status} ${JSON.stringify(body)}, expected 202 with an id`];
      },
    });
  }
  return checks;
}

/** Runs every check (one after another: gentle on a deployment and on its rate limits). */
export async function runSmoke(options: SmokeOptions): Promise<SmokeResult[]> {
  const results: SmokeResult[] = [];
  for (const check of smokeChecks(options)) {
    try {
      results.push({ name: check.name, failures: await check.run() });
    } catch (err) {
      results.push({ name: check.name, failures: [err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err)] });
    }
  }
  return results;
}
