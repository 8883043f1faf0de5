import type { Browser } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures.ts';
import { siteURL } from './servers.ts';

// Times in the visitor's own zone next to Accra's (shared/accraTime.ts, issue 29 §3): the booking page's team
// hours, the booking request's preferred window, and the chat's booking answer. A New York visitor on a fixed
// day in winter (UTC-5), and a preferred window on both sides of New York's next daylight-saving change
// (Sunday 14 March 2027: UTC-5 before, UTC-4 after). The success page and the acknowledgement are covered by
// promise.spec.ts and tests/unit/reply-by.test.ts.

const NOW = new Date('2026-11-27T15:00:00Z');

async function visitor(browser: Browser, timezoneId: string) {
  const context = await browser.newContext({ baseURL: siteURL, timezoneId, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.clock.setFixedTime(NOW);
  return { context, page };
}

test('the booking page tells a New York visitor the team\'s hours and their window in both zones, across daylight saving', async ({ browser }) => {
  const { context, page } = await visitor(browser, 'America/New_York');
  try {
    await gotoHydrated(page, '/booking');
    await expect(page.getByText('We take calls Monday to Friday, 09:00–18:00 in Accra (GMT), which is 04:00–13:00 your time.', { exact: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Booking request' });
    await expect(form.getByLabel('Your time zone')).toHaveValue('America/New_York');
    await form.getByLabel('Preferred date').fill('2027-03-12');
    await form.getByLabel('Preferred time').selectOption('Morning (09:00-12:00)');
    const note = page.getByTestId('booking-accra-time');
    await expect(note).toHaveText('Morning (09:00-12:00) on 2027-03-12, your time (America/New_York), is 14:00–17:00 in Accra (GMT).');
    await form.getByLabel('Preferred date').fill('2027-03-15');
    await expect(note).toHaveText('Morning (09:00-12:00) on 2027-03-15, your time (America/New_York), is 13:00–16:00 in Accra (GMT).');
    // A zone typed by hand counts too.
    await form.getByLabel('Your time zone').fill('Europe/Berlin');
    await expect(note).toHaveText('Morning (09:00-12:00) on 2027-03-15, your time (Europe/Berlin), is 08:00–11:00 in Accra (GMT).');
  } finally {
    await context.close();
  }
});

test('a visitor on Accra\'s clock is told Accra time once; the chat\'s booking answer tells the hours in the visitor\'s zone', async ({ browser }) => {
  const accra = await visitor(browser, 'Africa/Accra');
  try {
    await gotoHydrated(accra.page, '/booking');
    await expect(accra.page.getByText('We take calls Monday to Friday, 09:00–18:00 in Accra (GMT).', { exact: true })).toBeVisible();
  } finally {
    await accra.context.close();
  }
  const ny = await visitor(browser, 'America/New_York');
  try {
    await gotoHydrated(ny.page, '/');
    await ny.page.getByRole('button', { name: 'Open chat' }).click({ timeout: 10_000 });
    const panel = ny.page.getByRole('dialog', { name: 'Volta Assistant' });
    await panel.getByRole('button', { name: 'Book a consultation', exact: true }).click();
    const card = panel.locator('[data-part="booking"]');
    await expect(card).toContainText('Our team takes calls Monday to Friday, 09:00–18:00 in Accra (GMT), which is 04:00–13:00 your time.');
  } finally {
    await ny.context.close();
  }
});
