import type { Locator, Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures.ts';

// The chat on a French page (docs/decisions/0032, "Chat"), against the real Worker with the local assistant
// (no Gemini key in the e2e configuration): French names for every control, the pricing flow's steps in French,
// the estimate in "$ US", and axe clean at 390 px.

const NNBSP = '\u202f';
const launcher = (page: Page) => page.getByRole('button', { name: 'Ouvrir la discussion' });
const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Volta Assistant' });
const logOf = (panel: Locator) => panel.getByRole('log', { name: 'Conversation' });
const chip = (panel: Locator, name: string) => panel.getByRole('button', { name, exact: true });
const lastBot = (panel: Locator) => logOf(panel).locator('[data-type="bot"]').last();

async function say(panel: Locator, text: string) {
  await panel.getByLabel('Tapez votre message').fill(text);
  await panel.getByRole('button', { name: 'Envoyer', exact: true }).click();
}

test('the French chat runs a price estimate in French, ending with the estimate in "$ US"; axe clean at 390 px', async ({ page, axe }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, '/fr');
  await launcher(page).click({ timeout: 10_000 });
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByPlaceholder('Tapez votre message')).toBeVisible();
  for (const name of ['Nos services', 'Voir nos réalisations', 'Obtenir une estimation de prix', 'Réserver une consultation', 'Parler à une personne']) {
    await expect(chip(panel, name)).toBeVisible();
  }
  for (const name of ['Effacer', 'Fermer']) await expect(panel.getByRole('button', { name, exact: true })).toBeVisible();
  await axe();

  await say(panel, 'Combien coûte un site web ?');
  await expect(lastBot(panel)).toContainText(`Avec plaisir, je vais vous préparer une estimation de prix. Tout d’abord, comment vous appelez-vous${NNBSP}?`);
  await say(panel, 'Awa Koné');
  await expect(lastBot(panel)).toContainText(`Merci, Awa Koné${NNBSP}! À quelle adresse e-mail devons-nous envoyer le devis détaillé${NNBSP}?`);
  await say(panel, 'awa.example');
  await expect(lastBot(panel)).toContainText(`Cette adresse e-mail ne semble pas valide. Pourriez-vous indiquer une adresse valide${NNBSP}?`);
  await say(panel, `awa-${Date.now().toString(36)}@example.com`);
  await expect(lastBot(panel)).toContainText(`De quel type de projet s’agit-il${NNBSP}?`);
  await chip(panel, 'Site web').click();
  await expect(lastBot(panel)).toContainText('De quelles fonctionnalités principales avez-vous besoin');
  await say(panel, 'formulaire de contact, blog et galerie');
  await expect(lastBot(panel)).toContainText(`Combien de pages le site comptera-t-il, à peu près${NNBSP}?`);
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/chat/pricing') && r.request().method() === 'POST');
  await chip(panel, 'Je ne sais pas').click();
  const response = await posted;
  expect(response.status()).toBe(202);
  expect(response.request().postDataJSON()).toMatchObject({ language: 'fr', projectType: 'Site web' });
  const estimate = logOf(panel).locator('[data-part="estimate"]');
  await expect(estimate).toContainText(`Estimation${NNBSP}: site d’entreprise`);
  await expect(estimate).toContainText(`4${NNBSP}000\u00a0$\u00a0US – 10${NNBSP}000\u00a0$\u00a0US`);
  await expect(estimate).toContainText('Environ 4 à 8\u00a0semaines');
  await expect(lastBot(panel)).toContainText('sous 24 heures');
  await axe();

  // A free question goes to the assistant, which answers in French (the local assistant without a key).
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/chat') && r.request().method() === 'POST');
  await say(panel, 'Je voudrais prendre rendez-vous');
  expect((await asked).request().postDataJSON()).toMatchObject({ language: 'fr' });
  await expect(lastBot(panel)).toContainText('La première consultation est gratuite');
});
