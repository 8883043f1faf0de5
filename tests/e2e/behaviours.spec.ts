import type { Page, Route } from '@playwright/test';
import { routeForPath } from '../../shared/routes.ts';
import { configuredSiteURL, configuredVars } from './servers.ts';
import { test, expect, gotoHydrated } from './fixtures.ts';

// Global behaviours of docs/product.md §4.3 (issue 2, section 4).

const titleOf = (path: string) => routeForPath(path)!.title;
const footerLink = (page: Page, name: string) => page.getByRole('contentinfo').getByRole('link', { name, exact: true });
const isJsChunk = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js');

/** Marks the document; the mark survives client-side navigation and is lost on a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __e2eDocument: boolean }).__e2eDocument = true));
}
/**
 * Stand-in for gtag.js: it consumes the dataLayer the way the real script does and records what it would
 * have sent (read with gaSent). Returns the script URLs the page asked for. The Calendly script is
 * configured on the same server; it is not under test and gets an empty answer.
 */
async function standInGtag(page: Page): Promise<string[]> {
  const scriptRequests: string[] = [];
  await page.route('https://www.googletagmanager.com/gtag/js**', (route) => {
    scriptRequests.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: `(() => {
        const sent = (window.__gaSent = []);
        const take = (entry) => { sent.push(Array.from(entry)); };
        const dl = (window.dataLayer = window.dataLayer || []);
        dl.forEach(take);
        const push = dl.push.bind(dl);
        dl.push = (...entries) => { entries.forEach(take); return push(...entries); };
      })();`,
    });
  });
  await page.route('https://assets.calendly.com/**', (route) => route.fulfill({ contentType: route.request().url().endsWith('.css') ? 'text/css' : 'text/javascript', body: '' }));
  return scriptRequests;
}
/** What the gtag.js stand-in recorded, one array of gtag() arguments an entry. */
const gaSent = (page: Page) => page.evaluate(() => (window as unknown as { __gaSent?: unknown[][] }).__gaSent ?? []);

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __e2eDocument?: boolean }).__e2eDocument), 'no full page load').toBe(true);
}

