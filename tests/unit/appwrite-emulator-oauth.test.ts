// OAuth2 in the Appwrite emulator: the SDK builds the sign-in URL, and plain fetch (redirect: 'manual')
// walks the hops a browser takes through the local consent page back to the success or failure URL.
import { Account, Client, ID, OAuthProvider } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { testSeed } from '../emulators/appwrite/fixtures.ts';

const PROJECT = 'agency-oauth';
const SITE = 'http://localhost:8787';
let aw: RunningAppwrite;

beforeAll(async () => {
  aw = await start({ port: 0, seed: testSeed, origins: [SITE] });
});
afterAll(async () => {
  await aw?.close();
});

const sdkAccount = () => new Account(new Client().setEndpoint(aw.url).setProject(PROJECT));

/** Follows redirects by hand like a browser, remembering cookies, until it leaves the emulator. */
async function walk(url: string, init: RequestInit = {}, cookies = new Map<string, string>()) {
  let res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  const hops: { status: number; location: string }[] = [];
  for (;;) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location || res.status < 300 || res.status >= 400) return { res, hops, cookies };
    hops.push({ status: res.status, location });
    if (!location.startsWith(aw.url.replace('/v1', ''))) return { res, hops, cookies, final: location };
    res = await fetch(location, { redirect: 'manual', headers: { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  }
}

async function consent(startUrl: string, form: Record<string, string>) {
  const first = await walk(startUrl);
  expect(first.hops[0]!.status).toBe(301);
  const page = first.res;
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const state = /name="state" value="([^"]+)"/.exec(html)![1]!;
  return walk(new URL(action, aw.url).toString(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(aw.url).origin },
    body: new URLSearchParams({ state, ...form }).toString(),
  });
}

