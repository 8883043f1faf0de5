import { randomBytes } from 'node:crypto';
import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { successPage } from '../../shared/content/pages.ts';
import { expect, sendContactForm, signIn, test } from './fixtures.ts';
import { ports } from './servers.ts';

// The 24-hour promise in the browser (docs/decisions/0029): the visitor is told by when in their own zone and
// Accra's; the prerendered success page without JavaScript keeps the plain promise; on the lead page a
// status change alone leaves the clock running, and recording how they answered stops it.

const site = `http://localhost:${ports.site}`;
test.use({ baseURL: site });
const tag = () => `Pr${randomBytes(4).toString('hex')}`;

const sendContact = (page: import('@playwright/test').Page, name: string) =>
  sendContactForm(page, { name, email: `${name.toLowerCase().replace(' ', '-')}@example.com`, service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: 'We need an online shop for our bakery.' });

test.describe('the reply promise', () => {
  test.setTimeout(120_000);

  test('the success page says by when in the visitor\'s zone and in Accra; without JavaScript it keeps the plain promise', async ({ browser }) => {
    const tokyo = await browser.newContext({ baseURL: site, timezoneId: 'Asia/Tokyo' });
    try {
      const page = await tokyo.newPage();
      await sendContact(page, `Tokyo ${tag()}`);
      await expect(page.getByText(/^We’ll reply by \w+day \d\d:\d\d your time \((\w+day )?\d\d:\d\d in Accra\)\.$/)).toBeVisible();
    } finally {
      await tokyo.close();
    }
    const accra = await browser.newContext({ baseURL: site, timezoneId: 'Africa/Accra' });
    try {
      const page = await accra.newPage();
      await sendContact(page, `Accra ${tag()}`);
      await expect(page.getByText(/^We’ll reply by \w+day \d\d:\d\d, Accra time\.$/)).toBeVisible();
    } finally {
      await accra.close();
    }
    const noScript = await browser.newContext({ baseURL: site, javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto('/success');
      await expect(page.getByText(successPage.reply, { exact: true })).toBeVisible();
    } finally {
      await noScript.close();
    }
  });

  test('on the lead page: Contacted alone keeps the clock running; how they answered stops it, shown with when and by whom', async ({ page, browser }) => {
    const name = `Clock ${tag()}`;
    const visitor = await browser.newContext({ baseURL: site });
    try {
      await sendContact(await visitor.newPage(), name);
    } finally {
      await visitor.close();
    }
    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await expect(page).toHaveURL(`${site}/admin`);
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(name.split(' ')[1]!);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('table').getByRole('link', { name })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('table').getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    const clock = page.getByTestId('promise-clock');
    await expect(clock).toContainText('Reply clock running');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('contacted');
    await expect(page.getByText('Status set to Contacted. The reply clock keeps running until you record how you answered.')).toBeVisible();
    await expect(clock).toContainText('nobody recorded an answer yet');
    await expect(page.getByText(/\d+ h \d+ min left/).first()).toBeVisible();

    await clock.getByRole('combobox', { name: 'How did you answer?' }).selectOption('phoned');
    await clock.getByRole('button', { name: 'Mark Contacted' }).click();
    await expect(page.getByText('Answer recorded (Phoned): the reply clock stopped.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('promise-clock')).toHaveText(/^Answered .+ by Local Admin \(Phoned\)\.$/);
  });
});
