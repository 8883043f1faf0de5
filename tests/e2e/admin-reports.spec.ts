
import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { LOCAL_MODERATOR, LOCAL_USER } from '../../scripts/lib/demo-data.ts';
import { expect, signIn, test } from './fixtures.ts';
import { ports } from './servers.ts';

// /admin/reports end to end, on the demo dataset `npm start` seeds (scripts/lib/demo-data.ts): the figures
// come from the Worker, every chart is an image with a name and a table of its numbers beside it.
const site = `http://localhost:${ports.site}`;
test.use({ baseURL: site });


test.describe('admin reports', () => {
  test('an admin reads the last 12 weeks: figures, four named charts and their tables', async ({ page, axe }) => {
    test.slow(); // two axe runs over four charts
    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await expect(page).toHaveURL(`${site}/admin`);
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(`${site}/admin/reports`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

    const total = page.getByText('Leads in 12 weeks').locator('xpath=following-sibling::dd');
    await expect(total).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByText('Median time to first response').locator('xpath=following-sibling::dd')).toHaveText(/\d+(\.\d)? (min|h|days)/);
    await expect(page.getByText('Answered within 24 hours').locator('xpath=following-sibling::dd')).toHaveText(/^\d+ %$/);

    for (const name of [/Leads per week by kind/, /reached each stage/, /by service interest/, /by budget range/]) {
      await expect(page.getByRole('img', { name })).toBeVisible();
    }
    const weekly = page.getByRole('table', { name: 'Leads per week' });
    await expect(weekly.getByRole('row')).toHaveCount(13);
    // The weekly table's rows add up to the total the page states.
    const counts = await weekly.locator('tbody td').allTextContents();
    expect(counts.reduce((n, c) => n + Number(c), 0)).toBe(Number(await total.textContent()));
    await expect(page.getByRole('table', { name: 'Leads per stage' }).getByRole('rowheader')).toHaveText(['Received', 'Answered', 'Qualified', 'Proposal sent', 'Won']);
    // The promise (docs/decisions/0029): first answers per staff member, and the broken promises linked to their leads.
    const responders = page.getByRole('table', { name: /First answers per staff member/ });
    await expect(responders.getByRole('rowheader', { name: 'Local Admin' })).toBeVisible();
    const broken = page.getByRole('table', { name: 'Broken promises, with links to the leads' });
    const firstBroken = broken.getByRole('link').first();
    await expect(firstBroken).toBeVisible();
    const href = await firstBroken.getAttribute('href');
    expect(href).toMatch(/^\/admin\/leads\/demo-\d{5}$/);
    await axe();

    // On a phone: the page opened at 390 px draws its charts at that width; nothing is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    // The session check, the admin chunk and the report all load again: allow a busy machine its time.
    await expect(page.getByRole('img', { name: /Leads per week by kind/ })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await axe();

    // A broken promise's link opens its lead.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('table', { name: 'Broken promises, with links to the leads' }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('a moderator reads the reports too; a plain user is refused', async ({ page, browser, consoleGuard }) => {
    await signIn(page, LOCAL_MODERATOR.email, LOCAL_MODERATOR.password);
    await expect(page).toHaveURL(`${site}/admin`);
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('table', { name: 'Leads per stage' })).toBeVisible();

    consoleGuard.allow(/status of 403/);
    const other = await browser.newPage({ baseURL: site });
    await signIn(other, LOCAL_USER.email, LOCAL_USER.password);
    await expect(other).toHaveURL(`${site}/dashboard`);
    await other.goto('/admin/reports');
    await expect(other.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    await expect(other.getByRole('table')).toHaveCount(0);
    await other.close();
  });
});
