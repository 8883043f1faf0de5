import { test, expect, gotoHydrated } from './fixtures.ts';

// The French careers, partner programme and agreement pages in the browser: the French career form's errors,
// summary and sending (its choices post their English value), the role an "Apply" button fills in, the
// Worker's French 422 for both forms, and axe at 390 px on every page.

test('the French career form shows French errors, then sends and lands on the French success page', async ({ page }) => {
  await gotoHydrated(page, '/fr/career-form');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rejoignez notre équipe');
  const form = page.getByRole('form', { name: 'Candidature' });
  await form.getByLabel('Nom complet', { exact: true }).fill('A');
  await form.getByLabel('Lien vers votre portfolio ou profil LinkedIn', { exact: true }).fill('pas un lien');
  await form.getByRole('button', { name: 'Envoyer ma candidature' }).click();

  const summary = page.getByRole('alert');
  await expect(summary).toContainText('Veuillez corriger 6 champs avant l’envoi\u202f:');
  await expect(summary.getByRole('link', { name: 'Poste ou domaine' })).toBeVisible();
  await expect(form.getByText('Veuillez écrire au moins 2 caractères.', { exact: true })).toBeVisible();
  await expect(form.getByText('Veuillez saisir votre adresse e-mail.', { exact: true })).toBeVisible();
  await expect(form.getByText('Veuillez choisir un poste ou un domaine.', { exact: true })).toBeVisible();
  await expect(form.getByText('Veuillez choisir votre nombre d’années d’expérience.', { exact: true })).toBeVisible();
  await expect(form.getByText('Veuillez saisir une adresse web valide, comme https://exemple.com.', { exact: true })).toBeVisible();
  await expect(form.getByText('Veuillez rédiger une lettre de motivation.', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Nom complet', { exact: true })).toBeFocused();

  await form.getByLabel('Nom complet', { exact: true }).fill('Amélie Dupont');
  await form.getByLabel('Adresse e-mail', { exact: true }).fill(`amelie-${Date.now().toString(36)}@example.com`);
  // The choices read in French; the value sent stays the one the team reads.
  await form.getByLabel('Poste ou domaine', { exact: true }).selectOption({ label: 'Développement logiciel' });
  await form.getByLabel('Années d’expérience', { exact: true }).selectOption({ label: '3 à 5 ans' });
  await form.getByLabel('Lien vers votre portfolio ou profil LinkedIn', { exact: true }).fill('https://www.linkedin.com/in/amelie-dupont');
  await form.getByLabel('Lettre de motivation', { exact: true }).fill('Je développe des applications React et Node.js depuis quatre ans pour des clients au Sénégal et en France.');
  await expect(page.getByRole('alert')).toHaveCount(0);

  const posted = page.waitForRequest((r) => r.url().endsWith('/api/forms/career') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Envoyer ma candidature' }).click();
  const request = await posted;
  expect(request.headers()['x-language']).toBe('fr');
  expect(request.postDataJSON()).toMatchObject({ area: 'Software Development', experience: '3-5 years', name: 'Amélie Dupont' });
  expect((await request.response())?.status()).toBe(202);

  await expect(page).toHaveURL(/\/fr\/success$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('an open role’s “Postuler” leads to the French form with the role filled in', async ({ page }) => {
  await gotoHydrated(page, '/fr/career');
  await expect(page.getByRole('heading', { level: 2, name: 'Postes ouverts' })).toBeVisible();
  await page.getByRole('link', { name: 'Postuler au poste Ingénieur DevOps F/H' }).click();
  await expect(page).toHaveURL(/\/fr\/career-form\?role=devops-engineer$/);
  const form = page.getByRole('form', { name: 'Candidature' });
  await expect(form.getByLabel('Poste visé (facultatif)', { exact: true })).toHaveValue('Ingénieur DevOps F/H');
  await expect(form.getByLabel('Poste ou domaine', { exact: true })).toHaveValue('DevOps');
});

test('the Worker words the career and partner forms’ errors in the page’s language', async ({ request }) => {
  const career = await request.post('/api/forms/career', { data: { name: 'A' }, headers: { 'X-Language': 'fr' } });
  expect(career.status()).toBe(422);
  expect(((await career.json()) as { fields: Record<string, string> }).fields).toMatchObject({
    name: 'Veuillez écrire au moins 2 caractères.',
    area: 'Veuillez choisir un poste ou un domaine.',
    coverLetter: 'Veuillez rédiger une lettre de motivation.',
  });
  const partner = await request.post('/api/forms/affiliate', { data: {}, headers: { 'X-Language': 'fr' } });
  expect(partner.status()).toBe(422);
  expect(((await partner.json()) as { fields: Record<string, string> }).fields).toMatchObject({
    company: 'Veuillez saisir votre site web ou le nom de votre entreprise.',
    referralPlan: 'Veuillez expliquer comment vous comptez nous recommander des clients.',
  });
  const english = await request.post('/api/forms/affiliate', { data: {} });
  expect(((await english.json()) as { fields: Record<string, string> }).fields).toMatchObject({ company: 'Please enter your website or company.' });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const [path, heading] of [
    ['/fr/career', 'Concevoir des logiciels pour le monde entier, depuis le Ghana'],
    ['/fr/affiliate', 'Recommandez Volta Labs à vos clients et touchez 40\u00a0% de commission'],
    ['/fr/agreement', 'Contrat de prestation de services'],
  ] as const) {
    test(`${path} is axe clean`, async ({ page, axe }) => {
      await gotoHydrated(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await axe();
    });
  }

  for (const [path, name, submit] of [
    ['/fr/career-form', 'Candidature', 'Envoyer ma candidature'],
    ['/fr/affiliate-form', 'Candidature partenaire', 'Envoyer ma candidature'],
  ] as const) {
    test(`${path} is axe clean, with its French errors shown`, async ({ page, axe }) => {
      await gotoHydrated(page, path);
      await axe();
      await page.getByRole('form', { name }).getByRole('button', { name: submit }).click();
      await expect(page.getByRole('alert')).toContainText('Veuillez corriger 6 champs avant l’envoi\u202f:');
      await axe();
    });
  }
});
