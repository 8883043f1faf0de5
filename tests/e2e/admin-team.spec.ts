import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { LOCAL_ADMIN, LOCAL_API_KEY } from '../../scripts/lib/appwrite-seed.ts';
import { LOCAL_APPWRITE_PROJECT } from '../../scripts/lib/emulators.ts';
import { expect, REALTIME_SOCKET_NOTICE, signIn, test } from './fixtures.ts';
import { formsubmitURL, ports } from './servers.ts';

// The admin area's team side end to end (docs/product.md, "Admin area"): an admin and a moderator in two
// browser contexts. The admin makes the moderator through /admin/users; the moderator posts in a channel, the
// admin sees it without a reload and deletes it, the moderator sees "Message deleted"; the moderator cannot
// change roles (no control, and the API answers 403); the admin describes a channel and the moderator reads
// the description; the deliveries page's empty state. axe on each page at
// 1280 and 390 px. Then parked deliveries: two submissions whose e-mail fails are parked (this server's
// queue parks after one failed attempt, playwright.config.ts); the moderator reads them without controls;
// the admin retries one (delivered this time) and discards the other.
//
// One test after the other: the first expects an empty deliveries page, the second parks submissions.
test.describe.configure({ mode: 'serial' });
//
// Opened as http://localhost (the Appwrite stand-in's host), so the session cookie is first-party, as with a
// custom Appwrite domain in production; realtime authenticates with it.
const site = `http://localhost:${ports.site}`;
const appwrite = `http://localhost:${ports.appwrite}/v1`;
test.use({ baseURL: site });

const PASSWORD = 'correct-horse-battery';
const serverHeaders = { 'X-Appwrite-Project': LOCAL_APPWRITE_PROJECT, 'X-Appwrite-Key': LOCAL_API_KEY, 'Content-Type': 'application/json' };

async function createAccount(email: string, name: string) {
  const res = await fetch(`${appwrite}/account`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Appwrite-Project': LOCAL_APPWRITE_PROJECT },
    body: JSON.stringify({ userId: 'unique()', email, password: PASSWORD, name }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function signInStaff(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(`${site}/admin`);
}

const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name }).click();

/** axe at the desktop width and on a phone. */
async function axeBothWidths(page: Page, axe: () => Promise<void>) {
  await axe();
  await page.setViewportSize({ width: 390, height: 844 });
  await axe();
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The page's own session asks for a JWT and calls the Worker with it, as a hand-made request would. */
function callAsPage(page: Page, path: string, method: string, body: unknown) {
  return page.evaluate(async ({ endpoint, project, path, method, body }) => {
    const headers: Record<string, string> = { 'X-Appwrite-Project': project, 'Content-Type': 'application/json' };
    const fallback = localStorage.getItem('cookieFallback');
    if (fallback) headers['X-Fallback-Cookies'] = fallback;
    const { jwt } = await (await fetch(`${endpoint}/account/jwts`, { method: 'POST', credentials: 'include', headers })).json() as { jwt: string };
    const res = await fetch(path, { method, headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() as { error: string; message: string } };
  }, { endpoint: appwrite, project: LOCAL_APPWRITE_PROJECT, path, method, body });
}

async function newContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: site, viewport: { width: 1280, height: 800 } });
  // The same fail-closed rule as the fixtures' context: only the site and the Appwrite stand-in.
  await context.route((url) => /^(https?|wss?):$/.test(url.protocol) && !/^(localhost|127\.0\.0\.1)$/.test(url.hostname), (route) => route.abort('blockedbyclient'));
  return context;
}

