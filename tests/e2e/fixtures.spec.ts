import { test, expect, gotoHydrated } from './fixtures.ts';

// The guards of fixtures.ts must bite: each of these tests breaks one rule and is expected to fail.
// Should a guard stop working, its test passes unexpectedly and the run fails.

test.describe('the fixtures fail a test that breaks the rules', () => {
  test('a console error fails the test', async ({ page }) => {
    test.fail();
    await gotoHydrated(page, '/faq');
    await page.evaluate(() => console.error('deliberate console error'));
  });

  test('an uncaught page error fails the test', async ({ page }) => {
    test.fail();
    await gotoHydrated(page, '/faq');
    await page.evaluate(() => setTimeout(() => { throw new Error('deliberate uncaught error'); }, 0));
    await page.waitForTimeout(100);
  });

  test('a request to another host fails the test', async ({ page }) => {
    test.fail();
    await gotoHydrated(page, '/faq');
    // From a blank page: the site's Content-Security-Policy would refuse the request before the network.
    await page.goto('about:blank');
    await page.evaluate(() => fetch('https://example.com/beacon').catch(() => undefined));
  });

  test('an accessibility violation fails axe()', async ({ page, axe }) => {
    test.fail();
    await gotoHydrated(page, '/faq');
    await page.evaluate(() => {
      const b = document.createElement('button');
      document.querySelector('main')!.append(b);
    });
    await axe();
  });
});

test('an allowed console error does not fail the test', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/^console\.error: expected by this test$/);
  await gotoHydrated(page, '/faq');
  await page.evaluate(() => console.error('expected by this test'));
  await expect.poll(() => consoleGuard.errors.length).toBe(1);
});

test('a request to another host is aborted before it leaves the browser', async ({ page, consoleGuard }) => {
  consoleGuard.allowBlocked(/^GET https:\/\/example\.com\/beacon$/);
  consoleGuard.allow(/Failed to load resource/);
  await page.goto('about:blank');
  const outcome = await page.evaluate(() => fetch('https://example.com/beacon').then(() => 'loaded', () => 'failed'));
  expect(outcome).toBe('failed');
  expect(consoleGuard.blocked).toEqual(['GET https://example.com/beacon']);
});

test('a request the test answers itself is not blocked', async ({ page, consoleGuard }) => {
  await page.route('https://example.com/**', (route) => route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*' } }));
  await gotoHydrated(page, '/faq');
  // The site's Content-Security-Policy refuses other hosts, so the attempt is made from a blank page.
  await page.goto('about:blank');
  const status = await page.evaluate(() => fetch('https://example.com/ok').then((r) => r.status));
  expect(status).toBe(204);
  expect(consoleGuard.blocked).toEqual([]);
});
