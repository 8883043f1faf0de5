import { test as base, expect, type Locator, type Page, type Response } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { formDefinitions } from '../../shared/forms/index.ts';
import { browserOrigins } from './servers.ts';

// Every browser test runs through these fixtures:
//  - any console error or uncaught page error fails the test, unless the test allows that exact
//    message with consoleGuard.allow(/.../) (only tests that provoke a failure on purpose do);
//  - requests fail closed: anything not addressed to the site under test is aborted and fails the
//    test, unless the test deliberately answers it with page.route (page routes take precedence);
//  - axe(): no serious or critical accessibility violations on the current page.

export interface ConsoleGuard {
  /** Console errors matching one of these patterns do not fail this test. */
  allow(...patterns: RegExp[]): void;
  /** Aborted requests to other hosts matching these patterns do not fail this test (they stay aborted). */
  allowBlocked(...patterns: RegExp[]): void;
  /** Every console error and page error seen so far, allowed or not. */
  readonly errors: readonly string[];
  /** Requests to other hosts that were aborted. */
  readonly blocked: readonly string[];
}

type Guard = ConsoleGuard & { _errors: string[]; _blocked: string[]; _allowed: RegExp[]; _allowedBlocked: RegExp[] };

interface Fixtures {
  consoleGuard: ConsoleGuard;
  axe: (options?: { include?: string; exclude?: string[]; disableRules?: string[] }) => Promise<void>;
}

/** See consoleGuard. */
export const REALTIME_SOCKET_NOTICE = /^(console\.error: )?WebSocket is already in CLOSING or CLOSED state\./;

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern and requires one, even an empty one
  consoleGuard: async ({}, use) => {
    // Chrome reports a send on a socket that is closing. The appwrite SDK's Realtime service closes and
    // reopens its one socket whenever the page's subscriptions change (the admin area's realtime), and its
    // heartbeat can hit the old socket in between: the SDK's own notice, not an error of the page.
    const allowed: RegExp[] = [REALTIME_SOCKET_NOTICE];
    const allowedBlocked: RegExp[] = [];
    const errors: string[] = [];
    const blocked: string[] = [];
    const guard: Guard = {
      allow: (...p) => void allowed.push(...p),
      allowBlocked: (...p) => void allowedBlocked.push(...p),
      get errors() { return errors; },
      get blocked() { return blocked; },
      _errors: errors,
      _blocked: blocked,
      _allowed: allowed,
      _allowedBlocked: allowedBlocked,
    };
    await use(guard);
  },

  context: async ({ context, baseURL, consoleGuard }, use) => {
    const g = consoleGuard as Guard;
    const allowed = new Set(browserOrigins(baseURL!));
    const isAllowed = (url: URL) => allowed.has(url.origin);
    await context.route((url) => /^(https?|wss?):$/.test(url.protocol) && !isAllowed(url), async (route) => {
      g._blocked.push(`${route.request().method()} ${route.request().url()}`);
      await route.abort('blockedbyclient');
    });
    // The browser reports a document answered with 404 as a console error. For the not-found page that
    // status is the point (the tests assert it), so that one report is not an error of the page.
    const notFoundDocuments = new Set<string>();
    context.on('response', (res) => {
      if (res.status() === 404 && res.request().isNavigationRequest()) notFoundDocuments.add(res.url());
    });
    context.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const loc = msg.location();
      if (/^Failed to load resource: the server responded with a status of 404\b/.test(msg.text()) && notFoundDocuments.has(loc.url)) return;
      g._errors.push(`console.error: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
    });
    context.on('weberror', (e) => g._errors.push(`page error: ${e.error().message}`));
    await use(context);
    const unexpected = g._errors.filter((e) => !g._allowed.some((p) => p.test(e)));
    expect(g._blocked.filter((b) => !g._allowedBlocked.some((p) => p.test(b))), 'requests to hosts other than the site under test').toEqual([]);
    expect(unexpected, 'console errors and uncaught page errors').toEqual([]);
  },

  axe: async ({ page }, use) => {
    await use(async (options = {}) => {
      // Only violations are needed, and the site has no cross-origin frames to scan: legacy mode runs axe
      // in the page itself instead of opening a second page to merge frame results (2-3 times faster).
      let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
      if (options.include) builder = builder.include(options.include);
      for (const e of options.exclude ?? []) builder = builder.exclude(e);
      if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
      const results = await builder.analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}`);
      expect(serious, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
});

export { expect };

/**
 * Loads a page and waits until React has hydrated it: the h1 of the prerendered page has been claimed
 * by React (hydration attaches a fiber to every DOM node it adopts or creates).
 */
export async function gotoHydrated(page: Page, path: string, expectedStatus = 200): Promise<Response> {
  const response = await page.goto(path);
  expect(response, `no response for ${path}`).not.toBeNull();
  expect(response!.status(), `HTTP status of ${path}`).toBe(expectedStatus);
  await waitForHydration(page);
  return response!;
}

export async function waitForHydration(page: Page) {
  // Every region marks itself once hydrated (web/hydration/ready.tsx); a static page's content keeps its HTML
  // and never becomes React's own elements (web/hydration/StaticHtml.tsx), so the marks, not the page's
  // heading, tell that the app runs.
  await page.waitForFunction(() => {
    const ready = (document.documentElement.dataset.ready ?? '').split(' ');
    return ['header', 'main', 'footer'].every((region) => ready.includes(region)) && !!document.querySelector('h1');
  }, undefined, { timeout: 10_000 });
  // Let React finish the commit and report any recoverable (hydration) error.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
}

/** Signs in through the sign-in page, as a visitor does (the caller checks where it leads). */
export async function signIn(page: Page, email: string, password: string) {
  await gotoHydrated(page, '/sign-in');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Client-side navigation without depending on a particular link: what a router link does. */
export async function navigateClientSide(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({ idx: (history.state?.idx ?? 0) + 1, key: Math.random().toString(36).slice(2), usr: null }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/** Collapses whitespace, as a reader sees the text. */
export const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

export const decodeEntities = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#0?39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, '\u00a0').replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&amp;/g, '&');

/** The text content of an HTML fragment (what element.textContent gives), whitespace collapsed. */
export const htmlText = (html: string) => norm(decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '')));

/** Opens /contact, fills the contact form with `values` by field name (absent or empty ones stay empty), sends it and waits for /success. */
export async function sendContactForm(page: Page, values: Record<string, string>) {
  await page.goto('/contact');
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Contact form' });
  for (const f of formDefinitions.contact.fields) {
    const value = values[f.name];
    if (!value) continue;
    const field = form.getByLabel(f.label, { exact: true });
    if (f.type === 'select') await field.selectOption(value);
    else await field.fill(value);
  }
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/success$/);
}

/** Opens the chat panel of the page (its launcher), and answers the panel. */
export async function openChatPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open chat' }).click({ timeout: 15_000 });
  return page.getByRole('dialog', { name: /assistant/i });
}

/** Sends one chat message and waits for the assistant's answer to it. */
export async function sayInChat(panel: Locator, text: string): Promise<void> {
  const bots = panel.locator('[data-type="bot"]');
  const before = await bots.count();
  await panel.getByRole('textbox', { name: 'Type your message' }).fill(text);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bots).toHaveCount(before + 1, { timeout: 15_000 });
}