test('an admin and a moderator: roles, a channel in realtime, deletions, deliveries', async ({ page: admin, browser, axe, consoleGuard }) => {
  test.setTimeout(150_000);
  // The API check below provokes a 403 on purpose.
  consoleGuard.allow(/status of 403/);
  const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const modEmail = `e2e-mod-${tag}@example.com`;
  await createAccount(modEmail, 'Mona Moderator');

  // The admin: deliveries first (a fresh server has nothing parked).
  await signInStaff(admin, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
  await section(admin, 'Deliveries');
  await expect(admin.getByRole('heading', { name: 'All deliveries went through' })).toBeVisible();
  await axeBothWidths(admin, axe);

  // People: make the new account a moderator, with a confirmation.
  await section(admin, 'People');
  await admin.getByLabel('Search people').fill(modEmail);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const roleSelect = admin.getByRole('combobox', { name: `Role for ${modEmail}` });
  await expect(roleSelect).toHaveValue('user');
  // The admin's own role has no control.
  await expect(admin.getByRole('combobox', { name: `Role for ${LOCAL_ADMIN.email}` })).toHaveCount(0);
  await roleSelect.selectOption('moderator');
  await admin.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
  await expect(admin.getByText(`${modEmail} is now moderator.`)).toBeVisible();
  await expect(roleSelect).toHaveValue('moderator');
  await expect(admin.getByText(/Made moderator \(was user\) by Local Admin/)).toBeVisible();
  await axeBothWidths(admin, axe);

  // The moderator, in a second browser context.
  const modContext = await newContext(browser);
  const mod = await modContext.newPage();
  const modErrors: string[] = [];
  mod.on('pageerror', (e) => modErrors.push(e.message));
  mod.on('console', (m) => { if (m.type() === 'error' && !/status of 403/.test(m.text()) && !REALTIME_SOCKET_NOTICE.test(m.text())) modErrors.push(m.text()); });
  try {
    await signInStaff(mod, modEmail, PASSWORD);
    await section(mod, 'People');
    await expect(mod.getByText(LOCAL_ADMIN.email).first()).toBeVisible();
    await expect(mod.getByRole('combobox')).toHaveCount(0);
    await expect(mod.getByText('Only an admin can change roles.')).toBeVisible();
    const refused = await callAsPage(mod, `/api/admin/users/${LOCAL_ADMIN.id}/role`, 'PATCH', { role: 'user' });
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ error: 'forbidden', message: 'Only an admin can do this.' }) });

    // Both open #general (made on the first visit of a fresh install).
    await section(admin, 'Channels');
    await section(mod, 'Channels');
    await expect(admin.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible();
    await expect(mod.getByRole('heading', { level: 2, name: 'general', exact: true })).toBeVisible();
    // Moderators get no channel management.
    await expect(mod.getByRole('button', { name: 'New channel' })).toHaveCount(0);
    await expect(mod.getByRole('button', { name: 'Delete channel' })).toHaveCount(0);

    // Enter sends; Shift+Enter makes a new line. Links are links; markup stays text.
    const text = `Call the Osei lead back ${tag}`;
    const composer = mod.getByRole('textbox', { name: 'Message' });
    await composer.fill(`${text} <b>today</b>`);
    await composer.press('Shift+Enter');
    await composer.pressSequentially('notes: https://example.com/brief');
    const adminCopy = admin.getByRole('listitem').filter({ hasText: text });
    const sentAt = Date.now();
    await composer.press('Enter');
    // The admin sees it without a reload (the issue asks for 1 s; the bound is looser for a busy machine,
    // the figure is reported).
    await expect(adminCopy).toBeVisible({ timeout: 3_000 });
    const latency = Date.now() - sentAt;
    test.info().annotations.push({ type: 'message to colleague (ms)', description: String(latency) });
    console.log(`admin-team: a posted message reached the other browser in ${latency} ms`);
    await expect(composer).toHaveValue('');
    await expect(mod.getByRole('listitem').filter({ hasText: text })).toBeVisible();
    await expect(adminCopy.getByText(`${text} <b>today</b>`)).toBeVisible();
    await expect(adminCopy.getByRole('link', { name: 'https://example.com/brief' })).toHaveAttribute('href', 'https://example.com/brief');
    await expect(adminCopy.locator('b')).toHaveCount(0);
    await expect(adminCopy.getByText('Mona Moderator')).toBeVisible();
    await axeBothWidths(admin, axe);

    // The admin deletes it, after a confirmation; the moderator sees who did.
    await adminCopy.getByRole('button', { name: 'Delete message' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete this message?' });
    await dialog.getByRole('button', { name: 'Delete message' }).click();
    await expect(admin.getByText('Message deleted by Local Admin', { exact: true })).toBeVisible();
    await expect(mod.getByText('Message deleted by Local Admin', { exact: true })).toBeVisible({ timeout: 3_000 });
    await expect(mod.getByText(text)).toHaveCount(0);

    // A channel the admin creates appears for the moderator.
    await admin.getByRole('button', { name: 'New channel' }).click();
    await admin.getByRole('textbox', { name: 'Channel name' }).fill(`Deals ${tag}`);
    await admin.getByRole('button', { name: 'Create channel' }).click();
    await expect(admin.getByRole('heading', { level: 2, name: `deals-${tag}` })).toBeVisible();
    await expect(mod.getByRole('navigation', { name: 'Channels' }).getByRole('link', { name: `deals-${tag}` })).toBeVisible();

    // The admin describes it; everyone reads the description under the channel's name, links clickable.
    await admin.getByRole('button', { name: 'Edit description' }).click();
    await admin.getByRole('textbox', { name: 'Channel description' }).fill(`Deals in progress ${tag}, the board: https://example.com/pipeline`);
    await admin.getByRole('button', { name: 'Save description' }).click();
    await expect(admin.getByRole('textbox', { name: 'Channel description' })).toHaveCount(0);
    await expect(admin.getByText(`Deals in progress ${tag}, the board:`)).toBeVisible();
    await expect(admin.getByRole('link', { name: 'https://example.com/pipeline' })).toHaveAttribute('href', 'https://example.com/pipeline');

    // History loads a page at a time: 60 older messages written straight into Appwrite (as the Worker
    // writes them), then the moderator opens the channel and scrolls to the top for the rest.
    const deals = await (await fetch(`${appwrite}/databases/main/collections/channels/documents?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'name', values: [`deals-${tag}`] }))}`, { headers: serverHeaders })).json() as { documents: { $id: string }[] };
    const channelId = deals.documents[0]!.$id;
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`${appwrite}/databases/main/collections/messages/documents`, {
        method: 'POST',
        headers: serverHeaders,
        body: JSON.stringify({ documentId: `seed${tag}${i}`, data: { channelId, userId: LOCAL_ADMIN.id, authorName: 'Local Admin', text: `Seeded message ${i}`, postedAt: new Date(start + i * 1000).toISOString() } }),
      });
      expect(res.status).toBe(201);
    }
    await mod.getByRole('navigation', { name: 'Channels' }).getByRole('link', { name: `deals-${tag}` }).click();
    await expect(mod.getByText(`Deals in progress ${tag}, the board:`)).toBeVisible();
    await expect(mod.getByRole('button', { name: 'Edit description' })).toHaveCount(0);
    await expect(mod.getByText('Seeded message 59', { exact: true })).toBeVisible();
    await expect(mod.getByText('Seeded message 5', { exact: true })).toHaveCount(0);
    await mod.getByRole('log', { name: `Messages in #deals-${tag}` }).locator('..').evaluate((el) => { el.scrollTop = 0; });
    await expect(mod.getByText('Seeded message 0', { exact: true })).toBeVisible();
    await expect(mod.getByText(`This is the beginning of #deals-${tag}.`)).toBeVisible();
    // Still where the reader was: the newest message is below the fold now.
    await expect(mod.getByText('Seeded message 59', { exact: true })).not.toBeInViewport();

    expect(modErrors, 'console errors in the moderator\'s page').toEqual([]);
  } finally {
    await modContext.close();
  }
});

