import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { expect, signIn, test } from './fixtures.ts';
import { ports } from './servers.ts';

// The admin area opened at a deep address (docs/decisions/0033, "Vite's preload helper"). The admin area is a lazy
// part of the account area; if its code arrived after hydration began, its Suspense boundary stayed dehydrated,
// and the session's state change (a transition) reaching that boundary could leave React with the transition
// suspended and nothing scheduled to retry it: "Checking your session" forever. The app therefore fetches the
// admin area's code before hydrating (web/startApp.tsx), so nothing in the main region is left dehydrated.
const site = `http://localhost:${ports.site}`;
test.use({ baseURL: site });

test('a deep admin address hydrates the whole main region, even when the admin code arrives late', async ({ page }) => {
  await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
  await expect(page).toHaveURL(`${site}/admin`);
  // The admin area's chunk is slow: the session is read long before it arrives.
  await page.route(/\/assets\/AdminPage-[^/]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/admin/notifications');
  // When the main region reports itself hydrated, every element in it is React's (none left as server HTML
  // in a dehydrated boundary).
  await page.waitForFunction(() => (document.documentElement.dataset.ready ?? '').split(' ').includes('main'), undefined, { timeout: 15_000 });
  const dehydrated = await page.evaluate(() => [...document.querySelectorAll('main *')]
    .filter((el) => !Object.keys(el).some((k) => k.startsWith('__reactFiber')))
    .map((el) => el.outerHTML.slice(0, 120)));
  expect(dehydrated).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible({ timeout: 15_000 });
});
