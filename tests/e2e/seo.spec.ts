import { allRoutes, publicRoutes, notFoundRoute } from '../../shared/routes.ts';
import { services } from '../../shared/content/services.ts';
import { test, expect, gotoHydrated, decodeEntities, htmlText, norm } from './fixtures.ts';

// Prerendering and search (issue 2, section 5): what a crawler gets without running any JavaScript.

const decode = decodeEntities;
// Block-level text: tags become spaces so that words of adjacent elements do not run together.
const text = (html: string) => norm(decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ')));

function head(html: string) {
  const attr = (re: RegExp) => { const m = re.exec(html); return m ? decode(m[1]!) : null; };
  return {
    titles: [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => decode(m[1]!)),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogDescription: attr(/<meta property="og:description" content="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>),
    h1: [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => htmlText(m[1]!)),
    h1Blocks: [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => text(m[1]!)),
    main: text(/<main\b[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? ''),
  };
}

test.describe('prerendered HTML (no JavaScript)', () => {
  for (const route of publicRoutes) {
    test(`${route.path}`, async ({ request }) => {
      const res = await request.get(route.path);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^text\/html/);
      const h = head(await res.text());
      expect(h.titles).toEqual([route.title]);
      expect(h.description).toBe(route.description);
      expect(h.ogTitle).toBe(route.title);
      expect(h.ogDescription).toBe(route.description);
      expect(h.ogImage).toMatch(/^https?:\/\/[^/]+\/.+/);
      if (route.indexable) {
        expect(h.canonical).not.toBeNull();
        expect(new URL(h.canonical!).pathname).toBe(route.canonical ?? route.path);
        expect(h.ogUrl).toBe(h.canonical);
        expect(h.robots).toBeNull();
      } else {
        expect(h.robots).toMatch(/noindex/);
      }
      // The main content is in the HTML itself.
      expect(h.h1).toHaveLength(1);
      expect(h.h1[0]!.length).toBeGreaterThan(2);
      expect(h.main).toContain(h.h1Blocks[0]!);
      expect(h.main.length, `prerendered <main> of ${route.path}`).toBeGreaterThanOrEqual(route.indexable ? 200 : 60);
      expect(h.main).not.toMatch(/^Loading\.\.\.$/);
    });
  }

  test('unknown paths get the not-found page with status 404 and no canonical link', async ({ request }) => {
    const res = await request.get('/no-such-page-here');
    expect(res.status()).toBe(404);
    const h = head(await res.text());
    expect(h.titles).toEqual([notFoundRoute.title]);
    expect(h.canonical).toBeNull();
    expect(h.robots).toMatch(/noindex/);
    expect(h.h1).toHaveLength(1);
  });

  test('JSON-LD describes the organisation and its services', async ({ request }) => {
    const home = head(await (await request.get('/')).text());
    const graph = (docs: Record<string, unknown>[]) => docs.flatMap((d) => (d['@graph'] as Record<string, unknown>[] | undefined) ?? [d]);
    const org = graph(home.jsonLd).find((n) => n['@type'] === 'Organization');
    expect(org, 'Organization on the home page').toBeTruthy();
    expect(org!.name).toBe('Volta Labs');
    expect(org!.url).toMatch(/^https?:\/\//);

    for (const s of services) {
      const page = head(await (await request.get(`/services/${s.slug}`)).text());
      const svc = graph(page.jsonLd).find((n) => n['@type'] === 'Service');
      expect(svc, `Service on /services/${s.slug}`).toBeTruthy();
      expect(svc!.name).toBe(s.name);
    }
  });
});

test.describe('sitemap.xml and robots.txt', () => {
  test('sitemap.xml lists exactly the indexable routes', async ({ request }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/xml/);
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const expected = allRoutes.filter((r) => r.indexable).map((r) => r.path);
    expect([...locs].sort()).toEqual([...expected].sort());
  });

  test('robots.txt allows crawling and names the sitemap', async ({ request }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*/m);
    const sitemap = /^Sitemap: (\S+)$/m.exec(body);
    expect(sitemap).not.toBeNull();
    expect(new URL(sitemap![1]!).pathname).toBe('/sitemap.xml');
  });
});

test.describe('no layout shift', () => {
  for (const [label, viewport, path] of [
    ['home, desktop', { width: 1280, height: 800 }, '/'],
    ['home, mobile', { width: 375, height: 812 }, '/'],
    ['a service page, mobile', { width: 375, height: 812 }, '/services/web-development'],
  ] as const) {
    test(label, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number; __shifts: string[] };
        w.__cls = 0;
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
            if (e.hadRecentInput) continue;
            w.__cls += e.value;
            w.__shifts.push(`${e.value.toFixed(4)} ${(e.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?').join(' | ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The web font arrives after the first paint, as on a slow connection: swapping it in must not move
      // anything (deterministic, instead of depending on how fast this machine happens to be).
      await page.route(/\.woff2$/, async (route) => {
        await new Promise((r) => setTimeout(r, 1000));
        await route.continue();
      });
      await gotoHydrated(page, path);
      await page.waitForLoadState('networkidle');
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((r) => requestIdleCallback(() => setTimeout(r, 500), { timeout: 3000 }));
      });
      const { cls, shifts } = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __shifts: string[] };
        return { cls: w.__cls, shifts: w.__shifts };
      });
      expect(cls, `layout shifts: ${shifts.join('\n')}`).toBe(0);
    });
  }
});
