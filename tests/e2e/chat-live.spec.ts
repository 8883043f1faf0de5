import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { liveMessages } from '../../shared/chat/live.ts';
import { chatMessages } from '../../shared/chat/messages.ts';
import { expect, gotoHydrated, signIn, test } from './fixtures.ts';
import { configuredFormsubmitURL, configuredSiteURL } from './servers.ts';

// "Talk to a person" end to end (docs/decisions/0019), with two browser contexts: the visitor asks for a
// person while an admin has /admin open; the request appears in the inbox as a live chat; the admin joins
// and both sides write and see each other typing; the visitor reloads and stays in the conversation; the
// admin ends it and the transcript is on the lead; the visitor ends one and the admin sees it ended. And the
// path when nobody of the staff is online, with and without an e-mail the lead flow already has.

// Both on the second server, one after the other: its admin area is opened by no other test, so nobody is
// online until the live test opens it, and no other test's inbox sees this file's live chat arrive.
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: configuredSiteURL });
const thirdParty = /https:\/\/(www\.googletagmanager\.com|assets\.calendly\.com)\//;

const STAFF_FIRST_NAME = LOCAL_ADMIN.name.split(' ')[0]!;

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Open chat' }).click({ timeout: 15_000 });
  return page.getByRole('dialog', { name: /assistant/i });
}

test.describe('talk to a person when nobody is online', () => {
  test('asks for an e-mail and promises a reply within 24 hours', async ({ page, axe, consoleGuard }) => {
    // That server is configured with analytics and a scheduling page, which the suite never reaches.
    consoleGuard.allowBlocked(thirdParty);
    consoleGuard.allow(new RegExp(`ERR_BLOCKED_BY_CLIENT.*${thirdParty.source}`));
    await gotoHydrated(page, '/');
    const panel = await openChat(page);
    await panel.getByRole('button', { name: 'Talk to a person' }).click();
    await expect(panel.getByText(`${liveMessages.offline} ${liveMessages.askEmail}`)).toBeVisible({ timeout: 10_000 });
    await panel.getByRole('textbox', { name: 'Type your message' }).fill('not-an-address@');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByText(chatMessages.invalidEmail)).toBeVisible();
    await panel.getByRole('textbox', { name: 'Type your message' }).fill('ama@example.com');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByText(liveMessages.queued)).toBeVisible({ timeout: 10_000 });
    await axe();
  });

  test('with the e-mail already given in the lead flow, files the request without asking again', async ({ page, consoleGuard }) => {
    consoleGuard.allowBlocked(thirdParty);
    consoleGuard.allow(new RegExp(`ERR_BLOCKED_BY_CLIENT.*${thirdParty.source}`));
    const t = randomBytes(3).toString('hex');
    const email = `kofi-${t}@example.com`;
    // What the lead flow keeps once it has collected the visitor's details (web/chat/storage.ts).
    await page.addInitScript((lead) => localStorage.setItem('chatLeadInfo', JSON.stringify(lead)), { name: `Kofi ${t}`, email, phone: '', company: '', collected: true });
    await gotoHydrated(page, '/');
    const panel = await openChat(page);
    await panel.getByRole('button', { name: 'Talk to a person' }).click();
    await expect(panel.getByText(liveMessages.queued)).toBeVisible({ timeout: 10_000 });
    await expect(panel.getByText(liveMessages.askEmail)).toHaveCount(0);
    // Filed: the request reaches the team's e-mail with the stored address.
    await expect.poll(async () => {
      const received = await (await fetch(`${configuredFormsubmitURL}/__received`)).json() as { fields: Record<string, string> }[];
      return received.filter((r) => r.fields.email === email).length;
    }, { timeout: 15_000 }).toBe(1);
  });
});

/** The admin signed in with the inbox open, which tells the Worker that someone is online. */
async function staffInboxOpen(page: Page): Promise<void> {
  await page.goto(configuredSiteURL);
  await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading leads' })).toHaveCount(0);
}

/** The visitor asks for a person in their own words, and is told one is joining. */
async function askForPerson(panel: Locator): Promise<void> {
  await panel.getByRole('textbox', { name: 'Type your message' }).fill('Can I talk to a person?');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText(liveMessages.joining)).toBeVisible({ timeout: 10_000 });
}

