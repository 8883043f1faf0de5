import type { BrowserContext, Locator, Page } from '@playwright/test';
import { LOCAL_API_KEY } from '../../scripts/lib/appwrite-seed.ts';
import { LOCAL_APPWRITE_PROJECT } from '../../scripts/lib/emulators.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { referenceIn } from '../../shared/whatsapp/reference.ts';
import { expect, gotoHydrated, navigateClientSide, openChatPanel, sayInChat, test } from './fixtures.ts';
import { configuredSiteURL, ports } from './servers.ts';

// The ways from the site to WhatsApp (issue 28 §1, web/whatsapp/, POST /api/whatsapp/ref): "Chat on WhatsApp"
// in the footer, on /contact and in the chat panel, "Continue on WhatsApp" once a conversation exists. The
// browser never leaves: requests to wa.me are recorded and aborted. The site under test has WHATSAPP_NUMBER of
// .dev.vars.example; the second server (servers.ts configuredVars) has none.

const NUMBER = '233302000111';
const appwrite = `http://localhost:${ports.appwrite}/v1`;
const CHAT = { name: 'Chat on WhatsApp', exact: true } as const;
const CONTINUE = { name: 'Continue on WhatsApp', exact: true } as const;

/** Appwrite's document, or null while there is none (straight to the site's stand-in, with the server key). */
async function storedDoc(collectionId: string, id: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(`${appwrite}/databases/main/collections/${collectionId}/documents/${id}`, {
    headers: { 'X-Appwrite-Project': LOCAL_APPWRITE_PROJECT, 'X-Appwrite-Key': LOCAL_API_KEY },
  });
  return res.ok ? ((await res.json()) as Record<string, unknown>) : null;
}

/** The wa.me addresses the browser tried to open (aborted: the test never leaves the site). */
async function recordWaMe(context: BrowserContext): Promise<string[]> {
  const opened: string[] = [];
  await context.route(/^https:\/\/wa\.me\//, async (route) => {
    opened.push(route.request().url());
    await route.abort();
  });
  return opened;
}

/** The reference a wa.me link carries, after checking the number and the prefilled message. */
function codeIn(url: string): string {
  const link = new URL(url);
  expect(`${link.origin}${link.pathname}`).toBe(`https://wa.me/${NUMBER}`);
  const text = link.searchParams.get('text') ?? '';
  expect(text).toContain('Ref:');
  const code = referenceIn(text);
  expect(code, text).not.toBeNull();
  return code!;
}

/** A general link: the plain link to the number at first, a reference once the visitor moves to it (keyboard focus). */
async function expectReferenceOnFocus(link: Locator): Promise<string> {
  await expect(link).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${NUMBER}\\?text=Hello`));
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAccessibleDescription('Opens WhatsApp in a new tab.');
  await link.focus();
  // The first one loads the code that asks (after the page), then the server stores the code.
  await expect(link).toHaveAttribute('href', /Ref%3A%20[A-Z2-9]{6}/, { timeout: 15_000 });
  const code = codeIn((await link.getAttribute('href'))!);
  expect(await storedDoc(COLLECTIONS.waRefs, code)).toMatchObject({ conversationRef: null, leadId: null });
  return code;
}

const footerLink = (page: Page) => page.getByRole('contentinfo').getByRole('link', CHAT);

test('the footer, /contact and the chat panel link to WhatsApp with a short reference', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  const codes = [
    await expectReferenceOnFocus(footerLink(page)),
    await expectReferenceOnFocus(page.getByRole('complementary').getByRole('link', CHAT)),
  ];
  const panel = await openChatPanel(page);
  const inPanel = panel.getByRole('link', CHAT);
  codes.push(await expectReferenceOnFocus(inPanel));
  await expect(panel.getByRole('link', CONTINUE)).toHaveCount(0);
  expect(new Set(codes).size).toBe(3);
  // On every page, also after a navigation within the app.
  await page.keyboard.press('Escape');
  await navigateClientSide(page, '/about');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Tell us about your project');
  await expect(footerLink(page)).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${NUMBER}\\?`));
});

