import { test, expect, gotoHydrated } from './fixtures.ts';

// The content pages in French, in the browser at 390 px: a service page hydrates in French (no English
// flash from the app's render), its links stay in French, and it is axe clean.

test.describe('French content pages at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a service page is French after hydration, links to French pages and is axe clean', async ({ page, axe }) => {
    await gotoHydrated(page, '/fr/services/web-development');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Développement web');
    await expect(page.getByRole('heading', { level: 2, name: 'En quoi cela consiste' })).toBeVisible();
    await expect(page.getByText('Trente jours de corrections gratuites après la mise en ligne').first()).toBeAttached();
    await expect(page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/fr/services');
    // Prices in French typography ("2 000 $ US"), durations from the catalog.
    await expect(page.locator('#price-and-timeline dl')).toContainText(/\d\s000\s\$\sUS – \d+\s000\s\$\sUS/);
    await expect(page.locator('#price-and-timeline dl')).toContainText(/\d+ à \d+\ssemaines/);
    await axe();
    await page.locator('#related').getByRole('link', { name: /Développement d’applications mobiles|mobile/i }).first().click();
    await expect(page).toHaveURL(/\/fr\/services\/mobile-app-development$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('the English service page stays English', async ({ page }) => {
    await gotoHydrated(page, '/services/web-development');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Web Development');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'What it is' })).toBeVisible();
  });
});
