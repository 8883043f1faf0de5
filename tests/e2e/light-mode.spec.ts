import type { Page } from '@playwright/test';
import { portfolioCards } from '../../shared/content/portfolioCards.ts';
import { test, expect, gotoHydrated, waitForHydration } from './fixtures.ts';

// Light mode (docs/decisions/0033-light-mode-and-data-budget.md): Save-Data: on or the Light mode toggle
// serves the light variant of every page.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const project = portfolioCards[0]!;
const toggle = (page: Page) => page.getByRole('switch', { name: 'Light mode' });

/** Every URL the page requests from now on. */
function requests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => void urls.push(new URL(r.url()).pathname));
  return urls;
}
const fonts = (urls: string[]) => urls.filter((u) => u.endsWith('.woff2'));
const chatCode = (urls: string[]) => urls.filter((u) => /\/assets\/ChatPanel-[^/]+\.js$/.test(u));

test('the Light mode toggle turns it on, and the choice is remembered across a reload', async ({ page, axe }) => {
  await gotoHydrated(page, '/');
  await expect(page.locator('html')).not.toHaveAttribute('data-light');
  await toggle(page).focus();
  await page.keyboard.press('Space');
  await expect(toggle(page)).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-light', '');

  const urls = requests(page);
  const reloaded = await page.reload();
  // The server sends the light variant (the cookie), before any script runs.
  expect(await reloaded!.text()).toMatch(/<html[^>]* data-light/);
  expect(reloaded!.headers().vary).toContain('Save-Data');
  await expect(toggle(page)).toBeChecked();
  await page.waitForTimeout(1000);
  expect(fonts(urls)).toEqual([]);
  await axe();

  // And off again.
  await page.locator('h1').click();
  await waitForHydration(page);
  await toggle(page).click();
  await expect(toggle(page)).not.toBeChecked();
  const normal = await page.reload();
  expect(await normal!.text()).not.toMatch(/<html[^>]* data-light/);
});

test('Save-Data: on gets the light page: no web font, no illustration, no chat code until the chat opens, which works', async ({ page, axe }) => {
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  const urls = requests(page);
  const res = await page.goto(`/portfolio/${project.slug}`);
  expect(res!.status()).toBe(200);
  expect(res!.headers().vary).toMatch(/Save-Data/);
  await expect(page.locator('html')).toHaveAttribute('data-light', '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.title);
  await page.waitForTimeout(1500);
  expect(fonts(urls)).toEqual([]);
  expect(urls.filter((u) => u.startsWith('/images/'))).toEqual([]);
  await expect(page.locator('img[data-decorative]')).toHaveCount(0);
  // The app waits for the visitor; the chat's code waits for the chat to open.
  expect(chatCode(urls)).toEqual([]);
  await axe();

  await page.locator('h1').click();
  await waitForHydration(page);
  const launcher = page.getByRole('button', { name: 'Open chat' });
  await expect(launcher).toBeVisible();
  await launcher.hover();
  await page.waitForTimeout(500);
  expect(chatCode(urls)).toEqual([]);
  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'Volta Assistant' });
  await expect(panel).toBeVisible();
  expect(chatCode(urls)).toHaveLength(1);
  await panel.getByLabel('Type your message').fill('Hello');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  // The answer follows the visitor's message (the local assistant: no Gemini key in the tests).
  await expect(panel.getByRole('log')).toContainText(/You: Hello[\s\S]*Volta Assistant: \S/, { timeout: 15_000 });
  expect(fonts(urls)).toEqual([]);
  await axe();
});

test('without Save-Data or the toggle the page is the full one, and the chat code still waits for the visitor', async ({ page }) => {
  const urls = requests(page);
  const res = await gotoHydrated(page, `/portfolio/${project.slug}`);
  expect(res.headers().vary).toMatch(/Save-Data/);
  await expect(page.locator('html')).not.toHaveAttribute('data-light');
  await expect(page.locator('img[data-decorative]').first()).toBeVisible();
  expect(fonts(urls)).toHaveLength(1);
  await page.waitForTimeout(1500);
  expect(chatCode(urls)).toEqual([]);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.getByRole('dialog', { name: 'Volta Assistant' })).toBeVisible();
  expect(chatCode(urls)).toHaveLength(1);
});
