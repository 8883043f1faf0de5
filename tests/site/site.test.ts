import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, notFoundRoute, protectedShells, publicRoutes } from '../../shared/routes.ts';
import { portfolio } from '../../shared/content/portfolio.ts';
import { CONFIG_META_NAME } from '../../shared/config.ts';
import { MAX_BODY_BYTES } from '../../shared/bodyLimit.ts';
import { startSite, testVars, type Site } from './harness.ts';

// Black-box tests of the served site: the real build, the real Worker, real HTTP.

const vars = testVars();
const ORIGIN = vars.SITE_URL;
let site: Site;

beforeAll(async () => { site = await startSite(vars); }, 60_000);
afterAll(async () => { await site?.close(); });

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const attr = (html: string, re: RegExp) => { const m = re.exec(html); return m ? decode(m[1]!) : undefined; };
const titleOf = (html: string) => attr(html, /<title>([^<]*)<\/title>/);
const canonicalOf = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)"/);
const ogUrlOf = (html: string) => attr(html, /<meta property="og:url" content="([^"]*)"/);
const configOf = (html: string) => {
  const raw = attr(html, new RegExp(`<meta name="${CONFIG_META_NAME}" content="([^"]*)"`));
  return raw === undefined ? undefined : JSON.parse(raw);
};

function expectSecurityHeaders(res: { headers: Headers }, what: string) {
  const h = res.headers;
  const csp = h.get('Content-Security-Policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(h.get('Strict-Transport-Security'), what).toMatch(/^max-age=\d{8,}; includeSubDomains/);
  expect(h.get('X-Content-Type-Options'), what).toBe('nosniff');
  expect(h.get('Referrer-Policy'), what).toBe('strict-origin-when-cross-origin');
  expect(h.get('Permissions-Policy'), what).toMatch(/(^|, )microphone=\(self\)(,|$)/);
  expect(h.get('Permissions-Policy'), what).toContain('camera=()');
}

describe('security headers on every kind of response', () => {
  it('HTML, asset, API, 404 page, API 404, sitemap, robots, favicon, 405, HEAD', async () => {
    const home = await site.fetch('/');
    const html = await home.text();
    // A script file: the app's entry, which the page's inline loader fetches.
    const script = attr(html, /<meta name="app-modules" content="([^" ]+)/);
    expect(script).toMatch(/^\/assets\//);
    const cases: [string, RequestInit?][] = [
      ['/'], [script!], ['/api/health'], ['/no-such-page'], ['/api/no-such-route'], ['/sitemap.xml'], ['/robots.txt'],
      ['/favicon.svg'], ['/missing-file.png'], ['/about', { method: 'POST', body: 'x' }], ['/about', { method: 'HEAD' }],
    ];
    for (const [path, init] of cases) {
      const res = await site.fetch(path, init);
      await res.arrayBuffer();
      expectSecurityHeaders(res, `${init?.method ?? 'GET'} ${path} (${res.status})`);
    }
  });

  it('allows no third party when nothing is configured', async () => {
    const csp = (await site.fetch('/')).headers.get('Content-Security-Policy')!;
    expect(vars.ANALYTICS_ID).toBe('');
    expect(vars.BOOKING_URL).toBe('');
    expect(csp).not.toMatch(/google|calendly|https:/);
    // The same origin and the inline loader's hash (below), nothing else.
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain('upgrade-insecure-requests'); // SITE_URL is https
  });

  it('allows no inline style but the stylesheet each page inlines, by the hash the build computed', async () => {
    for (const path of ['/', '/contact', '/services/web-development', '/404']) {
      const res = await site.fetch(path);
      const csp = res.headers.get('Content-Security-Policy')!;
      expect(csp).not.toContain('unsafe-inline');
      const styles = [...(await res.text()).matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(styles.length, path).toBeGreaterThan(0);
      const allowed = /style-src ([^;]*)/.exec(csp)![1]!.split(' ');
      for (const css of styles) expect(allowed, path).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    }
  });

  it('runs one inline script, the loader, allowed by its hash; no other inline script and no script file', async () => {
    const hashes = new Set<string>();
    for (const [path, headers] of [['/', {}], ['/contact', {}], ['/fr/services/web-development', {}], ['/404', {}], ['/', { 'Save-Data': 'on' }]] as const) {
      const res = await site.fetch(path, { headers });
      const csp = res.headers.get('Content-Security-Policy')!;
      const html = await res.text();
      const what = `${path} ${JSON.stringify(headers)}`;
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !attrs!.includes('application/ld+json'));
      expect(scripts.map(([, attrs]) => attrs!.trim()), what).toEqual(['type="module"']);
      const loader = scripts[0]![2]!;
      expect(loader.length, 'the loader, not an empty tag').toBeGreaterThan(500);
      const hash = `'sha256-${createHash('sha256').update(loader).digest('base64')}'`;
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
      // Exactly 'self' and the loader's hash: any other inline script (or an edited loader) is refused.
      expect(scriptSrc, what).toEqual(["'self'", hash]);
      hashes.add(hash);
    }
    expect(hashes.size, 'one loader on every page').toBe(1);
  });
});