/** A moderator as the admin area makes one: profile with the role (server key) and the label. */
async function createModerator(email: string, name: string) {
  const res = await fetch(`${appwrite}/account`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Appwrite-Project': LOCAL_APPWRITE_PROJECT },
    body: JSON.stringify({ userId: 'unique()', email, password: PASSWORD, name }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = ((await res.json()) as { $id: string }).$id;
  for (const [method, path, body] of [
    ['POST', '/databases/main/collections/users/documents', { documentId: id, data: { userId: id, email, role: 'moderator', name }, permissions: [`read("user:${id}")`] }],
    ['PUT', `/users/${id}/labels`, { labels: ['moderator'] }],
  ] as const) {
    const r = await fetch(`${appwrite}${path}`, { method, headers: serverHeaders, body: JSON.stringify(body) });
    expect(r.status, await r.clone().text()).toBeLessThan(300);
  }
}

/** The FormSubmit emulator fails (or stops failing) every submission with a field containing `text`. */
async function formSubmitFails(text: string, fail: boolean) {
  const res = await fetch(`${formsubmitURL}/__mode`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mode: fail ? 'fail' : 'ok', text }) });
  expect(res.status).toBe(200);
}

test('parked deliveries: a moderator reads them; an admin retries one and discards another', async ({ page: admin, browser, axe }) => {
  test.setTimeout(90_000);
  const tag = `Park${randomBytes(3).toString('hex')}`;
  const modEmail = `e2e-mod-${tag.toLowerCase()}@example.com`;
  await createModerator(modEmail, `Moderator ${tag}`);

  // Two contact messages whose e-mail to the team fails: each is parked after its first attempt.
  await formSubmitFails(tag, true);
  for (const who of ['Retry', 'Discard']) {
    const res = await admin.request.post('/api/forms/contact', { data: { name: `${who} ${tag}`, email: `${who.toLowerCase()}-${tag.toLowerCase()}@example.com`, service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: `Please ${who.toLowerCase()} me.` } });
    expect(res.status()).toBe(202);
  }
  const parked = (page: Page, who: string) => page.getByRole('article', { name: `Contact message from ${who} ${tag}` });
  /** The page reads the list when it opens: reopen it until both are there. */
  const openDeliveries = async (page: Page) => {
    await expect(async () => {
      await page.goto('/admin/deliveries');
      await expect(page.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeVisible({ timeout: 10_000 });
      await expect(page.getByRole('status', { name: 'Loading parked deliveries' })).toHaveCount(0, { timeout: 10_000 });
      await expect(parked(page, 'Retry')).toBeVisible({ timeout: 500 });
      await expect(parked(page, 'Discard')).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 30_000 });
  };

  // The moderator reads them, with no controls.
  const modContext = await newContext(browser);
  try {
    const mod = await modContext.newPage();
    await signInStaff(mod, modEmail, PASSWORD);
    await openDeliveries(mod);
    await expect(parked(mod, 'Retry')).toContainText('1 failed attempt');
    await expect(mod.getByRole('button', { name: 'Discard' })).toHaveCount(0);
    await expect(mod.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(mod.getByRole('button', { name: 'Retry all' })).toHaveCount(0);
  } finally {
    await modContext.close();
  }

  // The admin: kind, attempts, what went wrong and the last error, the fields.
  await signInStaff(admin, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
  await openDeliveries(admin);
  const retried = parked(admin, 'Retry');
  await expect(retried).toContainText('1 failed attempt');
  await expect(retried).toContainText('It was not e-mailed to the team (it was recorded in Appwrite).');
  await expect(retried).toContainText('Last error: FormSubmit answered HTTP 500');
  await expect(retried).toContainText('Please retry me.');
  await expect(admin.getByRole('button', { name: 'Retry all' })).toBeVisible();
  await axeBothWidths(admin, axe);

  // E-mail works again: Retry puts it back on the queue, it leaves the list and reaches the team.
  await formSubmitFails(tag, false);
  await retried.getByRole('button', { name: 'Retry' }).click();
  await expect(admin.getByText('One submission is back on the queue.')).toBeVisible();
  await expect(retried).toHaveCount(0);
  await expect.poll(async () => {
    const received = await (await fetch(`${formsubmitURL}/__received`)).json() as { fields: Record<string, string>; outcome: string }[];
    return received.filter((r) => r.fields.name === `Retry ${tag}`).map((r) => r.outcome);
  }, { timeout: 15_000 }).toEqual(['fail', 'ok']);

  // Discard asks first; Cancel keeps it, Discard removes it for good.
  const discarded = parked(admin, 'Discard');
  await discarded.getByRole('button', { name: 'Discard' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Discard this contact message?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(discarded).toBeVisible();
  await discarded.getByRole('button', { name: 'Discard' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(admin.getByText('The contact message was discarded.')).toBeVisible();
  await expect(discarded).toHaveCount(0);
  await admin.reload();
  // The session check and the admin area's code load again: a busy machine has taken over 5 s for them.
  await expect(admin.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeVisible({ timeout: 15_000 });
  await expect(admin.getByRole('status', { name: 'Loading parked deliveries' })).toHaveCount(0);
  await expect(parked(admin, 'Retry')).toHaveCount(0);
  await expect(parked(admin, 'Discard')).toHaveCount(0);
});
