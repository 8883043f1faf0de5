import type { APIRequestContext, Page } from '@playwright/test';
import { publicRoutes, notFoundRoute, type PublicRoute } from '../../shared/routes.ts';
import { portfolio, type PortfolioProject } from '../../shared/content/portfolio.ts';
import { services } from '../../shared/content/services.ts';
import { test, expect, gotoHydrated, navigateClientSide, norm, htmlText } from './fixtures.ts';

// Every public route of docs/product.md §2, driven by the route table (shared/routes.ts). Each route is
// loaded once; what is particular to a page is checked in the same visit (pageChecks below).

test('the route table has every screen of docs/product.md §2', () => {
  expect(services).toHaveLength(13);
  expect(portfolio).toHaveLength(6);
  const paths = publicRoutes.map((r) => r.path);
  for (const p of [
    '/', '/home', '/about', '/team', '/services', '/services/seo-audit', '/portfolio', '/agreement', '/contact',
    '/affiliate', '/affiliate-form', '/career', '/career-form', '/faq', '/sign-in', '/sign-up', '/verify-email',
    '/verify-phone', '/success', '/auth/reset-password', '/booking',
    ...services.map((s) => `/services/${s.slug}`), ...portfolio.map((p) => `/portfolio/${p.slug}`),
  ]) expect(paths, `route ${p}`).toContain(p);
});

/** The heading of the not-found page, as the server renders it for /404. */
async function notFoundH1(request: APIRequestContext) {
  const res = await request.get('/404');
  expect(res.status()).toBe(404);
  const h1 = htmlText(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(await res.text())?.[1] ?? '');
  expect(h1.length).toBeGreaterThan(2);
  return h1;
}

/** Portfolio detail: every field of docs/product.md §17.4. */
async function projectFields(page: Page, p: PortfolioProject) {
  const main = page.locator('main');
  await expect(page.locator('h1')).toHaveText(p.title);
  const text = norm(await main.innerText()).toLowerCase();
  const has = (label: string, value: string) => expect(text, `${label} of ${p.slug}`).toContain(norm(value).toLowerCase());
  has('client', p.client);
  for (const t of p.technologies) has('technology', t);
  has('category', p.category);
  has('description', p.description);
  has('about', p.about);
  has('problem', p.problem);
  has('solution', p.solution);
  has('impact', p.impact);
  has('feedback', p.feedback);
  await expect(main.locator(`a[href="${p.url}"]`).first(), `link to ${p.url}`).toBeVisible();
  // The project image, with a text alternative.
  const img = main.locator('img').first();
  await expect(img).toBeVisible();
  expect(await img.getAttribute('alt')).toBeTruthy();
}

const pageChecks: Partial<Record<string, (page: Page, request: APIRequestContext) => Promise<void>>> = {
  '/': async (page) => {
    const main = page.locator('main');
    for (const claim of ['40+', '50+', '3+']) await expect(main).toContainText(claim);
    for (const word of [/clients/i, /projects/i, /countries/i]) await expect(main).toContainText(word);
  },
  '/services': async (page) => {
    for (const s of services) await expect(page.locator(`main a[href="/services/${s.slug}"]`).first(), s.slug).toBeVisible();
    await expect(page.locator('main a[href="/services/seo-audit"]').first()).toBeVisible();
  },
  '/portfolio': async (page) => {
    for (const p of portfolio) await expect(page.locator(`main a[href="/portfolio/${p.slug}"]`).first(), p.slug).toBeVisible();
  },
  '/affiliate': async (page) => {
    await expect(page.locator('main')).toContainText('EARN 40%');
    await expect(page.locator('main a[href="/affiliate-form"]').first()).toBeVisible();
  },
  '/career': async (page) => {
    await expect(page.locator('main a[href^="/career-form"]').first()).toBeVisible();
  },
  // /booking is a real page (docs/product.md §12), not the not-found page.
  '/booking': async (page, request) => {
    await expect(page.locator('h1')).not.toHaveText(await notFoundH1(request));
    await expect(page.locator('main')).toContainText(/30[- ]minute/i);
  },
  ...Object.fromEntries(portfolio.map((p) => [`/portfolio/${p.slug}`, (page: Page) => projectFields(page, p)])),
};

// Account screens and the success page are short by nature; marketing pages carry real copy.
const minTextLength = (route: PublicRoute) => (route.indexable ? 200 : 60);

for (const route of publicRoutes) {
  test(`${route.path} renders its own page`, async ({ page, request, axe }) => {
    // What the server sends before any JavaScript runs.
    const raw = await (await request.get(route.path)).text();
    await gotoHydrated(page, route.path);

    await expect(page).toHaveTitle(route.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', route.description);
    const canonical = page.locator('link[rel="canonical"]');
    if (route.indexable) {
      await expect(canonical).toHaveCount(1);
      expect(new URL((await canonical.getAttribute('href'))!).pathname).toBe(route.canonical ?? route.path);
    }

    await expect(page.locator('h1')).toHaveCount(1);
    const h1 = norm(await page.locator('h1').innerText());
    expect(h1.length, 'h1 text').toBeGreaterThan(2);
    // Hydration kept the prerendered heading.
    const rawH1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(raw)?.[1];
    expect(htmlText(rawH1 ?? ''), 'prerendered h1').toBe(norm((await page.locator('h1').textContent()) ?? ''));

    const main = norm(await page.locator('main').innerText());
    expect(main.length, `text of <main> on ${route.path}: "${main.slice(0, 200)}"`).toBeGreaterThanOrEqual(minTextLength(route));
    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/\blorem\b|\bipsum\b/i);
    expect(body).not.toMatch(/\bTODO\b|\bTBD\b|\bFIXME\b|\bXXX\b/);
    expect(body).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/);
    // Not the not-found page in disguise.
    await expect(page).not.toHaveTitle(notFoundRoute.title);

    const extra = pageChecks[route.path];
    if (extra) await test.step('page-specific content', () => extra(page, request));

    await axe();
  });
}

test.describe('not found', () => {
  for (const [i, path] of ['/this-page-does-not-exist', '/portfolio/no-such-project', '/services/no-such-service', '/about/extra'].entries()) {
    test(`${path} answers 404 with the not-found page`, async ({ page, request, axe }) => {
      const expectedH1 = await notFoundH1(request);
      await gotoHydrated(page, path, 404);
      await expect(page).toHaveTitle(notFoundRoute.title);
      await expect(page.locator('h1')).toHaveText(expectedH1);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
      // A way back to the site.
      await expect(page.locator('main a[href="/"]').first()).toBeVisible();
      // The same page every time: one accessibility scan is enough.
      if (i === 0) await axe();
    });
  }

  test('client-side navigation to an unknown path shows the not-found page', async ({ page, request }) => {
    const expectedH1 = await notFoundH1(request);
    await gotoHydrated(page, '/about');
    await navigateClientSide(page, '/portfolio/not-a-project');
    await expect(page.locator('h1')).toHaveText(expectedH1);
    await expect(page).toHaveTitle(notFoundRoute.title);
  });
});
