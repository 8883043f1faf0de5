import type { Locator, Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures.ts';
import { offerVoice } from './voiceConfig.ts';

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
  // The booking card's caption is French too, and its link goes to the French booking page.
  const booking = lastBot(panel).locator('[data-part="booking"]');
  await expect(booking).toContainText('Consultation de 30\u00a0minutes. Nous prenons les appels');
  await expect(booking.getByRole('link', { name: 'Réserver une consultation gratuite de 30\u00a0minutes' })).toHaveAttribute('href', '/fr/booking');
  await axe();
});

test('voice input speaks French on a French page: the button, and the refused microphone’s message; axe clean', async ({ page, axe }) => {
  await offerVoice(page);
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  // The relay, played here: the socket names the page's language (the server words its refusals in it).
  const opened: string[] = [];
  await page.routeWebSocket(/\/api\/voice(\?.*)?$/, (ws) => {
    opened.push(ws.url());
    ws.send(JSON.stringify({ type: 'ready' }));
  });
  await gotoHydrated(page, '/fr');
  await launcher(page).click({ timeout: 10_000 });
  const panel = panelOf(page);
  await panel.getByRole('button', { name: 'Démarrer la saisie vocale' }).click();
  await expect(lastBot(panel)).toContainText('Impossible de démarrer la saisie vocale. Vérifiez les autorisations du micro.');
  await expect.poll(() => opened.map((url) => new URL(url).search)).toEqual(['?language=fr']);
  await axe();
});

test('asking for a person in French: the hand-off’s messages are French, whether staff are online or not', async ({ page }) => {
  test.setTimeout(60_000);
  await gotoHydrated(page, '/fr');
  await launcher(page).click({ timeout: 10_000 });
  const panel = panelOf(page);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/chat/live') && r.request().method() === 'POST');
  await chip(panel, 'Parler à une personne').click();
  const answer = await asked;
  expect(answer.request().postDataJSON()).toMatchObject({ language: 'fr' });
  const { status } = (await answer.json()) as { status: string };
  if (status === 'live') {
    // Someone's admin page is open (another test): the room says it, in the conversation's French.
    await expect(logOf(panel)).toContainText('Nous vous mettons en relation avec une personne de notre équipe.');
    return;
  }
  expect(status).toBe('need_email');
  await expect(lastBot(panel)).toContainText('Personne de notre équipe n’est en ligne pour le moment. Laissez-nous votre adresse e-mail et l’équipe vous répondra sous 24 heures.');
  await say(panel, `awa-${Date.now().toString(36)}@example.com`);
  await expect(lastBot(panel)).toContainText(`Merci${NNBSP}! L’équipe a bien reçu votre message et vous répondra sous 24 heures.`);
});
