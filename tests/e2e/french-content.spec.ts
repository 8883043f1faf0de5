import { test, expect, gotoHydrated } from './fixtures.ts';

// The content pages in French, in the browser at 390 px: a service page and the portfolio hydrate in French
// (no English from the app's render), their links stay in French, they are axe clean; English stays English.

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
    // Rendered by the app, not prerendered: its French prose came with its code (shared/i18n/frenchParts.ts).
    await expect(page.getByText('Des applications iOS et Android issues d’un seul code, pensées pour la vraie vie', { exact: false }).first()).toBeVisible();
  });

  test('the portfolio filters and counts in French, a case study is French, both axe clean', async ({ page, axe }) => {
    await gotoHydrated(page, '/fr/portfolio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Des réalisations dont nous sommes fiers');
    await expect(page.locator('p[role=status]')).toHaveText('6 projets affichés');
    await page.getByRole('group', { name: 'Filtrer les projets par catégorie' }).getByRole('button', { name: /^Mobile/ }).click();
    await expect(page.locator('p[role=status]')).toHaveText('2 projets affichés dans la catégorie Mobile');
    await axe();
    await page.getByRole('link', { name: /AquaPure Ghana/ }).first().click();
    await expect(page).toHaveURL(/\/fr\/portfolio\/aquapure-water-delivery-app$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Notre solution' })).toBeVisible();
    await expect(page.getByText('Étude de cas 04 · Mobile')).toBeVisible();
    await axe();
  });

  test('the about and team pages are French and axe clean', async ({ page, axe }) => {
    await gotoHydrated(page, '/fr/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Une agence logicielle d’Accra qui travaille pour le monde entier');
    await page.getByRole('link', { name: 'Découvrir notre équipe' }).click();
    await expect(page).toHaveURL(/\/fr\/team$/);
    await expect(page.getByRole('list', { name: 'Compétences de Kwame Asante' })).toBeVisible();
    await axe();
  });

  test('the FAQ is French, with prices in French typography, and axe clean', async ({ page, axe }) => {
    await gotoHydrated(page, '/fr/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes');
    await expect(page.locator('#prices')).toContainText(/Développement logiciel \d+\s000\s\$\sUS – /);
    await axe();
  });

  test('the English portfolio stays English', async ({ page }) => {
    await gotoHydrated(page, '/portfolio');
    await expect(page.locator('p[role=status]')).toHaveText('Showing 6 projects');
    await page.getByRole('group', { name: 'Filter projects by category' }).getByRole('button', { name: /^Nonprofit/ }).click();
    await expect(page.locator('p[role=status]')).toHaveText('Showing 2 projects in Nonprofit');
  });

  test('the English service page stays English', async ({ page }) => {
    await gotoHydrated(page, '/services/web-development');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Web Development');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'What it is' })).toBeVisible();
  });
});