describe('pages', () => {
  it('every public route answers 200 with its title, and canonical and og:url on SITE_URL', async () => {
    for (const route of publicRoutes) {
      const res = await site.fetch(route.path);
      const html = await res.text();
      expect(res.status, route.path).toBe(200);
      expect(res.headers.get('Content-Type'), route.path).toBe('text/html; charset=utf-8');
      expect(titleOf(html), route.path).toBe(route.title);
      const canonical = `${ORIGIN}${route.canonical ?? route.path}`;
      expect(canonicalOf(html), route.path).toBe(canonical);
      expect(ogUrlOf(html), route.path).toBe(canonical);
      expect(html, route.path).not.toContain('%SITE_ORIGIN%');
    }
  });

  it('fills SITE_URL into the JSON-LD and adds the configuration once, just before </head>', async () => {
    const html = await (await site.fetch('/services/web-development')).text();
    const graphs = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as unknown);
    expect(graphs.length).toBeGreaterThan(0);
    const urls = JSON.stringify(graphs).match(/"https?:\/\/[^"]+"/g) ?? [];
    expect(urls.filter((u) => u.includes('/services/web-development'))).toContain(`"${ORIGIN}/services/web-development"`);
    expect(html.match(new RegExp(`<meta name="${CONFIG_META_NAME}"`, 'g'))).toHaveLength(1);
    expect(html).toMatch(new RegExp(`<meta name="${CONFIG_META_NAME}" content="[^"]*" />\\s*</head>`));
  });

  it('carries the public configuration in the app-config meta tag (no secret)', async () => {
    const html = await (await site.fetch('/services')).text();
    expect(configOf(html)).toEqual({
      siteUrl: ORIGIN, assistantName: vars.ASSISTANT_NAME, analyticsId: null, bookingUrl: null,
      appwrite: { endpoint: vars.APPWRITE_ENDPOINT, projectId: vars.APPWRITE_PROJECT_ID, databaseId: vars.APPWRITE_DATABASE_ID },
      // GEMINI_LIVE_URL of .dev.vars.example is the local Live emulator, which needs no key.
      voiceAvailable: true,
      vapidPublicKey: vars.VAPID_PUBLIC_KEY,
      // WhatsApp is configured locally (all five settings): the number of the wa.me links.
      whatsappNumber: vars.WHATSAPP_NUMBER,
    });
    expect(html).not.toContain(vars.FORMSUBMIT_ENDPOINT);
    for (const secret of [vars.WHATSAPP_TOKEN, vars.WHATSAPP_APP_SECRET]) {
      expect(secret).toBeTruthy();
      expect(html).not.toContain(secret);
    }
    expect(vars.APPWRITE_API_KEY).not.toBe('');
    expect(html).not.toContain(vars.APPWRITE_API_KEY);
    const api = await (await site.fetch('/api/config')).json();
    expect(api).toEqual(configOf(html));
  });

  it('answers an unknown path with the not-found page and 404', async () => {
    for (const path of ['/no-such-page', '/services/no-such-service', '/about/deeper', '/missing-file.png', '/404']) {
      const res = await site.fetch(path);
      const html = await res.text();
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type'), path).toBe('text/html; charset=utf-8');
      expect(titleOf(html), path).toBe(notFoundRoute.title);
      expect(html, path).toContain('noindex');
      expect(configOf(html), path).toMatchObject({ siteUrl: ORIGIN });
    }
  });

  it('answers an unknown portfolio slug with 404 and a known one with 200', async () => {
    expect(portfolio.length).toBe(6);
    const known = await site.fetch(`/portfolio/${portfolio[0]!.slug}`);
    expect(known.status).toBe(200);
    expect(titleOf(await known.text())).toContain(portfolio[0]!.title);
    const unknown = await site.fetch('/portfolio/no-such-project');
    expect(unknown.status).toBe(404);
    expect(titleOf(await unknown.text())).toBe(notFoundRoute.title);
  });

  it('serves the admin and dashboard shells for every deep link', async () => {
    for (const shell of protectedShells) {
      const base = await site.fetch(shell);
      expect(base.status, shell).toBe(200);
      const shellHtml = await base.text();
      expect(shellHtml).toContain('noindex');
      for (const deep of [`${shell}/anything`, `${shell}/users/42/edit`]) {
        const res = await site.fetch(deep);
        expect(res.status, deep).toBe(200);
        expect(await res.text(), deep).toBe(shellHtml);
      }
    }
  });

  it('moves /page/, /page.html and /index.html to the one URL of the page, never off-site', async () => {
    const cases: [string, string][] = [
      ['/about/', '/about'], ['/about.html', '/about'], ['/index.html', '/'], ['/services/web-development/', '/services/web-development'],
      ['/about/?ref=x', '/about?ref=x'], ['//evil.example/', '/evil.example'], ['///evil.example/x/', '/evil.example/x'],
    ];
    for (const [from, to] of cases) {
      // Sent as written (fetch would resolve //evil.example/ as another host).
      const res = await new Promise<{ status: number; headers: Headers }>((resolve, reject) => {
        httpRequest({ host: site.url.hostname, port: site.url.port, path: from }, (r) => {
          r.resume();
          r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: new Headers(r.headers as Record<string, string>) }));
        }).on('error', reject).end();
      });
      expect(res.status, from).toBe(301);
      expect(res.headers.get('Location'), from).toBe(to);
      expectSecurityHeaders(res, from);
    }
  });

  it('answers HEAD like GET without a body, and other methods with 405', async () => {
    const head = await site.fetch('/about', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const post = await site.fetch('/contact', { method: 'POST', body: 'name=x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET, HEAD');
  });
});

