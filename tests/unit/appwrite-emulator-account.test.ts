// The Appwrite emulator against the real `appwrite` SDK: accounts, sessions, cookies, mail flows, JWTs.
import { Account, type AppwriteException, Client, ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { ADMIN, testSeed } from '../emulators/appwrite/fixtures.ts';
import { browserClient, codeIn, latestMail, linkIn, mailFor, sessionOf, failure } from '../emulators/appwrite/testing.ts';

const PROJECT = 'agency-test';
const SITE = 'http://localhost:8787';
let aw: RunningAppwrite;
let clockOffset = 0;

beforeAll(async () => {
  aw = await start({ port: 0, origins: [SITE], seed: testSeed, clock: () => Date.now() + clockOffset });
});
afterAll(async () => {
  await aw?.close();
});


function errorBody(e: AppwriteException) {
  return JSON.parse(e.response) as { message: string; code: number; type: string; version: string };
}

let n = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${n++}@example.com`;

async function signedUp(mode: 'cookies' | 'fallback' = 'cookies') {
  const email = uniqueEmail('user');
  const password = 'correct horse battery';
  const b = browserClient(aw.url, PROJECT, { mode, origin: SITE });
  const account = new Account(b.client);
  const user = await account.create({ userId: ID.unique(), email, password, name: 'Ama Mensah' });
  await account.createEmailPasswordSession({ email, password });
  return { ...b, account, user, email, password };
}

describe('sign-up and sign-in', () => {
  it('creates an account and signs in with email and password', async () => {
    const b = browserClient(aw.url, PROJECT, { origin: SITE });
    const account = new Account(b.client);
    const email = uniqueEmail('Kofi');
    const user = await account.create({ userId: ID.unique(), email, password: 'a-long-password', name: 'Kofi' });
    expect(user).toMatchObject({ email: email.toLowerCase(), name: 'Kofi', emailVerification: false, status: true, labels: [], prefs: {} });
    expect(user.$id).toMatch(/^[a-f0-9]{20}$/);
    expect(user).not.toHaveProperty('password');

    const session = await account.createEmailPasswordSession({ email, password: 'a-long-password' });
    expect(session).toMatchObject({ userId: user.$id, provider: 'email', current: true, factors: ['password'], secret: '' });
    const me = await account.get();
    expect(me.$id).toBe(user.$id);
    expect(me.email).toBe(email.toLowerCase());
  });

  it('accepts a custom user id and the legacy unique() placeholder', async () => {
    const account = new Account(new Client().setEndpoint(aw.url).setProject(PROJECT));
    const custom = await account.create({ userId: 'kwame_01', email: uniqueEmail('kwame'), password: 'password-123' });
    expect(custom.$id).toBe('kwame_01');
    const generated = await account.create({ userId: 'unique()', email: uniqueEmail('esi'), password: 'password-123' });
    expect(generated.$id).not.toBe('unique()');
  });

  it('refuses a duplicate sign-up with Appwrite’s 409 user_already_exists', async () => {
    const account = new Account(new Client().setEndpoint(aw.url).setProject(PROJECT));
    const email = uniqueEmail('dup');
    await account.create({ userId: ID.unique(), email, password: 'password-123' });
    const e = await failure(account.create({ userId: ID.unique(), email: email.toUpperCase(), password: 'password-456' }));
    expect(e.code).toBe(409);
    expect(e.type).toBe('user_already_exists');
    expect(e.message).toBe('A user with the same id, email, or phone already exists in this project.');
    expect(errorBody(e)).toEqual({ message: e.message, code: 409, type: 'user_already_exists', version: expect.stringMatching(/^1\.\d+\.\d+$/) });
  });

  it('refuses a short password and a malformed e-mail with general_argument_invalid', async () => {
    const account = new Account(new Client().setEndpoint(aw.url).setProject(PROJECT));
    const weak = await failure(account.create({ userId: ID.unique(), email: uniqueEmail('weak'), password: 'short' }));
    expect([weak.code, weak.type, weak.message]).toEqual([400, 'general_argument_invalid', 'Invalid `password` param: Password must be between 8 and 256 characters long.']);
    const bad = await failure(account.create({ userId: ID.unique(), email: 'not-an-email', password: 'password-123' }));
    expect([bad.code, bad.type, bad.message]).toEqual([400, 'general_argument_invalid', 'Invalid `email` param: Value must be a valid email address']);
  });

  it('answers a missing parameter the way the server does (the SDK checks first on its side)', async () => {
    const res = await fetch(`${aw.url}/account`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Appwrite-Project': PROJECT },
      body: JSON.stringify({ userId: 'unique()', password: 'password-123' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'general_argument_invalid', message: 'Param "email" is not optional.' });
    expect(() => new Account(new Client().setEndpoint(aw.url).setProject(PROJECT)).create({ userId: 'x' } as never)).toThrow('Missing required parameter: "email"');
  });

  it('refuses a wrong password with 401 user_invalid_credentials', async () => {
    const { email } = await signedUp();
    const account = new Account(new Client().setEndpoint(aw.url).setProject(PROJECT));
    const e = await failure(account.createEmailPasswordSession({ email, password: 'wrong password' }));
    expect([e.code, e.type, e.message]).toEqual([401, 'user_invalid_credentials', 'Invalid credentials. Please check the email and password.']);
    const unknown = await failure(account.createEmailPasswordSession({ email: uniqueEmail('nobody'), password: 'whatever-123' }));
    expect(unknown.type).toBe('user_invalid_credentials');
  });

  it('tells a guest it lacks the account scope', async () => {
    const e = await failure(new Account(new Client().setEndpoint(aw.url).setProject(PROJECT)).get());
    expect([e.code, e.type, e.message]).toEqual([401, 'general_unauthorized_scope', 'User (role: guests) missing scopes (["account"])']);
  });

  it('refuses a second session while one is active', async () => {
    const { account, email, password } = await signedUp();
    const e = await failure(account.createEmailPasswordSession({ email, password }));
    expect([e.code, e.type]).toEqual([401, 'user_session_already_exists']);
  });

  it('signs the seeded admin in', async () => {
    const b = browserClient(aw.url, PROJECT);
    const account = new Account(b.client);
    await account.createEmailPasswordSession({ email: ADMIN.email, password: ADMIN.password });
    expect(await account.get()).toMatchObject({ $id: ADMIN.id, labels: ['admin'], emailVerification: true });
  });

  it('keeps passwords only as scrypt hashes', async () => {
    const { user, password } = await signedUp();
    const res = await fetch(`${aw.url}/users/${user.$id}`, { headers: { 'X-Appwrite-Project': PROJECT, 'X-Appwrite-Key': 'server-key-for-tests' } });
    const body = (await res.json()) as { password: string; hash: string };
    expect(body.hash).toBe('scrypt');
    expect(body.password).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(body.password).not.toContain(password);
  });
});

describe('session cookies and the X-Fallback-Cookies header', () => {
  it('sets HttpOnly a_session_<project> cookies and returns the same value in X-Fallback-Cookies', async () => {
    const email = uniqueEmail('cookie');
    await new Account(new Client().setEndpoint(aw.url).setProject(PROJECT)).create({ userId: ID.unique(), email, password: 'password-123' });
    const res = await fetch(`${aw.url}/account/sessions/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Appwrite-Project': PROJECT, Origin: SITE },
      body: JSON.stringify({ email, password: 'password-123' }),
    });
    expect(res.status).toBe(201);
    const cookies = res.headers.getSetCookie();
    const main = cookies.find((c) => c.startsWith(`a_session_${PROJECT}=`))!;
    const legacy = cookies.find((c) => c.startsWith(`a_session_${PROJECT}_legacy=`))!;
    expect(main).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(main).toMatch(/Expires=/);
    expect(legacy).toContain('HttpOnly');
    const value = main.split(';')[0]!.split('=').slice(1).join('=');
    expect(JSON.parse(res.headers.get('X-Fallback-Cookies')!)).toEqual({ [`a_session_${PROJECT}`]: value });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(SITE);
    expect(res.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('X-Fallback-Cookies');

    const carriers: Record<string, string>[] = [
      { Cookie: `a_session_${PROJECT}=${value}` },
      { Cookie: `a_session_${PROJECT}_legacy=${value}` },
      { 'X-Fallback-Cookies': JSON.stringify({ [`a_session_${PROJECT}`]: value }) },
      { 'X-Appwrite-Session': value },
    ];
    for (const headers of carriers) {
      const me = await fetch(`${aw.url}/account`, { headers: { 'X-Appwrite-Project': PROJECT, ...headers } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(email);
    }
    const forged = await fetch(`${aw.url}/account`, { headers: { 'X-Appwrite-Project': PROJECT, Cookie: `a_session_${PROJECT}=${Buffer.from(JSON.stringify({ id: 'x', secret: 'y' })).toString('base64')}` } });
    expect(forged.status).toBe(401);
  });

  it('works for a browser that only has the fallback (third-party cookies blocked)', async () => {
    const { account, jar, email } = await signedUp('fallback');
    expect(jar.cookies.size).toBe(0);
    expect(jar.cookieFallback).toContain(`a_session_${PROJECT}`);
    expect((await account.get()).email).toBe(email);
    await account.deleteSession({ sessionId: 'current' });
    expect(jar.cookieFallback).toBe('[]');
    expect((await failure(account.get())).code).toBe(401);
  });

  it('works with client.setSession (server-side rendering style)', async () => {
    const { jar, email } = await signedUp();
    const client = new Client().setEndpoint(aw.url).setProject(PROJECT).setSession(sessionOf(jar, PROJECT)!);
    expect((await new Account(client).get()).email).toBe(email);
  });

  it('answers CORS preflights for allowed origins and refuses unknown origins', async () => {
    const pre = await fetch(`${aw.url}/account`, {
      method: 'OPTIONS',
      headers: { Origin: SITE, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'x-appwrite-project,x-fallback-cookies,content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('Access-Control-Allow-Origin')).toBe(SITE);
    expect(pre.headers.get('Access-Control-Allow-Methods')).toContain('PATCH');
    const allowed = pre.headers.get('Access-Control-Allow-Headers')!.toLowerCase();
    for (const h of ['x-appwrite-project', 'x-fallback-cookies', 'x-appwrite-jwt', 'x-sdk-version', 'content-type', 'x-appwrite-response-format']) expect(allowed).toContain(h);

    const evil = await fetch(`${aw.url}/account`, { headers: { Origin: 'http://evil.test', 'X-Appwrite-Project': PROJECT } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(await evil.json()).toMatchObject({ type: 'general_unknown_origin', message: 'Invalid Origin. Register your new client (evil.test) as a new Web platform on your project console dashboard' });
  });
});

describe('sessions', () => {
  it('lists, reads and deletes sessions; deleting all signs every device out', async () => {
    const { account, email, password } = await signedUp();
    const other = browserClient(aw.url, PROJECT);
    const otherAccount = new Account(other.client);
    await otherAccount.createEmailPasswordSession({ email, password });

    const list = await account.listSessions();
    expect(list.total).toBe(2);
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);
    const current = await account.getSession({ sessionId: 'current' });
    expect(current.current).toBe(true);
    const otherId = list.sessions.find((s) => !s.current)!.$id;
    expect((await account.getSession({ sessionId: otherId })).current).toBe(false);

    await account.deleteSession({ sessionId: otherId });
    expect((await failure(otherAccount.get())).code).toBe(401);
    expect((await failure(account.getSession({ sessionId: otherId }))).type).toBe('user_session_not_found');

    await otherAccount.createEmailPasswordSession({ email, password });
    await account.deleteSessions();
    expect((await failure(account.get())).code).toBe(401);
    expect((await failure(otherAccount.get())).code).toBe(401);
  });

  it('signs out the current session and clears its cookie', async () => {
    const { account, jar } = await signedUp();
    await account.deleteSession({ sessionId: 'current' });
    expect(jar.cookies.size).toBe(0);
    expect((await failure(account.get())).type).toBe('general_unauthorized_scope');
  });

  it('creates anonymous sessions', async () => {
    const b = browserClient(aw.url, PROJECT);
    const account = new Account(b.client);
    const session = await account.createAnonymousSession();
    expect(session.provider).toBe('anonymous');
    expect((await account.get()).email).toBe('');
    expect((await failure(account.createAnonymousSession())).type).toBe('user_session_already_exists');
  });
});

describe('profile updates', () => {
  it('updates name, prefs and, with the password, email, phone and password', async () => {
    const { account, email, password } = await signedUp();
    expect((await account.updateName({ name: 'Ama Owusu' })).name).toBe('Ama Owusu');
    await account.updatePrefs({ prefs: { theme: 'dark', newsletter: true } });
    expect(await account.getPrefs()).toEqual({ theme: 'dark', newsletter: true });

    const wrong = await failure(account.updateEmail({ email: uniqueEmail('new'), password: 'not-the-password' }));
    expect([wrong.code, wrong.type]).toEqual([401, 'user_invalid_credentials']);
    const newEmail = uniqueEmail('new');
    const updated = await account.updateEmail({ email: newEmail, password });
    expect(updated).toMatchObject({ email: newEmail, emailVerification: false });

    const taken = await failure(account.updateEmail({ email: ADMIN.email, password }));
    expect([taken.code, taken.type]).toEqual([409, 'user_email_already_exists']);

    expect((await failure(account.updatePhone({ phone: '0244123456', password }))).message).toContain('Invalid `phone` param');
    expect((await account.updatePhone({ phone: '+233244123456', password })).phone).toBe('+233244123456');

    expect((await failure(account.updatePassword({ password: 'new-password-1', oldPassword: 'wrong-password' }))).type).toBe('user_invalid_credentials');
    await account.updatePassword({ password: 'new-password-1', oldPassword: password });
    const fresh = new Account(new Client().setEndpoint(aw.url).setProject(PROJECT));
    expect((await failure(fresh.createEmailPasswordSession({ email: newEmail, password }))).type).toBe('user_invalid_credentials');
    await fresh.createEmailPasswordSession({ email: newEmail, password: 'new-password-1' });
    void email;
  });

  it('blocks the account on updateStatus', async () => {
    const { account, email, password } = await signedUp();
    const blocked = await account.updateStatus();
    expect(blocked.status).toBe(false);
    const again = new Account(browserClient(aw.url, PROJECT).client);
    expect((await failure(again.createEmailPasswordSession({ email, password }))).type).toBe('user_blocked');
  });

  it('lists logs and identities', async () => {
    const { account } = await signedUp();
    const logs = await account.listLogs();
    expect(logs.logs.map((l) => l.event)).toEqual(['session.create', 'user.create']);
    expect(logs.total).toBe(2);
    expect(await account.listIdentities()).toEqual({ total: 0, identities: [] });
  });
});

describe('e-mail verification, recovery, magic URL and codes through the mailbox', () => {
  it('verifies the e-mail address through the link in the mail', async () => {
    const { account, email, user } = await signedUp();
    await account.createEmailVerification({ url: `${SITE}/verify-email` });
    const mail = await latestMail(aw.url, email, 'Account Verification');
    const link = linkIn(mail);
    expect(link.origin + link.pathname).toBe(`${SITE}/verify-email`);
    expect(link.searchParams.get('userId')).toBe(user.$id);
    expect(Date.parse(link.searchParams.get('expire')!)).toBeGreaterThan(Date.now());

    const landing = new Account(new Client().setEndpoint(aw.url).setProject(PROJECT));
    const bad = await failure(landing.updateEmailVerification({ userId: user.$id, secret: 'not-the-secret' }));
    expect([bad.code, bad.type, bad.message]).toEqual([401, 'user_invalid_token', 'Invalid token passed in the request.']);
    await landing.updateEmailVerification({ userId: user.$id, secret: link.searchParams.get('secret')! });
    expect((await account.get()).emailVerification).toBe(true);
    const reused = await failure(landing.updateEmailVerification({ userId: user.$id, secret: link.searchParams.get('secret')! }));
    expect(reused.type).toBe('user_invalid_token');
    expect((await failure(account.createEmailVerification({ url: `${SITE}/verify-email` }))).type).toBe('user_email_already_verified');
  });

  it('refuses a return address outside the allowed origins', async () => {
    const { account } = await signedUp();
    const e = await failure(account.createEmailVerification({ url: 'https://evil.test/verify' }));
    expect([e.code, e.type]).toEqual([400, 'general_argument_invalid']);
    expect(e.message).toBe('Invalid `url` param: URL host must be one of: localhost');
  });

  it('resets a forgotten password through the recovery link, once', async () => {
    const { email, user } = await signedUp();
    const guest = new Account(browserClient(aw.url, PROJECT).client);
    const token = await guest.createRecovery({ email, url: `${SITE}/auth/reset-password` });
    expect(token).toMatchObject({ userId: user.$id, secret: '' });
    const link = linkIn(await latestMail(aw.url, email, 'Password Reset'));
    expect(link.pathname).toBe('/auth/reset-password');
    const secret = link.searchParams.get('secret')!;
    await guest.updateRecovery({ userId: link.searchParams.get('userId')!, secret, password: 'brand-new-pass' });
    expect((await failure(guest.updateRecovery({ userId: user.$id, secret, password: 'another-pass-1' }))).type).toBe('user_invalid_token');
    await guest.createEmailPasswordSession({ email, password: 'brand-new-pass' });
    expect((await guest.get()).emailVerification).toBe(true);
    expect((await failure(new Account(new Client().setEndpoint(aw.url).setProject(PROJECT)).createRecovery({ email: uniqueEmail('nobody'), url: SITE }))).type).toBe('user_not_found');
  });

  it('refuses an expired recovery link', async () => {
    const { email, user } = await signedUp();
    const guest = new Account(new Client().setEndpoint(aw.url).setProject(PROJECT));
    await guest.createRecovery({ email, url: `${SITE}/auth/reset-password` });
    const secret = linkIn(await latestMail(aw.url, email, 'Password Reset')).searchParams.get('secret')!;
    clockOffset = 2 * 3600_000;
    try {
      const e = await failure(guest.updateRecovery({ userId: user.$id, secret, password: 'brand-new-pass' }));
      expect([e.code, e.type]).toEqual([401, 'user_invalid_token']);
    } finally {
      clockOffset = 0;
    }
  });

  it('signs in with a magic URL and marks the e-mail verified', async () => {
    const email = uniqueEmail('magic');
    const b = browserClient(aw.url, PROJECT);
    const account = new Account(b.client);
    const token = await account.createMagicURLToken({ userId: ID.unique(), email, url: `${SITE}/sign-in` });
    expect(token.secret).toBe('');
    const link = linkIn(await latestMail(aw.url, email, 'Login'));
    expect(link.pathname).toBe('/sign-in');
    expect(link.searchParams.get('project')).toBe(PROJECT);
    const session = await account.updateMagicURLSession({ userId: link.searchParams.get('userId')!, secret: link.searchParams.get('secret')! });
    expect(session.provider).toBe('magic-url');
    expect(await account.get()).toMatchObject({ email, emailVerification: true });
    const again = new Account(new Client().setEndpoint(aw.url).setProject(PROJECT));
    expect((await failure(again.createSession({ userId: link.searchParams.get('userId')!, secret: link.searchParams.get('secret')! }))).type).toBe('user_invalid_token');
  });

  it('signs in with an e-mail code (OTP) and with a phone code', async () => {
    const email = uniqueEmail('otp');
    const account = new Account(browserClient(aw.url, PROJECT).client);
    const token = await account.createEmailToken({ userId: ID.unique(), email, phrase: true });
    expect(token.phrase).toMatch(/^\w+ \w+$/);
    const mail = await latestMail(aw.url, email, /^OTP for Agency Login$/);
    await account.createSession({ userId: token.userId, secret: codeIn(mail) });
    expect((await account.get()).email).toBe(email);

    const phone = `+23320${String(Date.now()).slice(-7)}`;
    const phoneAccount = new Account(browserClient(aw.url, PROJECT).client);
    const phoneToken = await phoneAccount.createPhoneToken({ userId: ID.unique(), phone });
    const sms = await latestMail(aw.url, phone);
    expect(sms).toMatchObject({ kind: 'sms', text: expect.stringMatching(/^\d{6} is your Agency verification code\.$/) });
    const wrong = await failure(phoneAccount.updatePhoneSession({ userId: phoneToken.userId, secret: '000000' === codeIn(sms) ? '111111' : '000000' }));
    expect(wrong.type).toBe('user_invalid_token');
    await phoneAccount.updatePhoneSession({ userId: phoneToken.userId, secret: codeIn(sms) });
    expect(await phoneAccount.get()).toMatchObject({ phone, phoneVerification: true });
  });

  it('verifies a phone number with the SMS code', async () => {
    const { account, password, user } = await signedUp();
    const phone = `+23324${String(Date.now()).slice(-7)}`;
    expect((await failure(account.createPhoneVerification())).type).toBe('user_phone_not_found');
    await account.updatePhone({ phone, password });
    await account.createPhoneVerification();
    const sms = await latestMail(aw.url, phone);
    await account.updatePhoneVerification({ userId: user.$id, secret: codeIn(sms) });
    expect((await account.get()).phoneVerification).toBe(true);
  });

  it('lists mail newest first, serves a readable page and can be cleared', async () => {
    const { account, email } = await signedUp();
    await account.createEmailVerification({ url: `${SITE}/verify-email` });
    await account.createRecovery({ email, url: `${SITE}/auth/reset-password` }).catch(() => undefined);
    const mails = await mailFor(aw.url, email);
    expect(mails.map((m) => m.subject)).toEqual(['Password Reset', 'Account Verification']);
    expect(mails[0]).toMatchObject({ to: email, kind: 'email', project: PROJECT, links: [expect.stringContaining('/auth/reset-password?')] });
    const page = await fetch(aw.mailboxUrl);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<h2>Password Reset</h2>');
    expect(html).toMatch(/<a href="http:\/\/localhost:8787\/auth\/reset-password\?userId=/);
    const cleared = await fetch(aw.mailboxApiUrl, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(await mailFor(aw.url, email)).toEqual([]);
  });
});

describe('JWTs', () => {
  it('creates a JWT that acts as the user through X-Appwrite-JWT', async () => {
    const { account, user } = await signedUp();
    const { jwt } = await account.createJWT();
    expect(jwt.split('.')).toHaveLength(3);
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { userId: string; sessionId: string; exp: number };
    expect(payload.userId).toBe(user.$id);
    expect(payload.exp - Date.now() / 1000).toBeGreaterThan(890);
    expect(payload.exp - Date.now() / 1000).toBeLessThanOrEqual(900);

    const server = new Account(new Client().setEndpoint(aw.url).setProject(PROJECT).setJWT(jwt));
    expect((await server.get()).$id).toBe(user.$id);

    const tampered = `${jwt.slice(0, -2)}xx`;
    const e = await failure(new Account(new Client().setEndpoint(aw.url).setProject(PROJECT).setJWT(tampered)).get());
    expect([e.code, e.type]).toEqual([401, 'user_jwt_invalid']);
    expect(e.message).toMatch(/^Failed to verify JWT\. Invalid token: Signature failed$/);
  });

  it('expires after its duration and dies with its session', async () => {
    const { account } = await signedUp();
    const { jwt } = await account.createJWT();
    const server = new Account(new Client().setEndpoint(aw.url).setProject(PROJECT).setJWT(jwt));
    clockOffset = 16 * 60_000;
    try {
      expect((await failure(server.get())).message).toBe('Failed to verify JWT. Invalid token: Expired');
    } finally {
      clockOffset = 0;
    }
    const { jwt: second } = await account.createJWT({ duration: 60 });
    await account.deleteSession({ sessionId: 'current' });
    const e = await failure(new Account(new Client().setEndpoint(aw.url).setProject(PROJECT).setJWT(second)).get());
    expect(e.type).toBe('general_unauthorized_scope');
  });

  it('needs a session', async () => {
    expect((await failure(new Account(new Client().setEndpoint(aw.url).setProject(PROJECT)).createJWT())).code).toBe(401);
  });
});

describe('projects', () => {
  it('keeps data per project and requires a project', async () => {
    const { email, password } = await signedUp();
    const elsewhere = new Account(new Client().setEndpoint(aw.url).setProject('another-project'));
    expect((await failure(elsewhere.createEmailPasswordSession({ email, password }))).type).toBe('user_invalid_credentials');
    const res = await fetch(`${aw.url}/account`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: 'project_not_found' });
  });
});