test.describe('navigation', () => {
  test('client-side navigation scrolls to the top and updates the title', async ({ page }) => {
    await gotoHydrated(page, '/');
    await markDocument(page);
    await page.evaluate(() => window.scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await footerLink(page, 'About Us').click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(titleOf('/about'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' }));
    await footerLink(page, 'FAQs').click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page).toHaveTitle(titleOf('/faq'));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', routeForPath('/faq')!.description);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(titleOf('/about'));
    await expectSameDocument(page);
  });

  test('a hash target is scrolled to smoothly on navigation', async ({ page }) => {
    await gotoHydrated(page, '/');
    await markDocument(page);
    const result = await page.evaluate(async () => {
      // A target far below the fold, outside the React tree so the page change leaves it in place.
      const target = document.createElement('div');
      target.id = 'e2e-hash-target';
      target.textContent = 'target';
      target.style.cssText = 'margin-top: 4000px; height: 40px;';
      // Room below it, so that it can be scrolled to the top of the window.
      const after = document.createElement('div');
      after.style.height = '2000px';
      document.body.append(target, after);
      const samples: number[] = [];
      let last = -1, still = 0;
      const done = new Promise<void>((resolve) => {
        const tick = () => {
          const y = Math.round(window.scrollY);
          samples.push(y);
          still = y === last ? still + 1 : 0;
          last = y;
          if ((still > 20 && y > 0) || samples.length > 600) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      history.pushState({ idx: (history.state?.idx ?? 0) + 1, key: 'e2ehash', usr: null }, '', '/faq#e2e-hash-target');
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      await done;
      return { samples, targetTop: target.getBoundingClientRect().top, innerHeight: window.innerHeight };
    });
    const final = result.samples.at(-1)!;
    expect(final, 'scrolled down to the target').toBeGreaterThan(2000);
    expect(result.targetTop, 'the target is in view').toBeGreaterThanOrEqual(-1);
    expect(result.targetTop).toBeLessThan(result.innerHeight / 2);
    // Smooth: several intermediate positions between the start and the end, not one jump.
    const between = new Set(result.samples.filter((y) => y > 50 && y < final - 50));
    expect(between.size, `scroll positions seen: ${[...new Set(result.samples)].join(', ')}`).toBeGreaterThanOrEqual(3);
    await expect(page).toHaveTitle(titleOf('/faq'));
    await expectSameDocument(page);
  });

  test("a static page keeps its prerendered HTML: its code is fetched only when the app shows it again, and its links navigate in the app", async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (isJsChunk(url)) chunks.push(url.pathname);
    });
    const homeCode = () => chunks.filter((c) => /\/HomePage-[^/]+\.js$/.test(c));
    // The page's elements, attributes (in any order: React sets an image's src last) and text.
    const markup = () => page.locator('[data-static="page"]').evaluate((root) => {
      const out: string[] = [];
      const walk = (node: Node) => {
        if (node instanceof Text) out.push(node.data);
        if (!(node instanceof Element)) return;
        out.push(`<${node.tagName} ${[...node.attributes].map((a) => `${a.name}=${a.value}`).sort().join(' ')}>`);
        node.childNodes.forEach(walk);
        out.push(`</${node.tagName}>`);
      };
      root.childNodes.forEach(walk);
      return out.join('');
    });
    await gotoHydrated(page, '/');
    await markDocument(page);
    const prerendered = await markup();
    expect(prerendered).toContain('See all 13 services');
    expect(homeCode(), "the home page's code, with the app running").toEqual([]);

    // A link in the page's content (the header's and the footer's are elsewhere), by keyboard.
    await page.getByRole('main').getByRole('link', { name: 'See all 13 services' }).press('Enter');
    await expect(page).toHaveURL(/\/services$/);
    await expect(page).toHaveTitle(titleOf('/services'));
    await page.goBack();
    await expect(page).toHaveTitle(titleOf('/'));
    // Now the app renders the page from its code: the same markup as the prerendered one.
    await expect.poll(homeCode).toHaveLength(1);
    await expect.poll(markup).toBe(prerendered);
    // A link of the rendered page, by pointer; then one of the footer, which kept its HTML all along.
    await page.getByRole('main').getByRole('link', { name: 'See all projects' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await footerLink(page, 'About Us').click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(titleOf('/about'));
    await expectSameDocument(page);
  });

  test("'Loading...' shows while a lazy page chunk is pending", async ({ page }) => {
    await gotoHydrated(page, '/');
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const held: string[] = [];
    await page.route(isJsChunk, async (route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });
    await footerLink(page, 'FAQs').click();
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
    expect(held.length, 'the FAQ page was fetched on demand').toBeGreaterThan(0);
    release();
    await expect(page).toHaveTitle(titleOf('/faq'));
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByText('Loading...', { exact: true })).toBeHidden();
  });
});

test.describe('error fallback', () => {
  test("a page that fails to load shows 'Something went wrong', the message and 'Try again'", async ({ page, consoleGuard }) => {
    // The failure is deliberate: the browser reports the aborted request and React the caught error.
    consoleGuard.allow(/Failed to load resource/, /dynamically imported module/);
    await gotoHydrated(page, '/');
    await page.route(isJsChunk, (route: Route) => route.abort('failed'));
    await footerLink(page, 'FAQs').click();

    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(alert).toBeVisible();
    await expect(page.getByText('Something went wrong', { exact: true })).toBeVisible();
    await expect(alert).toContainText(/Failed to fetch dynamically imported module/);
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeVisible();

    // The network is back: 'Try again' brings the page.
    await page.unroute(isJsChunk);
    await retry.click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator('h1')).not.toHaveText('Something went wrong');
    await expect(page).toHaveTitle(titleOf('/faq'));
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });

  test('the error fallback clears when the visitor navigates elsewhere', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource/, /dynamically imported module/);
    await gotoHydrated(page, '/');
    await page.route((url) => isJsChunk(url) && /Faq/i.test(url.pathname), (route: Route) => route.abort('failed'));
    await footerLink(page, 'FAQs').click();
    await expect(page.getByText('Something went wrong', { exact: true })).toBeVisible();
    await footerLink(page, 'About Us').click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(titleOf('/about'));
    await expect(page.getByText('Something went wrong', { exact: true })).toHaveCount(0);
  });
});

