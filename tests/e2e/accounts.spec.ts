import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LOCAL_ADMIN } from '../../scripts/lib/appwrite-seed.ts';
import { LOCAL_APPWRITE_PROJECT } from '../../scripts/lib/emulators.ts';
import { decodeEntities, expect, gotoHydrated, signIn as signInAs, test } from './fixtures.ts';
import { appwrite, createAccount, header, mailTo, notice, PASSWORD, site, uniqueEmail } from './accountHelpers.ts';

// Accounts end to end (issue 3): the SPA with the unmodified appwrite SDK against the Appwrite stand-in that
// `npm start` runs (tests/emulators/appwrite), following mails and SMS codes through its mailbox.

test.use({ baseURL: site });

/** What a router link does, without depending on a particular link. */
async function navigateClientSide(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({ idx: (history.state?.idx ?? 0) + 1, key: Math.random().toString(36).slice(2), usr: null }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

const signIn = (page: Page, email: string, password = PASSWORD) => signInAs(page, email, password);

/** RFC 6238 code (SHA-1, 6 digits, 30 s) from a base32 secret, as an authenticator app computes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1]! & 0xf;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test.describe('accounts', () => {
  test('sign up, verify the email from the mailbox, sign in to the dashboard and sign out', async ({ page, axe }) => {
    const email = uniqueEmail('signup');
    await gotoHydrated(page, '/sign-up');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill('Ama Mensah');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign up' }).click();

    await expect(page).toHaveURL(`${site}/verify-email`);
    await expect(notice(page, 'Signed in successfully')).toBeVisible();
    await expect(page.getByText(`We sent it to ${email}.`)).toBeVisible();

    const mail = await mailTo(email, (m) => m.subject === 'Account Verification');
    const link = mail.links.find((l) => l.startsWith(`${site}/verify-email?`));
    expect(link, mail.text).toBeTruthy();
    expect(new URL(link!).searchParams.get('userId')).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
    await expect(page).toHaveURL(`${site}/verify-email`); // the secret leaves the address bar

    // Sign out from the header: back on the home page with the notice, which goes after 3 s.
    await header(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${site}/`);
    await expect(notice(page, 'Signed out successfully')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(notice(page, 'Signed out successfully')).toHaveCount(0, { timeout: 5_000 });

    await signIn(page, email);
    await expect(notice(page, 'Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL(`${site}/dashboard`);
    const avatar = header(page).getByRole('link', { name: `Your account (${email})` });
    await expect(avatar).toHaveText('E');
    await expect(avatar).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
    const verification = page.getByRole('region', { name: 'Verification' });
    await expect(verification.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your requests' }).getByText('Nothing yet.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Signed-in devices' }).getByText('This device')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the admin area' })).toHaveCount(0);
    await axe();

    await header(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(notice(page, 'Signed out successfully')).toBeVisible();
    await expect(page).toHaveURL(`${site}/`);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('a wrong password and a taken email get plain messages on their fields', async ({ page, consoleGuard, axe }) => {
    // The browser reports Appwrite's 401 and 409 answers in the console; they are the point here.
    consoleGuard.allow(/status of 401/, /status of 409/);
    const email = uniqueEmail('wrong');
    await createAccount(email);

    await signIn(page, email, 'not-the-password');
    const password = page.getByRole('form', { name: 'Sign in' }).getByLabel('Password');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Wrong email or password. Check both and try again, or reset your password.')).toBeVisible();
    const describedBy = await password.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(/Wrong email or password/);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await axe();

    await gotoHydrated(page, '/sign-up');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill('Someone Else');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(form.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Use at least 8 characters.')).toBeVisible();
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(form.getByText('An account with this email already exists.', { exact: false })).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('password recovery through the link in the mailbox', async ({ page }) => {
    const email = uniqueEmail('recovery');
    await createAccount(email);
    await gotoHydrated(page, '/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(`${site}/auth/reset-password`);
    const request = page.getByRole('form', { name: 'Request a password reset link' });
    await request.getByLabel('Email').fill(email);
    await request.getByRole('button', { name: 'Send reset link' }).click();
    await expect(request.getByText('If an account exists for that address, we sent it a link')).toBeVisible();

    const mail = await mailTo(email, (m) => m.links.some((l) => l.startsWith(`${site}/auth/reset-password?`)));
    await page.goto(mail.links.find((l) => l.startsWith(`${site}/auth/reset-password?`))!);
    const choose = page.getByRole('form', { name: 'Choose a new password' });
    await choose.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await choose.getByLabel('Confirm new password').fill('a-brand-new-password');
    await choose.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password has been changed. You can now sign in with it.')).toBeVisible();

    await signIn(page, email, 'a-brand-new-password');
    await expect(notice(page, 'Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL(`${site}/dashboard`);
  });

  test('magic link: the sign-in link from the mailbox signs in on /sign-in', async ({ page }) => {
    const email = uniqueEmail('magic');
    await gotoHydrated(page, '/sign-in');
    const form = page.getByRole('form', { name: 'Email me a sign-in link' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(form.getByText('Check your inbox: we sent you a sign-in link.')).toBeVisible();

    const mail = await mailTo(email, (m) => m.links.some((l) => l.startsWith(`${site}/sign-in?`)));
    await page.goto(mail.links.find((l) => l.startsWith(`${site}/sign-in?`))!);
    await expect(notice(page, 'Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL(`${site}/dashboard`);
    await expect(header(page).getByRole('link', { name: `Your account (${email})` })).toHaveText('E');

    // On a phone: the menu shows the signed-in address and Sign out, which returns to /. (Once the
    // dashboard has loaded: requests still on their way when the session ends are refused, and the
    // browser logs that.)
    await expect(page.getByRole('region', { name: 'Your requests' }).getByText('Nothing yet.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Signed-in devices' }).getByText('This device')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Two-step verification' }).getByRole('button')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toContainText(`Signed in as ${email}`);
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await expect(notice(page, 'Signed out successfully')).toBeVisible();
    await expect(page).toHaveURL(`${site}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign up' })).toBeVisible();
  });

  test('OAuth through the local consent page returns to the home page signed in', async ({ page }) => {
    const email = uniqueEmail('oauth');
    await gotoHydrated(page, '/sign-in');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await expect(page).toHaveURL(/\/v1\/__oauth\/github\/authorize/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Kofi Boateng');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${site}/`);
    await expect(header(page).getByRole('link', { name: `Your account (${email})` })).toHaveText('E');
  });

  test('OAuth cancelled: back on the sign-in page with a message to acknowledge', async ({ page }) => {
    await gotoHydrated(page, '/sign-in');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`${site}/sign-in`);
    const dialog = page.getByRole('dialog', { name: 'Your account' });
    await expect(dialog).toContainText('Signing in with that provider did not complete.');
    // The page cannot scroll while the modal is open.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  });

  test('phone verification with the SMS code from the mailbox', async ({ page }) => {
    const email = uniqueEmail('phone');
    const phone = `+23324${String(Date.now()).slice(-7)}`;
    await createAccount(email);
    await signIn(page, email);
    await expect(page).toHaveURL(`${site}/dashboard`);
    await page.getByRole('link', { name: 'Add and verify a phone number' }).click();
    await expect(page).toHaveURL(`${site}/verify-phone`);

    const send = page.getByRole('form', { name: 'Send verification code' });
    await send.getByLabel('Phone number').fill(`${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6)}`);
    await send.getByLabel('Password').fill(PASSWORD);
    await send.getByRole('button', { name: 'Send code' }).click();
    await expect(send.getByText('We sent a six-digit code by SMS.')).toBeVisible();

    const sms = await mailTo(phone, (m) => m.kind === 'sms');
    const code = /\b(\d{6})\b/.exec(sms.text)![1]!;
    const confirm = page.getByRole('form', { name: 'Confirm verification code' });
    await confirm.getByLabel('Verification code').fill(code);
    await confirm.getByRole('button', { name: 'Verify phone' }).click();
    await expect(page.getByText('Your phone number is verified.')).toBeVisible();

    await page.getByRole('link', { name: 'Back to your dashboard' }).click();
    await expect(page.getByRole('region', { name: 'Verification' }).getByText(phone)).toBeVisible();
  });

  test('a plain user is refused at /admin by the page and by the API', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 403/);
    const email = uniqueEmail('plain');
    await createAccount(email);
    await signIn(page, email);
    await expect(page).toHaveURL(`${site}/dashboard`);
    await navigateClientSide(page, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();

    // The same session's JWT, sent by the page itself: the Worker refuses it.
    const status = await page.evaluate(async ({ endpoint, project }) => {
      const headers: Record<string, string> = { 'X-Appwrite-Project': project, 'Content-Type': 'application/json' };
      const fallback = localStorage.getItem('cookieFallback');
      if (fallback) headers['X-Fallback-Cookies'] = fallback;
      const jwt = await (await fetch(`${endpoint}/account/jwts`, { method: 'POST', credentials: 'include', headers })).json() as { jwt: string };
      const res = await fetch('/api/admin/overview', { headers: { Authorization: `Bearer ${jwt.jwt}` } });
      return { status: res.status, body: await res.json() as { message: string } };
    }, { endpoint: appwrite, project: LOCAL_APPWRITE_PROJECT });
    expect(status.status).toBe(403);
    expect(status.body.message).toBe('This area is for staff (admins and moderators) only.');
  });

  test('staff: the avatar leads to /admin and its overview', async ({ page, axe, request }) => {
    // A robot fills the hidden honeypot field: answered like a success, dropped, and counted for staff.
    const honey = await request.post('/api/forms/contact', { data: { name: 'Spam Bot', email: 'bot@example.com', service: 'Web Development', budget: '$5k - $10k', timeline: '1-2 months', message: 'Buy cheap links now', _honey: 'http://spam.example' } });
    expect(honey.status()).toBe(202);
    await signIn(page, LOCAL_ADMIN.email, LOCAL_ADMIN.password);
    await expect(page).toHaveURL(`${site}/admin`);
    await expect(header(page).getByRole('link', { name: `Your account (${LOCAL_ADMIN.email})` })).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const overview = page.getByRole('region', { name: 'Submissions' });
    await expect(overview.getByText('Contact message', { exact: true })).toBeVisible();
    await expect(overview.getByText(/No delivery is parked|parked/)).toBeVisible();
    await expect(overview.getByText(/^\d+ submissions? filled the hidden spam trap in the last 7 days .*Contact message: \d+/)).toBeVisible();
    await axe();
  });

  test('a signed-out visitor is sent from /dashboard to /sign-in, replacing the history entry', async ({ page }) => {
    await gotoHydrated(page, '/');
    await navigateClientSide(page, '/dashboard');
    await expect(page).toHaveURL(`${site}/sign-in`);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${site}/`);

    const res = await page.goto('/admin/anything');
    expect(res!.status()).toBe(200);
    await expect(page).toHaveURL(`${site}/sign-in`);
  });

  test('without Appwrite configured, the account pages say plainly that accounts are unavailable', async ({ page }) => {
    // The same site with `appwrite: null` in the public configuration the Worker writes into each page.
    await page.route(/\/(sign-in|sign-up|verify-phone|auth\/reset-password)$/, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/(<meta name="app-config" content=")([^"]*)(")/, (_, open: string, content: string, close: string) => {
        const config = { ...JSON.parse(decodeEntities(content)), appwrite: null };
        return open + JSON.stringify(config).replace(/&/g, '&amp;').replace(/"/g, '&quot;') + close;
      });
      await route.fulfill({ response: res, body: html });
    });
    for (const path of ['/sign-in', '/sign-up', '/verify-phone', '/auth/reset-password']) {
      await gotoHydrated(page, path);
      await expect(page.getByText('Accounts are not available on this site right now.')).toBeVisible();
      await expect(page.getByRole('form')).toHaveCount(0);
    }
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('two-step verification: set up the authenticator, then sign-in asks for its code', async ({ page, consoleGuard }) => {
    // Reading the account while the second factor is outstanding answers 401 (user_more_factors_required).
    consoleGuard.allow(/status of 401/);
    const email = uniqueEmail('mfa');
    await createAccount(email);
    await signIn(page, email);
    await expect(page).toHaveURL(`${site}/dashboard`);
    const mfa = page.getByRole('region', { name: 'Two-step verification' });
    await mfa.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(mfa.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await mfa.locator('code').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await mfa.getByLabel('Authentication code').fill(totp(secret));
    await mfa.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expect(mfa.getByText('Two-step verification is on: signing in asks for a code')).toBeVisible();
    await expect(mfa.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).not.toHaveCount(0);

    await header(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(notice(page, 'Signed out successfully')).toBeVisible();
    await signIn(page, email);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(notice(page, 'Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL(`${site}/dashboard`);
  });
});
