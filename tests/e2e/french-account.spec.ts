import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures.ts';
import { createAccount, header, mailTo, notice, PASSWORD, site, uniqueEmail } from './accountHelpers.ts';

// The account side in French end to end (issue 29): sign-up, the verification link back to the French page,
// sign-in with a wrong then the right password, /fr/dashboard, a French visitor's redirect to /fr/sign-in,
// and axe at 390 px on every French account page and the dashboard. Against the Appwrite stand-in, like
// tests/e2e/accounts.spec.ts.
test.use({ baseURL: site });

const NNBSP = '\u202f';

async function signInFr(page: Page, email: string, password: string) {
  await gotoHydrated(page, '/fr/sign-in');
  const form = page.getByRole('form', { name: 'Se connecter' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

test('sign up in French, verify from the mailbox, sign in (a wrong password first) and use the French dashboard', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  const email = uniqueEmail('fr');
  await gotoHydrated(page, '/fr/sign-up');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer votre compte');
  const form = page.getByRole('form', { name: 'S’inscrire' });
  await form.getByLabel('Nom').fill('Amélie Dupont');
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Mot de passe').fill('court');
  await form.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(form.getByText('Utilisez au moins 8 caractères.', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Mot de passe')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Mot de passe').fill(PASSWORD);
  await form.getByRole('button', { name: 'S’inscrire' }).click();

  await expect(page).toHaveURL(`${site}/fr/verify-email`);
  await expect(notice(page, 'Connexion réussie')).toBeVisible();
  await expect(page.getByText(`Nous l’avons envoyé à ${email}.`)).toBeVisible();

  // The verification link leads back to the French page.
  const mail = await mailTo(email, (m) => m.subject === 'Account Verification');
  const link = mail.links.find((l) => l.startsWith(`${site}/fr/verify-email?`));
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText(`Votre adresse e-mail est vérifiée. Merci${NNBSP}!`)).toBeVisible();
  await expect(page).toHaveURL(`${site}/fr/verify-email`);

  // Sign out from the header: back on the French home page.
  await header(page).getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(`${site}/fr`);
  await expect(notice(page, 'Déconnexion réussie')).toBeVisible();

  // A wrong password: the French message, on the password field.
  await signInFr(page, email, 'pas-le-bon-mot-de-passe');
  const password = page.getByRole('form', { name: 'Se connecter' }).getByLabel('Mot de passe', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Adresse e-mail ou mot de passe incorrect. Vérifiez les deux et réessayez, ou réinitialisez votre mot de passe.')).toBeVisible();

  await password.fill(PASSWORD);
  await page.getByRole('form', { name: 'Se connecter' }).getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${site}/fr/dashboard`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Votre tableau de bord' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })).toHaveAttribute('href', '/fr/dashboard');
  await expect(page.getByRole('region', { name: 'Vérification' }).getByText('Vérifié', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vos demandes' }).getByText('Rien pour l’instant.', { exact: false })).toBeVisible();
  const devices = page.getByRole('region', { name: 'Appareils connectés' });
  await expect(devices.getByText('Cet appareil')).toBeVisible();
  // The date through Intl in French ("Connecté le 27 nov. 2026, 14:05").
  await expect(devices.getByText(/Connecté le \d{1,2} [a-zéû]+\.? \d{4}/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Validation en deux étapes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Configurer une application d’authentification' })).toBeVisible();
});

test('a French visitor sent to sign in lands on /fr/sign-in, then back on /fr/dashboard', async ({ page }) => {
  const email = uniqueEmail('fr-redirect');
  await createAccount(email);
  await gotoHydrated(page, '/fr');
  await page.goto('/fr/dashboard');
  await expect(page).toHaveURL(`${site}/fr/sign-in`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
  const form = page.getByRole('form', { name: 'Se connecter' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${site}/fr/dashboard`);
  await expect(page.getByRole('region', { name: 'Vos demandes' }).getByText(/^Vérifiez votre adresse e-mail pour voir/)).toBeVisible();
});

test('the English account pages keep their English', async ({ page }) => {
  await gotoHydrated(page, '/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/reset-password');
  await gotoHydrated(page, '/fr/sign-in');
  await expect(page.getByRole('link', { name: `Mot de passe oublié${NNBSP}?` })).toHaveAttribute('href', '/fr/auth/reset-password');
  await expect(page.getByRole('link', { name: 'S’inscrire' })).toHaveAttribute('href', '/fr/sign-up');
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const path of ['/fr/sign-in', '/fr/sign-up', '/fr/verify-email', '/fr/verify-phone', '/fr/auth/reset-password']) {
    test(`${path} is axe clean`, async ({ page, axe }) => {
      await gotoHydrated(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await axe();
    });
  }

  test('/fr/dashboard is axe clean, signed in, with French errors shown on the sign-in page first', async ({ page, axe, consoleGuard }) => {
    consoleGuard.allow(/status of 401/);
    const email = uniqueEmail('fr-axe');
    await createAccount(email);
    await signInFr(page, email, 'pas-le-bon-mot-de-passe');
    await expect(page.getByText(/^Adresse e-mail ou mot de passe incorrect/)).toBeVisible();
    await axe();
    await signInFr(page, email, PASSWORD);
    await expect(page).toHaveURL(`${site}/fr/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Votre tableau de bord' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Appareils connectés' }).getByText('Cet appareil')).toBeVisible();
    await axe();
  });
});