test.describe('debug panel', () => {
  const panel = (page: Page) => page.getByRole('region', { name: /debug/i }).or(page.getByRole('complementary', { name: /debug/i }));

  test('absent without the OAuth debug object', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 3000 })));
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByText(/oauth debug/i)).toHaveCount(0);
  });

  test('shown when window.__OAUTH_DEBUG__ exists', async ({ page, axe }) => {
    await page.addInitScript(() => {
      (window as unknown as { __OAUTH_DEBUG__: unknown }).__OAUTH_DEBUG__ = { provider: 'github', step: 'callback', note: 'e2e-debug-marker' };
    });
    await gotoHydrated(page, '/');
    await expect(panel(page)).toBeVisible();
    // It shows what the debug object holds.
    await expect(panel(page)).toContainText('e2e-debug-marker');
    await axe();
  });
});

test.describe('analytics', () => {
  test('without ANALYTICS_ID: no script, no dataLayer, no gtag', async ({ page }) => {
    const thirdParty: string[] = [];
    page.on('request', (r) => { if (/googletagmanager|google-analytics|\/assets\/vitals-/.test(r.url())) thirdParty.push(r.url()); });
    await gotoHydrated(page, '/');
    await footerLink(page, 'About Us').click();
    await expect(page).toHaveTitle(titleOf('/about'));
    // Give anything scheduled for idle time its chance to run.
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => setTimeout(r, 200), { timeout: 3000 })));
    expect(thirdParty).toEqual([]);
    expect(await page.evaluate(() => ({ dataLayer: typeof (window as { dataLayer?: unknown }).dataLayer, gtag: typeof (window as { gtag?: unknown }).gtag }))).toEqual({ dataLayer: 'undefined', gtag: 'undefined' });
  });

  test.describe('with ANALYTICS_ID configured', () => {
    test.use({ baseURL: configuredSiteURL });

    test('a page_view with page_path on the first load and on every route change', async ({ page }) => {
      const scriptRequests = await standInGtag(page);

      await gotoHydrated(page, '/');
      const pageViews = async () => (await gaSent(page))
        .filter((e) => e[0] === 'event' && e[1] === 'page_view').map((e) => (e[2] as { page_path?: string }).page_path ?? null);
      await expect.poll(pageViews, { timeout: 10_000 }).toEqual(['/']);
      expect(scriptRequests).toHaveLength(1);
      expect(new URL(scriptRequests[0]!).searchParams.get('id')).toBe(configuredVars.ANALYTICS_ID);
      // The measurement id is configured.
      expect((await gaSent(page)).some((e) => e[0] === 'config' && e[1] === 'G-TEST123')).toBe(true);

      await footerLink(page, 'About Us').click();
      await expect(page).toHaveTitle(titleOf('/about'));
      await expect.poll(pageViews).toEqual(['/', '/about']);

      await footerLink(page, 'FAQs').click();
      await expect.poll(pageViews).toEqual(['/', '/about', '/faq']);

      await page.goBack();
      await expect.poll(pageViews).toEqual(['/', '/about', '/faq', '/about']);
    });

    test('Core Web Vitals (LCP, INP, CLS) as events (docs/decisions/0009-first-paint-from-html.md)', async ({ page }) => {
      const vitalsRequests: string[] = [];
      page.on('request', (r) => { if (/\/assets\/vitals-[^/]+\.js$/.test(r.url())) vitalsRequests.push(r.url()); });
      await standInGtag(page);

      await gotoHydrated(page, '/');
      await expect.poll(() => vitalsRequests.length, { timeout: 10_000 }).toBe(1);
      const vitals = async () => (await gaSent(page))
        .filter((e) => e[0] === 'event' && ['LCP', 'INP', 'CLS'].includes(e[1] as string))
        .map((e) => ({ name: e[1] as string, ...(e[2] as { value: number; metric_id: string; metric_rating: string }) }));
      // An interaction ends LCP (the library reports it then; clicked again until the library, fetched a
      // moment ago, listens), then the page is hidden: it reports CLS, and INP when the click took longer
      // than the library's event-timing threshold (40 ms), which a test cannot force.
      const names = async () => [...new Set((await vitals()).map((v) => v.name))].sort();
      await expect.poll(async () => { await page.locator('h1').click(); return names(); }, { timeout: 10_000 }).toContain('LCP');
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await expect.poll(async () => (await names()).filter((n) => n !== 'INP'), { timeout: 10_000 }).toEqual(['CLS', 'LCP']);
      for (const v of await vitals()) {
        expect(Number.isInteger(v.value) && v.value >= 0, JSON.stringify(v)).toBe(true);
        expect(v.metric_id, JSON.stringify(v)).toMatch(/^v\d+-/);
        expect(['good', 'needs-improvement', 'poor'], JSON.stringify(v)).toContain(v.metric_rating);
      }
      const lcp = (await vitals()).find((v) => v.name === 'LCP')!;
      expect(lcp.value).toBeGreaterThan(0);
    });
  });
});

