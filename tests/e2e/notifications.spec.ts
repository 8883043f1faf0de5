import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { expect, signIn, test } from './fixtures.ts';
import { ports } from './servers.ts';

// The admin area's Notifications section and the service worker (web/public/sw.js) in Chromium: a push is
// delivered to the worker through the DevTools Protocol (ServiceWorker.deliverPushMessage), as a push
// service would, and the notification it shows carries the alert's title, body, tag and link.
// Chromium here cannot subscribe (no push service offline, none in a test's incognito context): the page says so.
const site = `http://localhost:${ports.site}`;
test.use({ baseURL: site });

test.describe('notifications', () => {
  test('the section is reachable, accessible at 390 px, and its button asks for notifications', async ({ page, axe, consoleGuard }) => {
    await page.context().grantPermissions(['notifications'], { origin: site });
    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await expect(page).toHaveURL(`${site}/admin`);
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Notifications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('No device yet: alerts come to you by e-mail.')).toBeVisible();
    const alerts = page.getByRole('group', { name: 'Alert me about' });
    await expect(alerts.getByRole('checkbox', { name: 'A new lead of any kind' })).toBeChecked();
    await expect(alerts.getByRole('checkbox', { name: 'A broken promise (24 h without an answer)' })).toBeChecked();
    await axe();

    // Settings: one kind off, quiet hours on, saved and read back after a reload.
    await alerts.getByRole('checkbox', { name: 'A new lead of any kind' }).uncheck();
    await page.getByRole('checkbox', { name: 'Hold alerts during quiet hours' }).check();
    await page.getByLabel('From', { exact: true }).fill('21:30');
    await page.getByLabel('Until', { exact: true }).fill('06:15');
    await page.getByLabel('Your time zone').selectOption('Europe/London');
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(page.getByText('Your notification settings are saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'A new lead of any kind' })).not.toBeChecked({ timeout: 15_000 });
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('21:30');
    await expect(page.getByLabel('Your time zone')).toHaveValue('Europe/London');

    // The button registers the service worker and asks the push service, which offline Chromium cannot reach.
    consoleGuard.allow(/push service|Registration failed|AbortError|Push API in incognito/i);
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(page.getByRole('alert')).toContainText('could not set up notifications');
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/admin/'))?.active?.scriptURL ?? null)).toBe(`${site}/sw.js`);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await axe();
  });

  test('a push delivered to the service worker shows the alert with its link, kept on the site', async ({ page }) => {
    await page.context().grantPermissions(['notifications'], { origin: site });
    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await expect(page).toHaveURL(`${site}/admin`);
    await page.goto('/admin/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible({ timeout: 15_000 });
    const registrationId = await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/admin/' });
      const reg = await navigator.serviceWorker.ready;
      return reg.scope;
    });
    expect(registrationId).toBe(`${site}/admin/`);

    const cdp = await page.context().newCDPSession(page);
    const versions: { registrationId: string; scopeURL?: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => versions.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => versions.find((r) => r.scopeURL === `${site}/admin/`)?.registrationId ?? null).not.toBeNull();
    const id = versions.find((r) => r.scopeURL === `${site}/admin/`)!.registrationId;
    const alert = { title: 'New lead from Ama Mensah', body: 'An online shop for cassava flour', tag: 'new_lead:e2e1', url: '/admin/leads/e2e-lead-1', kind: 'new_lead' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: site, registrationId: id, data: JSON.stringify(alert) });

    await expect.poll(async () => page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/admin/');
      return (await reg!.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
    }), { timeout: 10_000 }).toEqual([{ title: alert.title, body: alert.body, tag: alert.tag, data: { url: alert.url } }]);

    // A push that tries to send staff elsewhere is kept on the site.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: site, registrationId: id, data: JSON.stringify({ ...alert, tag: 'evil', url: 'https://evil.example/phish' }) });
    await expect.poll(async () => page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/admin/');
      return (await reg!.getNotifications({ tag: 'evil' })).map((n) => n.data);
    })).toEqual([{ url: '/admin' }]);
  });
});
