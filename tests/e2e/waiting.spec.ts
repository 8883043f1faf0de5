import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { liveMessages } from '../../shared/chat/live.ts';
import { expect, gotoHydrated, openChatPanel, sayInChat, signIn, test } from './fixtures.ts';
import { ports } from './servers.ts';

// A visitor waiting for a person is never missed (issue 26 §1, browser step 5; docs/decisions/0030), with
// two browser contexts: a visitor talks to the assistant, then presses **Talk to a person** (always there,
// not only among the first chips); the staff member's open inbox and reports page show the waiting alert
// without a reload (who, first words, a ticking wait), the tab title says so, a polite live region
// announces it; **Join conversation** (from the keyboard) lands on the conversation already joined, the
// visitor sees the staff member, and the alert goes from the other page. Axe-clean with the alert, and at 390 px.

const site = `http://localhost:${ports.site}`;
test.use({ baseURL: site });
const STAFF_FIRST_NAME = LOCAL_ADMIN.name.split(' ')[0]!;
const MARK = /\(\d+\) Visitors? waiting · /;



/** The alert's entry for one visitor, found by their first words. */
const alertEntry = (page: Page, words: string) => page.getByRole('region', { name: /waiting for a person/ }).getByRole('listitem').filter({ hasText: words });

test('a visitor who asks for a person after a few messages is announced on every open admin page, and Join conversation joins', async ({ browser, page, axe }) => {
  test.setTimeout(120_000);
  const t = `Wait${randomBytes(3).toString('hex')}`;
  const firstWords = `Hello from ${t}, what do you build?`;

  // Staff: the inbox open (which says someone is online), and the reports in a second tab.
  await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const reports = await page.context().newPage();
  await reports.setViewportSize({ width: 390, height: 844 });
  await reports.goto(`${site}/admin/reports`);
  await expect(reports.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // The chime is off until turned on, and then remembered.
  const inboxTitle = await page.title();

  const visitorContext = await browser.newContext({ baseURL: site });
  try {
    const v = await visitorContext.newPage();
    await gotoHydrated(v, '/');
    const panel = await openChatPanel(v);
    const talk = panel.getByRole('button', { name: 'Talk to a person', exact: true });
    await expect(talk).toBeVisible();
    await sayInChat(panel, firstWords);
    await sayInChat(panel, 'We also need a shop.');
    // After the replies, whatever their chips, the button is still there (and not a chip as well).
    await expect(talk).toHaveCount(1);
    await expect(talk).toBeVisible();
    await expect(panel.getByRole('group', { name: 'Suggestions' }).getByRole('button', { name: 'Talk to a person' })).toHaveCount(0);
    await talk.click();
    await expect(panel.getByText(liveMessages.joining)).toBeVisible({ timeout: 10_000 });
    await expect(talk).toHaveCount(0);

    // Both admin pages show it at once, without a reload: who, the first words, a wait that ticks.
    const entry = alertEntry(page, firstWords);
    await expect(entry).toBeVisible({ timeout: 15_000 });
    await expect(entry).toContainText('A visitor');
    const waited = entry.locator('[data-waited]');
    const first = await waited.textContent();
    await expect(waited).not.toHaveText(first ?? '', { timeout: 5_000 });
    await expect(alertEntry(reports, firstWords)).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveTitle(MARK);
    await expect(reports).toHaveTitle(MARK);
    await expect(page.locator('[data-waiting-announcement]')).toHaveAttribute('role', 'status');
    await expect(page.locator('[data-waiting-announcement]')).toContainText(`A visitor is waiting for a person: ${firstWords}`);

    // The opt-in sound: off by default, on when pressed, remembered after a reload.
    const sound = reports.getByRole('button', { name: 'Sound', exact: true });
    await expect(sound).toHaveAttribute('aria-pressed', 'false');
    await sound.click();
    await expect(sound).toHaveAttribute('aria-pressed', 'true');
    await reports.reload();
    await expect(reports.getByRole('button', { name: 'Sound', exact: true })).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
    // At 390 px the alert fits, its Join button in view.
    const narrowJoin = alertEntry(reports, firstWords).getByRole('button', { name: 'Join conversation' });
    await expect(narrowJoin).toBeInViewport();
    expect(await reports.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await axe();

    // Join conversation, from the keyboard: the lead opens with the conversation already joined.
    const join = entry.getByRole('button', { name: 'Join conversation' });
    await join.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/leads\//);
    const live = page.getByRole('region', { name: 'Live chat' });
    await expect(live.getByRole('status')).toHaveText(`In progress with ${STAFF_FIRST_NAME}.`, { timeout: 15_000 });
    // Focus is where the staff member writes, not lost with the alert's button.
    await expect(page.getByRole('textbox', { name: 'Message to the visitor' })).toBeFocused();
    await expect(page.getByRole('list', { name: 'Live conversation' })).toContainText(firstWords);
    await expect(panel.getByRole('status').filter({ hasText: `Chatting with ${STAFF_FIRST_NAME}` })).toBeVisible();
    await expect(panel.getByText(liveMessages.joined(STAFF_FIRST_NAME))).toBeVisible();
    // The chat is no longer in any alert.
    await expect(alertEntry(page, firstWords)).toHaveCount(0);
    // On the other page too, from the inbox item's realtime event (the room writes the state ~3 s after).
    await expect(alertEntry(reports, firstWords)).toHaveCount(0, { timeout: 12_000 });
    await page.getByRole('textbox', { name: 'Message to the visitor' }).fill(`Hi, ${STAFF_FIRST_NAME} here.`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByText(`Hi, ${STAFF_FIRST_NAME} here.`)).toBeVisible();
    await page.getByRole('button', { name: 'End conversation' }).click();
    await expect(panel.getByRole('button', { name: 'Talk to a person', exact: true })).toBeVisible();
    // With nobody else waiting, the titles are themselves again.
    if (!(await reports.locator('[data-waiting]').count())) await expect(reports).not.toHaveTitle(MARK);
    expect(inboxTitle).not.toMatch(MARK);
  } finally {
    await visitorContext.close();
  }
});
