import { test, expect, gotoHydrated } from './fixtures.ts';

// The French contact form end to end: French field errors and summary in the browser, the Worker's own
// answer in French for a French page (X-Language), the French success page with its reply promise, and axe
// at 390 px.

test('the French contact form shows French errors, then sends and lands on the French success page', async ({ page }) => {
  await gotoHydrated(page, '/fr/contact');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await form.getByLabel('Nom complet', { exact: true }).fill('A');
  await form.getByLabel('Adresse e-mail', { exact: true }).fill('pas-une-adresse');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();

  const summary = page.getByRole('alert');
  await expect(summary).toContainText('Veuillez corriger 6 champs avant l’envoi\u202f:');
  await expect(summary.getByRole('link', { name: 'Service qui vous intéresse' })).toBeVisible();
  await expect(form.getByText('Veuillez écrire au moins 2 caractères.', { exact: true })).toBeVisible();
  await expect(form.getByText('Veuillez saisir une adresse e-mail valide, comme nom@exemple.com.', { exact: true })).toBeVisible();
  await expect(form.getByText('Veuillez choisir un service.', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Nom complet', { exact: true })).toBeFocused();

  await form.getByLabel('Nom complet', { exact: true }).fill('Amélie Dupont');
  await form.getByLabel('Adresse e-mail', { exact: true }).fill(`amelie-${Date.now().toString(36)}@example.com`);
  // The choices read in French; the value sent stays the one the team reads.
  await form.getByLabel('Service qui vous intéresse', { exact: true }).selectOption({ label: 'Application mobile' });
  await form.getByLabel('Budget', { exact: true }).selectOption({ label: 'Je ne sais pas encore' });
  await form.getByLabel('Délai', { exact: true }).selectOption({ label: 'Dès que possible' });
  await form.getByLabel('Votre message', { exact: true }).fill('Nous voulons une application de réservation pour notre boulangerie.');
  await expect(page.getByRole('alert')).toHaveCount(0);

  const posted = page.waitForRequest((r) => r.url().endsWith('/api/forms/contact') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  const request = await posted;
  expect(request.headers()['x-language']).toBe('fr');
  expect(request.postDataJSON()).toMatchObject({ service: 'Mobile App', budget: 'Not sure yet', timeline: 'ASAP' });
  expect((await request.response())?.status()).toBe(202);

  await expect(page).toHaveURL(/\/fr\/success$/);
  await expect(page.locator('h1')).toHaveText('Merci\u202f! Votre message est en route');
  await expect(page.getByText(/^Nous vous répondrons d’ici \S+ \d{2}:\d{2}/)).toBeVisible();
});

test('the Worker words field errors in the page’s language, English by default', async ({ request }) => {
  const french = await request.post('/api/forms/contact', { data: { name: 'A' }, headers: { 'X-Language': 'fr' } });
  expect(french.status()).toBe(422);
  const body = (await french.json()) as { message: string; fields: Record<string, string> };
  expect(body.fields).toMatchObject({ name: 'Veuillez écrire au moins 2 caractères.', email: 'Veuillez saisir votre adresse e-mail.' });
  expect(body.message).toMatch(/champs demandent votre attention\.$/);

  const english = await request.post('/api/forms/contact', { data: { name: 'A' } });
  expect(((await english.json()) as { fields: Record<string, string> }).fields).toMatchObject({ name: 'Please write at least 2 characters.', email: 'Please enter your email address.' });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('/fr/contact is axe clean, with its errors shown', async ({ page, axe }) => {
    await gotoHydrated(page, '/fr/contact');
    await axe();
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await axe();
  });
});

test.describe('the French booking page at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Europe/Paris' });

  test('is axe clean and tells the chosen window in Accra time, in French', async ({ page, axe }) => {
    await gotoHydrated(page, '/fr/booking');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réservez une consultation gratuite de 30 minutes');
    await expect(page.getByText(/^Nous prenons les appels du lundi au vendredi, de 09:00 à 18:00 à Accra \(GMT\), soit de 10:00 à 19:00 chez vous\.$/)).toBeVisible();
    const form = page.getByRole('form', { name: 'Demande de rendez-vous' });
    await expect(form).toBeVisible();
    await axe();
    await form.getByLabel('Date souhaitée', { exact: true }).fill('2027-01-05');
    await form.getByLabel('Heure souhaitée', { exact: true }).selectOption({ label: 'Matin (9\u00a0h – 12\u00a0h)' });
    await expect(page.getByTestId('booking-accra-time')).toHaveText('Matin (9\u00a0h – 12\u00a0h) le mardi 5 janvier 2027, heure locale (Europe/Paris), soit de 08:00 à 11:00 à Accra (GMT).');
    await axe();
  });
});
