import type { Page } from '@playwright/test';
import { test, expect, gotoHydrated, navigateClientSide } from './fixtures.ts';

// The French that only some pages or the chat read comes with them (shared/i18n/frenchParts.ts): the chat's
// with the panel's code, the forms' with a form page. What the visitor sees must not change: the panel opens
// in French at once, and a form page reached by a client-side navigation has its French title and words.

/** Records every script the page fetches that carries a compiled catalog holding `id`. */
function catalogRequests(page: Page, id: string): string[] {
  const found: string[] = [];
  page.on('response', (r) => {
    if (!r.url().endsWith('.js')) return;
    void r.text().then((body) => body.includes(`"${id}":`) && found.push(r.url()), () => {});
  });
  return found;
}

test("the chat's French comes with the panel, and the panel's first paint is French", async ({ page }) => {
  const chat = catalogRequests(page, 'chat.ui.send');
  await gotoHydrated(page, '/fr');
  // Nothing of the chat's French with the page (give late requests a moment).
  await page.waitForTimeout(500);
  expect(chat).toEqual([]);

  // The panel's text the first time it is in the document (before any paint), names included.
  await page.evaluate(() => {
    const w = window as unknown as { firstPanel?: string };
    new MutationObserver((_, observer) => {
      const panel = document.getElementById('chat-panel');
      if (!panel || panel.hidden) return;
      const names = [...panel.querySelectorAll('[placeholder], [aria-label]')].map((e) => e.getAttribute('placeholder') ?? e.getAttribute('aria-label'));
      w.firstPanel = `${panel.textContent} | ${names.join(' | ')}`;
      observer.disconnect();
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Ouvrir la discussion' }).click({ timeout: 10_000 });
  await expect(page.getByRole('dialog', { name: 'Volta Assistant' })).toBeVisible();
  const first = await page.evaluate(() => (window as unknown as { firstPanel?: string }).firstPanel);
  expect(first).toContain('Tapez votre message');
  expect(first).toContain('Nos services');
  expect(first).not.toContain('Type your message');
  expect(first).not.toMatch(/\bchat\.[a-z]+\.[a-zA-Z]/);
  await expect.poll(() => chat.length > 0).toBe(true);
});

test("the forms' French comes with a form page, its title and words French after a client-side navigation", async ({ page }) => {
  const forms = catalogRequests(page, 'forms.contact.name.label');
  // Each form's words are a part of their own (shared/i18n/frenchParts.ts): the contact page never fetches the career form's.
  const career = catalogRequests(page, 'forms.career.name.label');
  await gotoHydrated(page, '/fr');
  await page.waitForTimeout(500);
  expect(forms).toEqual([]);

  await navigateClientSide(page, '/fr/contact');
  await expect(page).toHaveTitle(/^Contactez-nous — /);
  await expect(page.getByLabel('Nom complet')).toBeVisible();
  await expect.poll(() => forms.length > 0).toBe(true);
  await page.waitForTimeout(500);
  expect(career).toEqual([]);
});