test.describe('booking widget', () => {
  test.use({ baseURL: configuredSiteURL });

  type Calls = [string, { url?: string; parentElement?: unknown }][];
  const calls = (page: Page) => page.evaluate(() => (window as unknown as { __calendlyCalls?: Calls }).__calendlyCalls ?? []);
  const urlsOf = (list: Calls, fn: string) => list.filter(([f]) => f === fn).map(([, o]) => o.url?.split('?')[0]);

  /** Stand-in for Calendly's widget.js and widget.css: records every call of its embed API. */
  async function stubCalendly(page: Page, loaded: string[] = []) {
    await page.route('https://assets.calendly.com/**', (route) => {
      const url = route.request().url();
      loaded.push(url);
      if (url.endsWith('.css')) return route.fulfill({ contentType: 'text/css', body: '.calendly-overlay{}' });
      return route.fulfill({
        contentType: 'text/javascript',
        body: `window.__calendlyCalls = [];
          window.Calendly = {
            initPopupWidget: (opts) => window.__calendlyCalls.push(['initPopupWidget', opts]),
            initBadgeWidget: (opts) => window.__calendlyCalls.push(['initBadgeWidget', opts]),
            initInlineWidget: (opts) => window.__calendlyCalls.push(['initInlineWidget', { url: opts.url, parentElement: !!opts.parentElement }]),
            showPopupWidget: (url) => window.__calendlyCalls.push(['showPopupWidget', { url }]),
            closePopupWidget: () => {},
          };`,
      });
    });
  }
  // Analytics is configured on this server too; it is not under test here.
  const stubAnalytics = (page: Page) =>
    page.route('https://www.googletagmanager.com/gtag/js**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));

  test('with BOOKING_URL configured, clicking the booking element opens the 30-minute booking', async ({ page }) => {
    await stubAnalytics(page);
    const loaded: string[] = [];
    await stubCalendly(page, loaded);
    await gotoHydrated(page, '/');
    // Initialised at startup: the script and the stylesheet are loaded without any click.
    await expect.poll(() => loaded.filter((u) => u.endsWith('.js')).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => loaded.filter((u) => u.endsWith('.css')).length).toBe(1);
    await markDocument(page);

    await footerLink(page, 'Booking').click();
    await expect.poll(async () => urlsOf(await calls(page), 'initPopupWidget')).toEqual([configuredVars.BOOKING_URL]);
    // The popup opened in place of the navigation.
    await expect(page).not.toHaveURL(/\/booking$/);
    await expectSameDocument(page);
  });

  test('when the widget script cannot load, the booking element still leads to /booking and its form', async ({ page, consoleGuard }) => {
    // The browser itself reports the failed request; nothing else may be logged.
    consoleGuard.allow(/^console\.error: Failed to load resource: net::ERR_FAILED/);
    await stubAnalytics(page);
    const attempts: string[] = [];
    await page.route('https://assets.calendly.com/**', (route) => {
      attempts.push(route.request().url());
      return route.abort('failed');
    });
    await gotoHydrated(page, '/');
    await expect.poll(() => attempts.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await markDocument(page);
    await footerLink(page, 'Booking').click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page).toHaveTitle(titleOf('/booking'));
    await expect(page.locator('main')).toContainText(/30[- ]minute/i);
    // The booking request form takes over.
    await expect(page.getByRole('form', { name: 'Booking request' })).toBeVisible();
    await expectSameDocument(page);
  });

  test('/booking shows the scheduling widget inline and can open it in a window', async ({ page }) => {
    await stubAnalytics(page);
    await stubCalendly(page);
    await gotoHydrated(page, '/booking');
    await expect.poll(async () => urlsOf(await calls(page), 'initInlineWidget')).toEqual([configuredVars.BOOKING_URL]);
    await expect(page.getByRole('form', { name: 'Booking request' })).toHaveCount(0);
    const open = page.locator('main').getByRole('link', { name: /booking calendar/i }).or(page.locator('main').getByRole('button', { name: /booking calendar/i }));
    await open.click();
    await expect.poll(async () => urlsOf(await calls(page), 'initPopupWidget')).toEqual([configuredVars.BOOKING_URL]);
  });
});

// The auth message modal ('OK', scroll lock) is tested where the UI raises it: tests/e2e/accounts.spec.ts
// ('OAuth cancelled: back on the sign-in page with a message to acknowledge').

// First paint from the HTML alone (docs/decisions/0009-first-paint-from-html.md): the app arrives after the
// page has painted. Until then the page still behaves: what would not work yet shows it, and a form is not
// sent by the browser behind the app's back.
test.describe('before the app has hydrated', () => {
  /** Holds the app's entry (web/hydrate.tsx) until release() is called: the page stays as the HTML painted it. */
  async function holdApp(page: Page) {
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    await page.route(/\/assets\/hydrate-[^/]+\.js$/, async (route) => { await held; await route.continue(); });
    return release;
  }

  test('the mobile menu opens and closes with the HTML alone before the app has hydrated, and with the app after', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const release = await holdApp(page);
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await button.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: /^Team/ })).toHaveAttribute('href', '/team');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await button.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.dataset.ready ?? '')).toBe('');

    // Opened while the app hydrates, it stays open, and the app knows it is.
    await button.click();
    release();
    await page.locator('html[data-ready~="header"]').waitFor({ state: 'attached', timeout: 15_000 });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // A link now navigates in the app (no full load) and closes the menu.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await menu.getByRole('link', { name: /^Team/ }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('a form is not submitted by the browser (no fields in the URL), before or after the app hydrates', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/contact');
    const field = page.locator('main form').first().locator('input:not([type=hidden])').first();
    await field.fill('Ama');
    await field.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');
    expect(await field.inputValue()).toBe('Ama');
    release();
    await page.locator('html[data-ready~="main"]').waitFor({ state: 'attached', timeout: 15_000 });
    expect(new URL(page.url()).search).toBe('');
  });

  test('what is typed before the app hydrates is the browser\'s alone, kept through hydration and sent with the form', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/contact');
    // Counts the events that reach the app's root, where React listens: before hydration none may (React
    // would hydrate the whole region synchronously inside a tap or key press, and on the pointer, mouse and
    // focus events around it runs its event code to queue a replay).
    await page.evaluate(() => {
      const w = window as unknown as { __rootEvents: number };
      w.__rootEvents = 0;
      for (const type of ['pointerdown', 'pointerover', 'mouseover', 'mousemove', 'mousedown', 'focusin', 'click', 'keydown', 'input', 'focusout']) document.getElementById('root')!.addEventListener(type, () => { w.__rootEvents++; }, true);
    });
    const rootEvents = () => page.evaluate(() => (window as unknown as { __rootEvents: number }).__rootEvents);
    const form = page.getByRole('form', { name: 'Contact form' });
    const name = form.getByLabel('Full name');
    await name.click();
    await page.keyboard.type('Ama Mensah');
    await form.getByLabel('Service you are interested in').selectOption({ index: 1 });
    expect(await rootEvents()).toBe(0);

    release();
    await page.locator('html[data-ready~="main"]').waitFor({ state: 'attached', timeout: 15_000 });
    await expect(name).toHaveValue('Ama Mensah');
    // Hydrated: the field is the app's again, and the app has what was typed before.
    await name.press('End');
    await page.keyboard.type('-Boateng');
    expect(await rootEvents()).toBeGreaterThan(0);
    await expect(name).toHaveValue('Ama Mensah-Boateng');
    await form.getByRole('button', { name: 'Send message' }).click();
    const summary = form.getByRole('alert');
    await expect(summary).toContainText('Please correct 4 fields before sending:');
    await expect(summary).not.toContainText('Full name');
    await expect(summary).not.toContainText('Service you are interested in');
  });

  test('the sign-in form keeps an email address typed before the app hydrates', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/sign-in');
    const email = page.getByRole('form', { name: 'Sign in' }).getByLabel('Email', { exact: true });
    await email.fill('ama@example.com');
    release();
    await page.locator('html[data-ready~="main"]').waitFor({ state: 'attached', timeout: 15_000 });
    // The session check and the configuration re-render the page after hydration.
    await page.waitForTimeout(500);
    await expect(email).toHaveValue('ama@example.com');
  });
});