test("after a chat message, Continue on WhatsApp opens wa.me with a reference that carries that conversation", async ({ page, context, request }) => {
  const opened = await recordWaMe(context);
  await gotoHydrated(page, '/');
  const panel = await openChatPanel(page);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/chat') && r.request().method() === 'POST');
  await sayInChat(panel, 'Hello');
  const { conversationId, conversationKey } = (await (await answered).json()) as { conversationId: string; conversationKey: string };

  const go = panel.getByRole('link', CONTINUE);
  await expect(go).toBeVisible();
  await expect(panel.getByRole('link', CHAT)).toHaveCount(0);
  await expect(go).toHaveAccessibleDescription('Opens WhatsApp in a new tab.');
  const popup = page.waitForEvent('popup');
  await go.click();
  await popup;
  await expect.poll(() => opened.length, { timeout: 15_000 }).toBe(1);
  expect(page.url()).not.toContain('wa.me');
  const url = opened[0]!;
  expect(url).not.toContain(conversationId);
  const ref = await storedDoc(COLLECTIONS.waRefs, codeIn(url));
  expect(ref?.conversationRef).toMatch(/^[0-9a-f]{64}$/);

  // The reference is the one the server records for that conversation: a lead filed from it carries the same.
  const id = uniqueId();
  const lead = await request.post('/api/chat/lead', {
    data: { id, name: 'Ama Mensah', email: 'ama-wa@example.com', phone: '', company: '', serviceInterest: 'Web Development', budgetRange: '', timeline: '', projectSummary: 'A shop', conversationId, conversationKey },
  });
  expect(lead.status()).toBe(202);
  await expect.poll(async () => (await storedDoc(COLLECTIONS.leads, id))?.conversationRef, { timeout: 15_000 }).toBe(ref!.conversationRef);

  // The footer's general link, with the chat open in this tab, carries it too.
  await page.keyboard.press('Escape');
  const footer = footerLink(page);
  await footer.focus();
  await expect(footer).toHaveAttribute('href', /Ref%3A%20[A-Z2-9]{6}/, { timeout: 15_000 });
  const fromFooter = await storedDoc(COLLECTIONS.waRefs, codeIn((await footer.getAttribute('href'))!));
  expect(fromFooter?.conversationRef).toBe(ref!.conversationRef);
});

test('a click before the reference is made still opens wa.me with one', async ({ page, context }) => {
  const opened = await recordWaMe(context);
  await gotoHydrated(page, '/contact');
  const link = page.getByRole('complementary').getByRole('link', CHAT);
  // Answer the first request for a reference slowly: the click comes first and the new tab waits for it.
  await page.route('**/api/whatsapp/ref', async (route) => {
    await new Promise((r) => setTimeout(r, 500));
    await route.continue();
  });
  const popup = page.waitForEvent('popup');
  await link.dispatchEvent('click', { button: 0 });
  await popup;
  await expect.poll(() => opened.length, { timeout: 15_000 }).toBe(1);
  codeIn(opened[0]!);
});

test('at 390 px the links fit, work from the keyboard, and axe finds nothing on /contact and the footer', async ({ page, axe }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, '/contact');
  for (const link of [page.getByRole('complementary').getByRole('link', CHAT), footerLink(page)]) {
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axe();
  await axe({ include: 'footer' });
});

test.describe('a site without WhatsApp', () => {
  test.use({ baseURL: configuredSiteURL });
  test('shows no WhatsApp link anywhere', async ({ page, consoleGuard }) => {
    // That server's analytics and scheduling widget scripts (not under test here).
    const thirdParty = /https:\/\/(www\.googletagmanager\.com|assets\.calendly\.com)\//;
    consoleGuard.allowBlocked(thirdParty);
    consoleGuard.allow(new RegExp(`ERR_BLOCKED_BY_CLIENT.*${thirdParty.source}`));
    await gotoHydrated(page, '/contact');
    await expect(page.getByRole('link', CHAT)).toHaveCount(0);
    const panel = await openChatPanel(page);
    await sayInChat(panel, 'Hello');
    await expect(page.getByRole('link', CHAT)).toHaveCount(0);
    await expect(page.getByRole('link', CONTINUE)).toHaveCount(0);
    expect(await page.content()).not.toContain('wa.me');
  });
});
