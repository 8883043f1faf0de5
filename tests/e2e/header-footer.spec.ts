import type { Locator, Page } from '@playwright/test';
import { services } from '../../shared/content/services.ts';
import { notFoundRoute } from '../../shared/routes.ts';
import { site } from '../../shared/site.ts';
import { test, expect, gotoHydrated } from './fixtures.ts';

// Header, mobile menu and footer: docs/product.md §4, word for word.

const navLinks = [
  { name: 'About', href: '/about' },
  { name: 'Team', href: '/team' },
  { name: 'Services', href: '/services' },
  { name: 'Portfolio', href: '/portfolio' },
  { name: 'Contact', href: '/contact' },
  { name: 'Affiliate', href: '/affiliate' },
] as const;

const startsWith = (name: string) => new RegExp(`^\\s*${name}\\b`, 'i');
const loginName = /^\s*log\s?in\s*$/i;
/** A link or a button with exactly this name (the spec calls them buttons; either is fine). */
const control = (scope: Locator, name: string) => {
  const re = new RegExp(`^\\s*${name}\\s*$`, 'i');
  return scope.getByRole('link', { name: re }).or(scope.getByRole('button', { name: re }));
};

async function scrollDocument(page: Page, y: number) {
  await page.evaluate((to) => window.scrollTo({ top: to, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(y / 2);
}

test.describe('header (desktop)', () => {
  test('logo, six links in order, the New badge and Login', async ({ page, axe }) => {
    await gotoHydrated(page, '/about');
    const header = page.getByRole('banner');
    await expect(header).toBeVisible();

    const logo = header.getByRole('link', { name: new RegExp(site.name, 'i') }).first();
    await expect(logo).toHaveAttribute('href', '/');

    const nav = header.getByRole('navigation').first();
    const links = nav.getByRole('link');
    const found: { name: string; href: string | null }[] = [];
    for (const l of await links.all()) {
      if (!(await l.isVisible())) continue;
      found.push({ name: (await l.innerText()).trim(), href: await l.getAttribute('href') });
    }
    // The six links, in the order of the spec.
    const six = found.filter((f) => navLinks.some((n) => startsWith(n.name).test(f.name)));
    expect(six.map((f) => f.href)).toEqual(navLinks.map((n) => n.href));
    for (const n of navLinks) {
      const link = nav.getByRole('link', { name: startsWith(n.name) });
      await expect(link).toHaveCount(1);
      await expect(link).toHaveAttribute('href', n.href);
    }
    await expect(nav.getByRole('link', { name: startsWith('Affiliate') })).toContainText('New');
    for (const n of navLinks.filter((x) => x.name !== 'Affiliate')) {
      await expect(nav.getByRole('link', { name: startsWith(n.name) })).not.toContainText('New');
    }

    const login = header.getByRole('link', { name: loginName });
    await expect(login).toBeVisible();
    await expect(login).toHaveAttribute('href', '/sign-in');
    await axe({ include: 'header' });
  });

  test('the header links navigate client-side to their pages', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const nav = page.getByRole('banner').getByRole('navigation').first();
    for (const n of navLinks) {
      await nav.getByRole('link', { name: startsWith(n.name) }).click();
      await expect(page).toHaveURL(new RegExp(`${n.href}$`));
      await expect(page.locator('h1')).toBeVisible();
      await expect(page).not.toHaveTitle(notFoundRoute.title);
    }
    await page.getByRole('banner').getByRole('link', { name: loginName }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    // No full page load happened on the way (the SPA router handled every click).
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('the current page is marked in the header: on the first load and after each navigation', async ({ page }) => {
    // The links keep their prerendered HTML on the page the browser loaded and render anew after a
    // navigation (web/components/Header.tsx): both must mark the page shown.
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    const marks = () => nav.getByRole('link').evaluateAll((links) => links.map((a) => `${a.getAttribute('href')}:${a.getAttribute('aria-current') ?? '-'}`));
    const expected = (current: Record<string, string>) => navLinks.map((n) => `${n.href}:${current[n.href] ?? '-'}`);
    await gotoHydrated(page, '/services/web-development');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    expect(await marks()).toEqual(expected({ '/services': 'true' }));
    await nav.getByRole('link', { name: startsWith('About') }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(marks).toEqual(expected({ '/about': 'page' }));
    await page.goBack();
    await expect(page).toHaveURL(/\/services\/web-development$/);
    await expect.poll(marks).toEqual(expected({ '/services': 'true' }));
    await page.getByRole('banner').getByRole('link', { name: new RegExp(`${site.name} home`, 'i') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(marks).toEqual(expected({}));
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('the header is sticky: it stays at the top after scrolling', async ({ page }) => {
    await gotoHydrated(page, '/');
    const header = page.getByRole('banner');
    const position = await header.evaluate((el) => getComputedStyle(el).position);
    expect(['sticky', 'fixed']).toContain(position);
    await scrollDocument(page, 1500);
    await expect(header).toBeInViewport();
    const box = await header.boundingBox();
    expect(box!.y).toBeLessThanOrEqual(1);
    await expect(header.getByRole('link', { name: loginName })).toBeInViewport();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a menu button opens a full-screen overlay that locks scroll; Escape closes it', async ({ page, axe }) => {
    await gotoHydrated(page, '/');
    const header = page.getByRole('banner');
    const button = header.getByRole('button', { name: /menu/i });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await axe({ include: 'header' });

    // The page itself can scroll before the menu opens.
    const scrollY = () => page.evaluate(() => Math.round(document.scrollingElement!.scrollTop));
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight > window.innerHeight + 200)).toBe(true);

    await button.click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();

    // Full screen.
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeLessThanOrEqual(0.5);
    expect(box.y).toBeLessThanOrEqual(0.5);
    expect(box.width).toBeGreaterThanOrEqual(374);
    expect(box.height).toBeGreaterThanOrEqual(811);

    for (const n of navLinks) {
      const link = menu.getByRole('link', { name: startsWith(n.name) });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', n.href);
    }
    await expect(menu.getByRole('link', { name: startsWith('Affiliate') })).toContainText('New');
    await expect(control(menu, 'log in')).toBeVisible();
    await expect(control(menu, 'sign up')).toBeVisible();

    // Scroll is locked: the wheel does not move the page behind the overlay.
    const before = await scrollY();
    await page.mouse.move(187, 700);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await scrollY()).toBe(before);
    const overflow = await page.evaluate(() => [getComputedStyle(document.body).overflow, getComputedStyle(document.documentElement).overflow]);
    expect(overflow.some((o) => o.includes('hidden') || o.includes('clip'))).toBe(true);

    await axe();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // Scrolling works again.
    await page.mouse.wheel(0, 800);
    await expect.poll(scrollY).toBeGreaterThan(before);
  });

  test('following a link in the mobile menu closes it and opens the page, which the menu then marks', async ({ page }) => {
    await gotoHydrated(page, '/about');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const open = page.getByRole('banner').getByRole('button', { name: /menu/i });
    await open.click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: startsWith('About') })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: startsWith('Team') }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(menu).toBeHidden();
    const overflow = await page.evaluate(() => getComputedStyle(document.body).overflow);
    expect(overflow).not.toBe('hidden');
    await open.click();
    await expect(menu.getByRole('link', { name: startsWith('Team') })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: startsWith('About') })).not.toHaveAttribute('aria-current');
    // The SPA router handled the click (the menu's links keep their prerendered HTML on the first page).
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('in a browser without popovers the menu stays hidden until the app opens it, and the app closes it', async ({ page }) => {
    // What Safari before 17 does with this markup: the popover attributes mean nothing, so the full-screen
    // menu would cover the page unless styles.css hides it.
    await page.addInitScript(() => {
      for (const name of ['popover', 'showPopover', 'hidePopover', 'togglePopover']) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
      document.addEventListener('DOMContentLoaded', () => {
        for (const el of document.querySelectorAll('[popover], [popovertarget]')) {
          for (const attr of ['popover', 'popovertarget', 'popovertargetaction']) el.removeAttribute(attr);
        }
      });
    });
    await gotoHydrated(page, '/');
    await page.locator('html[data-ready~="header"]').waitFor({ state: 'attached' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeHidden();
    const button = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    await button.click();
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await button.click();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await button.click();
    await menu.getByRole('link', { name: startsWith('Team') }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('Log in and Sign up lead to their screens', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
    const menu = page.getByRole('dialog');
    await control(menu, 'sign up').click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
    await control(menu, 'log in').click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

test.describe('footer', () => {
  const footer = (page: Page) => page.getByRole('contentinfo');
  const wordName = (name: string) => new RegExp(`(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`, 'i');

  test('brand column with the tagline and the five social links', async ({ page }) => {
    await gotoHydrated(page, '/');
    const f = footer(page);
    await expect(f).toContainText('Launch your MVP within days, not weeks. Crafted for speed and quality.');
    for (const s of site.social) {
      const link = f.getByRole('link', { name: wordName(s.name) });
      await expect(link, s.name).toHaveCount(1);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
  });

  test('quick links: Home, Portfolio, FAQs, Contact, Log In', async ({ page }) => {
    await gotoHydrated(page, '/about');
    const f = footer(page);
    for (const [name, href] of [['Home', '/'], ['Portfolio', '/portfolio'], ['FAQs', '/faq'], ['Contact', '/contact'], ['Log In', '/sign-in']] as const) {
      const link = f.getByRole('link', { name, exact: true });
      await expect(link, name).toHaveCount(1);
      await expect(link).toHaveAttribute('href', href);
    }
  });

  test('the 13 services link to their pages, and each page is real', async ({ page, request }) => {
    await gotoHydrated(page, '/');
    const f = footer(page);
    for (const s of services) {
      const link = f.getByRole('link', { name: s.name, exact: true });
      await expect(link, s.name).toHaveCount(1);
      const href = await link.getAttribute('href');
      expect(href).toBe(`/services/${s.slug}`);
      const res = await request.get(href!);
      expect(res.status(), href!).toBe(200);
      expect(await res.text()).not.toContain(`<title>${notFoundRoute.title}</title>`);
    }
  });

  test("company: About Us, Team, Services, Partner Program with 'EARN 40%', Careers, Booking", async ({ page, request }) => {
    await gotoHydrated(page, '/');
    const f = footer(page);
    for (const [name, href] of [['About Us', '/about'], ['Team', '/team'], ['Services', '/services'], ['Careers', '/career'], ['Booking', '/booking']] as const) {
      const link = f.getByRole('link', { name, exact: true });
      await expect(link, name).toHaveCount(1);
      await expect(link).toHaveAttribute('href', href);
    }
    const partner = f.getByRole('link', { name: /^\s*Partner Program\b/ });
    await expect(partner).toHaveCount(1);
    await expect(partner).toHaveAttribute('href', '/affiliate');
    await expect(partner).toContainText('EARN 40%');
    for (const href of ['/about', '/team', '/services', '/affiliate', '/career', '/booking', '/faq', '/contact', '/portfolio', '/sign-in']) {
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
    }
  });

  test("'© 2025' rights line and 'Built with love & coffee by devs.'", async ({ page }) => {
    await gotoHydrated(page, '/');
    const f = footer(page);
    await expect(f).toContainText('© 2025');
    await expect(f).toContainText(/all rights reserved/i);
    await expect(f).toContainText('Built with love & coffee by devs.');
  });

  test('four columns side by side on a wide screen', async ({ page, axe }) => {
    await gotoHydrated(page, '/');
    const f = footer(page);
    const first = (l: Locator) => l.first().boundingBox();
    const columns = [
      await first(f.getByRole('link', { name: wordName('GitHub') })),
      await first(f.getByRole('link', { name: 'Home', exact: true })),
      await first(f.getByRole('link', { name: services[0]!.name, exact: true })),
      await first(f.getByRole('link', { name: 'About Us', exact: true })),
    ];
    for (let i = 1; i < columns.length; i++) {
      expect(columns[i]!.x, `column ${i + 1} is right of column ${i}`).toBeGreaterThan(columns[i - 1]!.x + 40);
    }
    await axe({ include: 'footer' });
  });
});