describe('search files', () => {
  it('sitemap.xml lists exactly the indexable routes, in every language, on SITE_URL', async () => {
    const res = await site.fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const expected = allRoutes.filter((r) => r.indexable).map((r) => `${ORIGIN}${r.path}`);
    expect(locs.slice().sort()).toEqual(expected.slice().sort());
    expect(new Set(locs).size).toBe(locs.length);
    for (const hidden of ['/home', '/sign-in', '/success', '/admin', '/dashboard']) expect(locs).not.toContain(`${ORIGIN}${hidden}`);
  });

  it('robots.txt has its Sitemap line and keeps crawlers out of the API and private areas', async () => {
    const res = await site.fetch('/robots.txt');
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /dashboard']));
  });
});

describe('assets', () => {
  it('inlines the stylesheet: no render-blocking request before first paint', async () => {
    const html = await (await site.fetch('/')).text();
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style.length, 'the whole stylesheet').toBeGreaterThan(10_000);
    expect(style).toContain('@font-face');
  });

  it('caches hashed /assets/* as immutable and other files briefly', async () => {
    // A page with a form: its own code is among the app's modules (a static page's is not needed to start).
    const html = await (await site.fetch('/contact')).text();
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    // The app's modules, fetched after the first paint (docs/decisions/0009-first-paint-from-html.md).
    const appModules = attr(html, /<meta name="app-modules" content="([^"]*)"/)?.split(' ') ?? [];
    expect(appModules.some((f) => /^\/assets\/ContactPage-[^/]+\.js$/.test(f)), 'the contact page chunk').toBe(true);
    files.push(...appModules);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('.woff2')), 'the preloaded web font').toBe(true);
    for (const file of files) {
      expect(file, 'a content hash in the name').toMatch(/[-.][A-Za-z0-9_-]{8}\.[a-z0-9]+$/);
      const res = await site.fetch(file);
      await res.arrayBuffer();
      expect(res.status, file).toBe(200);
      expect(res.headers.get('Cache-Control'), file).toBe('public, max-age=31536000, immutable');
    }
    const favicon = await site.fetch('/favicon.svg');
    await favicon.arrayBuffer();
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('Cache-Control') ?? '').not.toContain('immutable');
    const missing = await site.fetch('/assets/no-such-file-12345678.js');
    await missing.arrayBuffer();
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control') ?? '').not.toContain('immutable');
  });
});

