import { test, expect, gotoHydrated } from './fixtures.ts';

// French in the browser: the language switch in the header and the mobile menu, the suggestion a French
// browser gets on an English page (and the reverse), the choice remembered, axe on French pages.

test.describe('the language switch', () => {
  test('Français on an English page leads to the same page in French, English leads back', async ({ page, axe }) => {
    await gotoHydrated(page, '/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Français', exact: true }).click();
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nous concevons, développons et exploitons les logiciels sur lesquels votre entreprise se développe.');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Réalisations' })).toBeVisible();
    // The choice is remembered.
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
    await axe();

    await gotoHydrated(page, '/fr');
    await page.getByRole('banner').getByRole('link', { name: 'English', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  });

  test('a page with no French version offers no switch', async ({ page }) => {
    // Every page is French now: an unknown service is the page that has none.
    await gotoHydrated(page, '/services/no-such-service', 404);
    await expect(page.getByRole('link', { name: 'Français', exact: true })).toHaveCount(0);
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the mobile menu has the switch; French pages are axe clean', async ({ page, axe }) => {
      await gotoHydrated(page, '/');
      await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('link', { name: 'Français', exact: true }).click();
      await expect(page).toHaveURL(/\/fr$/);
      await gotoHydrated(page, '/fr');
      await axe();
      await page.getByRole('banner').getByRole('button', { name: 'Ouvrir le menu' }).click();
      const french = page.getByRole('dialog', { name: 'Menu' });
      await expect(french.getByRole('link', { name: 'English', exact: true })).toBeVisible();
      await expect(french.getByRole('link', { name: 'Se connecter' })).toBeVisible();
      await axe();
      await gotoHydrated(page, '/fr/page-qui-nexiste-pas', 404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
      await axe();
    });
  });
});

test.describe('a French-speaking browser', () => {
  test.use({ locale: 'fr-FR' });

  test('reads the English page it asked for, with a dismissible suggestion in French; dismissing is remembered', async ({ page, axe }) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const offer = page.getByRole('complementary', { name: 'Langue' });
    await expect(offer).toContainText('Cette page existe aussi en français.');
    await expect(offer.getByRole('link', { name: 'Lire en français' })).toHaveAttribute('href', '/fr');
    await axe();
    await offer.getByRole('button', { name: 'Non merci' }).click();
    await expect(offer).toHaveCount(0);
    await gotoHydrated(page, '/');
    await page.waitForTimeout(300);
    await expect(page.getByRole('complementary', { name: 'Langue' })).toHaveCount(0);
  });

  test('gets no suggestion on a page that has no French version', async ({ page }) => {
    await gotoHydrated(page, '/services/no-such-service', 404);
    await page.waitForTimeout(300);
    await expect(page.getByRole('complementary', { name: 'Langue' })).toHaveCount(0);
  });
});

test.describe('an English-speaking browser on a French page', () => {
  test.use({ locale: 'en-GB' });

  test('is offered the English page, in English', async ({ page }) => {
    await gotoHydrated(page, '/fr');
    const offer = page.getByRole('complementary', { name: 'Language' });
    await expect(offer).toContainText('This page is also available in English.');
    await expect(offer.getByRole('link', { name: 'Read in English' })).toHaveAttribute('href', '/');
  });

  test('the suggestion arrives without moving the page (no layout shift)', async ({ page }) => {
    await page.goto('/fr');
    const top = await page.getByRole('heading', { level: 1 }).evaluate((h) => h.getBoundingClientRect().top);
    await expect(page.getByRole('complementary', { name: 'Language' })).toBeVisible();
    expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => h.getBoundingClientRect().top)).toBe(top);
  });
});
