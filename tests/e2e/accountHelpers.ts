import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LOCAL_APPWRITE_PROJECT } from '../../scripts/lib/emulators.ts';
import { expect } from './fixtures.ts';
import { ports } from './servers.ts';

// What the account specs share (tests/e2e/accounts.spec.ts, french-account.spec.ts): the site and the Appwrite
// stand-in's addresses, accounts made through its REST API, and its mailbox.
// The site is opened as http://localhost here, the host of the stand-in: the session cookie is then
// first-party, as with a custom Appwrite domain in production (OAuth returns rely on it).
export const site = `http://localhost:${ports.site}`;
export const appwrite = `http://localhost:${ports.appwrite}/v1`;

export const PASSWORD = 'correct-horse-battery';
export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;

export interface Mail { to: string; subject: string; text: string; links: string[]; kind: 'email' | 'sms' }

/** The newest message to `to` that matches, waiting for it to arrive. */
export async function mailTo(to: string, match: (m: Mail) => boolean = () => true): Promise<Mail> {
  let found: Mail | undefined;
  await expect.poll(async () => {
    const res = await fetch(`${appwrite}/__mailbox?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as Mail[];
    found = mails.find((m) => m.to === to && match(m));
    return !!found;
  }, { message: `a message to ${to}`, timeout: 10_000 }).toBe(true);
  return found!;
}

/** An account made directly through Appwrite's REST API (what the sign-up page does, without the page). */
export async function createAccount(email: string, password = PASSWORD, name = 'Test Visitor') {
  const res = await fetch(`${appwrite}/account`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Appwrite-Project': LOCAL_APPWRITE_PROJECT },
    body: JSON.stringify({ userId: 'unique()', email, password, name }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

export const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
export const header = (page: Page) => page.locator('header[data-page-region="header"]');