test.describe('talk to a person', () => {
  test.setTimeout(120_000);

  test('a visitor reaches the admin live, both ways, through a reload, and the transcript stays on the lead', async ({ page, browser, axe, consoleGuard }) => {
    consoleGuard.allowBlocked(thirdParty);
    consoleGuard.allow(new RegExp(`ERR_BLOCKED_BY_CLIENT.*${thirdParty.source}`));
    const t = `Live${randomBytes(3).toString('hex')}`;
    // Staff: the admin area open (which tells the Worker someone is online).
    await staffInboxOpen(page);

    const visitorContext = await browser.newContext({ baseURL: configuredSiteURL });
    try {
      const v = await visitorContext.newPage();
      await gotoHydrated(v, '/');
      const panel = await openChat(v);
      // The visitor talks to the assistant first, then asks for a person with the chip.
      await panel.getByRole('textbox', { name: 'Type your message' }).fill(`Hello from ${t}, what do you build?`);
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.locator('[data-type="bot"]').first()).toBeVisible({ timeout: 10_000 });
      await askForPerson(panel);
      await expect(panel.getByRole('status').filter({ hasText: 'Waiting for a person' })).toBeVisible();
      // While waiting for a person, the flows and their chips pause.
      await expect(panel.getByRole('group', { name: 'Suggestions' })).toHaveCount(0);

      // The live chat appears in the open inbox at once, and the admin joins it.
      const row = page.getByRole('table').getByRole('row').filter({ hasText: t });
      await expect(row).toContainText('Live chat', { timeout: 20_000 });
      await row.getByRole('link').first().click();
      await page.getByRole('region', { name: 'Live chat' }).getByRole('button', { name: 'Join conversation' }).click();
      const log = page.getByRole('list', { name: 'Live conversation' });
      await expect(log).toContainText(`Hello from ${t}`);
      await expect(panel.getByRole('status').filter({ hasText: `Chatting with ${STAFF_FIRST_NAME}` })).toBeVisible();
      await expect(panel.getByText(liveMessages.joined(STAFF_FIRST_NAME))).toBeVisible();
      await axe();

      // Typing, both ways.
      await panel.getByRole('textbox', { name: 'Type your message' }).pressSequentially('We need a shop');
      await expect(page.getByText('The visitor is typing…')).toBeVisible();
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(log).toContainText('We need a shop');
      await page.getByRole('textbox', { name: 'Message to the visitor' }).pressSequentially('Hi!');
      await expect(panel.locator('[data-typing]')).toContainText(`${STAFF_FIRST_NAME} is typing`);
      // HTML is shown as text on both sides.
      await page.getByRole('textbox', { name: 'Message to the visitor' }).fill('<b>Sure</b>, tell me more');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(panel.getByText('<b>Sure</b>, tell me more')).toBeVisible();
      await expect(panel.locator('[data-from="staff"]').first()).toContainText(STAFF_FIRST_NAME);
      await expect(panel.locator('b')).toHaveCount(0);

      // The visitor reloads: the panel opens again in the same conversation.
      await v.reload();
      const again = v.getByRole('dialog', { name: /assistant/i });
      await expect(again.getByText('<b>Sure</b>, tell me more')).toBeVisible({ timeout: 20_000 });
      await expect(again.getByRole('status').filter({ hasText: `Chatting with ${STAFF_FIRST_NAME}` })).toBeVisible();
      await again.getByRole('textbox', { name: 'Type your message' }).fill('Still here after a reload');
      await again.getByRole('button', { name: 'Send' }).click();
      await expect(log).toContainText('Still here after a reload');

      // The admin ends it; the visitor is back with the assistant.
      await page.getByRole('button', { name: 'End conversation' }).click();
      await expect(again.getByText(liveMessages.endedByStaff(STAFF_FIRST_NAME))).toBeVisible();
      await expect(again.getByRole('button', { name: 'End chat' })).toHaveCount(0);

      // The transcript is on the lead, in its timeline.
      await page.reload();
      const transcript = page.getByRole('list', { name: 'Timeline' });
      await expect(transcript).toContainText('Still here after a reload', { timeout: 20_000 });
      await expect(transcript).toContainText(`${STAFF_FIRST_NAME}: <b>Sure</b>, tell me more`);
      await expect(page.getByText('Ended', { exact: true })).toBeVisible();
      await axe();
    } finally {
      await visitorContext.close();
    }
  });

  test('the visitor ends a live chat: the admin sees it ended', async ({ page, browser, consoleGuard }) => {
    consoleGuard.allowBlocked(thirdParty);
    consoleGuard.allow(new RegExp(`ERR_BLOCKED_BY_CLIENT.*${thirdParty.source}`));
    const t = `Bye${randomBytes(3).toString('hex')}`;
    await staffInboxOpen(page);

    const visitorContext = await browser.newContext({ baseURL: configuredSiteURL });
    try {
      const v = await visitorContext.newPage();
      await gotoHydrated(v, '/');
      const panel = await openChat(v);
      await panel.getByRole('textbox', { name: 'Type your message' }).fill(`Hello from ${t}`);
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.locator('[data-type="bot"]').first()).toBeVisible({ timeout: 10_000 });
      await askForPerson(panel);

      const row = page.getByRole('table').getByRole('row').filter({ hasText: t });
      await expect(row).toContainText('Live chat', { timeout: 20_000 });
      await row.getByRole('link').first().click();
      await page.getByRole('region', { name: 'Live chat' }).getByRole('button', { name: 'Join conversation' }).click();
      const log = page.getByRole('list', { name: 'Live conversation' });
      await expect(log).toContainText(`Hello from ${t}`);
      await expect(panel.getByRole('status').filter({ hasText: `Chatting with ${STAFF_FIRST_NAME}` })).toBeVisible();

      await panel.getByRole('button', { name: 'End chat' }).click();
      await expect(panel.getByRole('button', { name: 'End chat' })).toHaveCount(0);
      // The staff side: said in the conversation, the state is Ended, nothing left to send or end.
      await expect(log).toContainText(liveMessages.endedByVisitor);
      const live = page.getByRole('region', { name: 'Live chat' });
      await expect(live.getByRole('status')).toHaveText('Ended.');
      await expect(page.getByRole('button', { name: 'End conversation' })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: 'Message to the visitor' })).toHaveCount(0);
    } finally {
      await visitorContext.close();
    }
  });
});