async function accountWith(cookies: Map<string, string>) {
  const res = await fetch(`${aw.url}/account`, { headers: { 'X-Appwrite-Project': PROJECT, Cookie: `a_session_${PROJECT}=${cookies.get(`a_session_${PROJECT}`)}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let n = 0;
const email = (name: string) => `${name}.${Date.now()}.${n++}@example.com`;

describe('OAuth2 through the local consent page', () => {
  it('shows a consent page, then creates the user, sets the session cookie and returns to the success URL', async () => {
    const url = sdkAccount().createOAuth2Session({ provider: OAuthProvider.Google, success: `${SITE}/`, failure: `${SITE}/sign-in`, scopes: ['email'] }) as unknown as string;
    expect(url).toMatch(new RegExp(`^${aw.url}/account/sessions/oauth2/google\\?`));
    expect(new URL(url).searchParams.get('project')).toBe(PROJECT);

    const first = await walk(url);
    expect(first.hops[0]!.location).toMatch(/\/v1\/__oauth\/google\/authorize\?project=agency-oauth&state=/);
    const html = await first.res.text();
    expect(html).toContain('<h1>Sign in with Google</h1>');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<button type="submit" name="action" value="continue">Continue<\/button>/);
    expect(html).toMatch(/<button type="submit" name="action" value="cancel" formnovalidate>Cancel<\/button>/);

    const address = email('yaa');
    const done = await consent(url, { email: address, name: 'Yaa Asantewaa', action: 'continue' });
    expect(done.hops.map((h) => h.status)).toEqual([302, 301, 301]);
    expect(done.hops[0]!.location).toContain(`/v1/account/sessions/oauth2/callback/google/${PROJECT}?code=`);
    expect(done.final).toBe(`${SITE}/`);
    expect(done.cookies.get(`a_session_${PROJECT}`)).toBeTruthy();

    const me = await accountWith(done.cookies);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: address, name: 'Yaa Asantewaa', emailVerification: true });
    const identities = await fetch(`${aw.url}/account/identities`, { headers: { 'X-Appwrite-Project': PROJECT, Cookie: `a_session_${PROJECT}=${done.cookies.get(`a_session_${PROJECT}`)}` } });
    expect(await identities.json()).toMatchObject({ total: 1, identities: [{ provider: 'google', providerEmail: address, userId: me.body.$id }] });

    // Signing in again with the same account finds the same user.
    const again = await consent(url, { email: address, action: 'continue' });
    expect((await accountWith(again.cookies)).body.$id).toBe(me.body.$id);
  });

  it('links GitHub and Apple sign-ins to an existing account with the same e-mail', async () => {
    const address = email('kwesi');
    const created = await sdkAccount().create({ userId: ID.unique(), email: address, password: 'password-123' });
    for (const provider of [OAuthProvider.Github, OAuthProvider.Apple]) {
      const url = sdkAccount().createOAuth2Session({ provider, success: `${SITE}/`, failure: `${SITE}/sign-in` }) as unknown as string;
      const done = await consent(url, { email: address, action: 'continue' });
      expect((await accountWith(done.cookies)).body.$id).toBe(created.$id);
    }
  });

  it('returns to the failure URL with Appwrite’s error when the person cancels', async () => {
    const url = sdkAccount().createOAuth2Session({ provider: OAuthProvider.Google, success: `${SITE}/`, failure: `${SITE}/sign-in?from=oauth` }) as unknown as string;
    const done = await consent(url, { action: 'cancel' });
    const final = new URL(done.final!);
    expect(final.origin + final.pathname).toBe(`${SITE}/sign-in`);
    expect(final.searchParams.get('from')).toBe('oauth');
    expect(JSON.parse(final.searchParams.get('error')!)).toEqual({
      message: 'The Google OAuth2 provider returned an error: access_denied: The user denied the request',
      type: 'user_oauth2_provider_error',
      code: 424,
    });
    expect(done.cookies.has(`a_session_${PROJECT}`)).toBe(false);
  });

  it('hands a token to the success URL in the token flow, for account.createSession', async () => {
    const url = sdkAccount().createOAuth2Token({ provider: OAuthProvider.Github, success: `${SITE}/auth/callback`, failure: `${SITE}/sign-in` }) as unknown as string;
    const address = email('adwoa');
    const done = await consent(url, { email: address, action: 'continue' });
    const final = new URL(done.final!);
    expect(final.pathname).toBe('/auth/callback');
    const account = sdkAccount();
    const session = await account.createSession({ userId: final.searchParams.get('userId')!, secret: final.searchParams.get('secret')! });
    expect(session.provider).toBe('oauth2');
  });

  it('refuses disabled or unknown providers and success URLs outside the allowed origins', async () => {
    const disabled = await fetch(sdkAccount().createOAuth2Session({ provider: OAuthProvider.Facebook, success: `${SITE}/` }) as unknown as string, { redirect: 'manual' });
    expect(disabled.status).toBe(412);
    expect(await disabled.json()).toMatchObject({ type: 'project_provider_disabled' });
    const unknown = await fetch(`${aw.url}/account/sessions/oauth2/myspace?project=${PROJECT}`, { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    const offsite = await fetch(sdkAccount().createOAuth2Session({ provider: OAuthProvider.Google, success: 'https://evil.test/' }) as unknown as string, { redirect: 'manual' });
    expect(offsite.status).toBe(400);
    expect(await offsite.json()).toMatchObject({ type: 'general_argument_invalid', message: 'Invalid `success` param: URL host must be one of: localhost' });
    const replayed = await fetch(`${aw.url}/account/sessions/oauth2/google/redirect?project=${PROJECT}&code=forged&state=${Buffer.from(JSON.stringify({ success: `${SITE}/`, failure: `${SITE}/sign-in`, token: false, project: PROJECT })).toString('base64url')}`, { redirect: 'manual' });
    expect(replayed.status).toBe(301);
    expect(JSON.parse(new URL(replayed.headers.get('location')!).searchParams.get('error')!)).toMatchObject({ type: 'user_oauth2_provider_error' });
  });
});