describe('page revalidation', () => {
  it('revalidates pages on every use, with an ETag of what it sends (304 when unchanged)', async () => {
    const first = await site.fetch('/contact');
    const body = await first.text();
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await site.fetch('/contact');
    expect(await again.text()).toBe(body);
    expect(again.headers.get('ETag')).toBe(etag);
    const other = await site.fetch('/about');
    await other.arrayBuffer();
    expect(other.headers.get('ETag')).not.toBe(etag);

    const unchanged = await site.fetch('/contact', { headers: { 'If-None-Match': `"0000", W/${etag}` } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('ETag')).toBe(etag);
    expectSecurityHeaders(unchanged, '304');
    const changed = await site.fetch('/contact', { headers: { 'If-None-Match': '"0123456789abcdef0123456789abcdef"' } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe(body);
  });
});

describe('API through HTTP', () => {
  it('answers GET /api/health', async () => {
    const res = await site.fetch('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', version: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), tag: null, uploadedAt: expect.any(String) } });
  });

  it('answers unknown /api paths with JSON 404, not the HTML page', async () => {
    const res = await site.fetch('/api/unknown');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No API route for GET /api/unknown.' });
  });

  it('answers 413 JSON above MAX_BODY_BYTES, with Content-Length', async () => {
    const res = await site.fetch('/api/forms/contact', {
      method: 'POST', body: JSON.stringify({ message: 'x'.repeat(MAX_BODY_BYTES) }), headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('answers 413 JSON above MAX_BODY_BYTES for a chunked body without Content-Length', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(new URL('/api/forms/contact', site.url), {
        method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      // Written in 4 KB chunks, one past the limit in all.
      const chunk = 'x'.repeat(4096);
      let sent = 0;
      const write = () => {
        while (sent <= MAX_BODY_BYTES) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ error: 'payload_too_large' });
  });
});

describe('configured features and invalid configuration', () => {
  it('allows the analytics origins only with ANALYTICS_ID and the booking origin only with BOOKING_URL', async () => {
    await site.configure(testVars({ ANALYTICS_ID: 'G-TEST123' }));
    let res = await site.fetch('/');
    let csp = res.headers.get('Content-Security-Policy')!;
    expect(configOf(await res.text())).toMatchObject({ analyticsId: 'G-TEST123', bookingUrl: null });
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' https:\/\/www\.googletagmanager\.com;/);
    expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/www\.google-analytics\.com/);
    expect(csp).not.toContain('*');
    expect(csp).not.toContain('calendly');
    expect(csp).toContain("frame-src 'none'");

    await site.configure(testVars({ BOOKING_URL: 'https://calendly.com/voltalabs/30min' }));
    res = await site.fetch('/booking');
    csp = res.headers.get('Content-Security-Policy')!;
    expect(configOf(await res.text())).toMatchObject({ analyticsId: null, bookingUrl: 'https://calendly.com/voltalabs/30min' });
    expect(csp).toContain('frame-src https://calendly.com;');
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' https:\/\/assets\.calendly\.com;/);
    expect(csp).not.toContain('google');
  }, 60_000);

  it('answers 503 with a clear message when the configuration is invalid, pages stay safe', async () => {
    await site.configure(testVars({ SITE_URL: 'not a url', BOOKING_URL: 'http://insecure.example/book' }));
    const page = await site.fetch('/');
    const html = await page.text();
    expect(page.status).toBe(503);
    expect(html).toContain('SITE_URL');
    expect(html).toContain('BOOKING_URL');
    expect(html).not.toContain('<script');
    expectSecurityHeaders(page, 'misconfigured page');
    expect(page.headers.get('Content-Security-Policy')).not.toMatch(/https:/);

    const api = await site.fetch('/api/config');
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ error: 'misconfigured', fields: { SITE_URL: expect.any(String), BOOKING_URL: expect.any(String) } });
    expectSecurityHeaders(api, 'misconfigured api');
    await site.configure(vars);
  }, 60_000);
});
