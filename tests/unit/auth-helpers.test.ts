import { describe, expect, it, vi } from 'vitest';
import { authErrors, describeAuthError, isClientMistake } from '../../web/auth/errors.ts';
import { JWT_LIFETIME_MS, JWT_MARGIN_MS, JwtCache } from '../../web/auth/jwt.ts';
import { restErrors, restMagicLink, restVerification } from '../../web/auth/rest.ts';
import { linkParams, oauthFailure, recoveryUrl, returnUrls } from '../../web/auth/urls.ts';
import { checkCode, checkEmail, checkNewPassword, formMessages, normalisePhone } from '../../web/auth/validation.ts';

// The SPA's account helpers that need no browser: return addresses, Appwrite's errors as messages, the
// REST fallbacks with the error strings of docs/product.md §16.1, the JWT cache and the form checks.

const appwriteError = (type: string, code: number, message = '') => Object.assign(new Error(message), { type, code, name: 'AppwriteException' });

describe('return addresses (docs/product.md §18)', () => {
  it('sign-up verification, recovery, magic link and OAuth return to this origin', () => {
    expect(returnUrls('https://voltalabs.example')).toEqual({
      verifyEmail: 'https://voltalabs.example/verify-email',
      resetPassword: 'https://voltalabs.example/auth/reset-password',
      magicLink: 'https://voltalabs.example/sign-in',
      oauthSuccess: 'https://voltalabs.example/',
      oauthFailure: 'https://voltalabs.example/sign-in?oauth=failed',
    });
    expect(returnUrls('http://localhost:8787/').verifyEmail).toBe('http://localhost:8787/verify-email');
  });

  it('the recovery address must be a valid URL, else the error says to register the origin as a web platform', () => {
    expect(recoveryUrl('http://localhost:8787')).toBe('http://localhost:8787/auth/reset-password');
    expect(() => recoveryUrl('')).toThrow(/Register this site's origin .* as a Web platform in the Appwrite console/);
    expect(() => recoveryUrl('not a url')).toThrow(/is not a valid URL/);
    expect(() => recoveryUrl('file://')).toThrow(/Web platform/);
  });

  it('reads userId and secret from a link, and recognises a failed OAuth return', () => {
    expect(linkParams('?userId=abc&secret=s3cr3t&expire=2026')).toEqual({ userId: 'abc', secret: 's3cr3t' });
    expect(linkParams('?userId=abc')).toBeNull();
    expect(linkParams('')).toBeNull();
    expect(oauthFailure('?oauth=failed')).toBe(true);
    expect(oauthFailure('?error=%7B%22message%22%3A%22x%22%7D')).toBe(true);
    expect(oauthFailure('?userId=1')).toBe(false);
  });
});

describe('Appwrite errors as messages for people', () => {
  it('wrong password, taken email, weak password and an expired link', () => {
    expect(describeAuthError(appwriteError('user_invalid_credentials', 401), 'sign-in')).toEqual({ message: authErrors.wrongPassword, field: 'password' });
    expect(describeAuthError(appwriteError('user_already_exists', 409), 'sign-up')).toEqual({ message: authErrors.emailTaken, field: 'email' });
    expect(describeAuthError(appwriteError('general_argument_invalid', 400, 'Invalid `password` param: Password must be between 8 and 256 characters long.'), 'sign-up'))
      .toEqual({ message: authErrors.weakPassword, field: 'password' });
    expect(describeAuthError(appwriteError('user_invalid_token', 401), 'verify-email')).toEqual({ message: authErrors.expiredLink });
    expect(describeAuthError(appwriteError('user_invalid_token', 401), 'reset-password')).toEqual({ message: authErrors.expiredLink });
    expect(describeAuthError(appwriteError('user_invalid_token', 401), 'verify-phone')).toEqual({ message: authErrors.invalidCode, field: 'code' });
  });

  it('the current password on the dashboard is its own field', () => {
    expect(describeAuthError(appwriteError('user_invalid_credentials', 401), 'password')).toEqual({ message: authErrors.wrongCurrentPassword, field: 'oldPassword' });
    expect(describeAuthError(appwriteError('user_invalid_credentials', 401), 'profile')).toEqual({ message: authErrors.wrongCurrentPassword, field: 'password' });
  });

  it('rate limits, network failures and anything unknown', () => {
    expect(describeAuthError(appwriteError('general_rate_limit_exceeded', 429), 'sign-in').message).toBe(authErrors.rateLimited);
    expect(describeAuthError(new TypeError('Failed to fetch'), 'sign-in').message).toBe(authErrors.network);
    expect(describeAuthError(appwriteError('general_server_error', 500), 'sign-in').message).toBe(authErrors.unexpected);
    // Appwrite's own text is never shown.
    expect(describeAuthError(appwriteError('something_new', 400, 'Internal detail'), 'sign-in').message).not.toContain('Internal detail');
  });

  it('a 4xx is the person’s mistake (logged as a warning), anything else is not', () => {
    expect(isClientMistake(appwriteError('user_invalid_credentials', 401))).toBe(true);
    expect(isClientMistake(appwriteError('general_server_error', 500))).toBe(false);
    expect(isClientMistake(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('REST fallbacks (docs/product.md §16.1)', () => {
  const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 201, headers: { 'Content-Type': 'application/json' } });

  it("without an endpoint: 'No backend endpoint configured'", async () => {
    const fetch = vi.fn();
    await expect(restMagicLink({ endpoint: '', projectId: 'p', fetch }, { userId: 'u', email: 'a@b.co', url: 'http://x/sign-in' })).rejects.toThrow('No backend endpoint configured');
    await expect(restVerification({ endpoint: '  ', projectId: 'p', fetch }, { url: 'http://x/verify-email' })).rejects.toThrow(restErrors.noEndpoint);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("failures: 'Magic link REST call failed: {status} {body}' and 'Verification REST call failed: {status} {body}'", async () => {
    const body = '{"message":"Invalid `email` param","code":400,"type":"general_argument_invalid"}';
    const fetch = vi.fn(async () => new Response(body, { status: 400 }));
    await expect(restMagicLink({ endpoint: 'http://aw/v1', projectId: 'p', fetch }, { userId: 'u', email: 'x', url: 'http://x/sign-in' }))
      .rejects.toThrow(`Magic link REST call failed: 400 ${body}`);
    const fetch401 = vi.fn(async () => new Response('nope', { status: 401 }));
    await expect(restVerification({ endpoint: 'http://aw/v1', projectId: 'p', fetch: fetch401 }, { url: 'http://x/verify-email' }))
      .rejects.toThrow('Verification REST call failed: 401 nope');
  });

  it('the calls: POST to Appwrite with the project header, the session cookie and the JSON body', async () => {
    const fetch = vi.fn(async (..._args: unknown[]) => ok({ $id: 't1' }));
    await expect(restMagicLink({ endpoint: 'http://aw/v1/', projectId: 'proj', fetch }, { userId: 'u1', email: 'a@b.co', url: 'http://x/sign-in' })).resolves.toEqual({ $id: 't1' });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://aw/v1/account/tokens/magic-url');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['X-Appwrite-Project']).toBe('proj');
    expect(JSON.parse(init.body as string)).toEqual({ userId: 'u1', email: 'a@b.co', url: 'http://x/sign-in' });
    await restVerification({ endpoint: 'http://aw/v1', projectId: 'proj', fetch }, { url: 'http://x/verify-email' });
    expect(fetch.mock.calls[1]![0]).toBe('http://aw/v1/account/verification');
  });
});

describe('JWT cache', () => {
  it('reuses a JWT until shortly before its 15 minutes are up, per account', async () => {
    let now = 1_000_000;
    const cache = new JwtCache(() => now);
    let n = 0;
    const create = vi.fn(async () => `jwt-${++n}`);
    expect(await cache.get('u1', create)).toBe('jwt-1');
    now += JWT_LIFETIME_MS - JWT_MARGIN_MS - 1;
    expect(await cache.get('u1', create)).toBe('jwt-1');
    now += 1;
    expect(await cache.get('u1', create)).toBe('jwt-2');
    expect(await cache.get('u2', create)).toBe('jwt-3');
    cache.clear();
    expect(await cache.get('u2', create)).toBe('jwt-4');
    expect(create).toHaveBeenCalledTimes(4);
  });

  it('concurrent callers share one request; a failure is not cached', async () => {
    const cache = new JwtCache(() => 0);
    let release!: (v: string) => void;
    const create = vi.fn(() => new Promise<string>((r) => (release = r)));
    const a = cache.get('u', create);
    const b = cache.get('u', create);
    release('shared');
    expect(await Promise.all([a, b])).toEqual(['shared', 'shared']);
    expect(create).toHaveBeenCalledTimes(1);

    const failing = new JwtCache(() => 0);
    await expect(failing.get('u', async () => { throw new Error('offline'); })).rejects.toThrow('offline');
    expect(await failing.get('u', async () => 'fresh')).toBe('fresh');
  });
});

describe('form checks', () => {
  it('email, password of 8+ characters, 6-digit codes', () => {
    expect(checkEmail('ama@example.com')).toBeUndefined();
    expect(checkEmail('ama@example')).toBe(formMessages.email);
    expect(checkNewPassword('1234567')).toBe(formMessages.passwordShort);
    expect(checkNewPassword('12345678')).toBeUndefined();
    expect(checkNewPassword('x'.repeat(257))).toBe(formMessages.passwordLong);
    expect(checkCode('123 456')).toBeUndefined();
    expect(checkCode('12345')).toBe(formMessages.code);
  });

  it('phone numbers as Appwrite wants them (E.164)', () => {
    expect(normalisePhone('+233 24 123 4567')).toBe('+233241234567');
    expect(normalisePhone('00233-24-123-4567')).toBe('+233241234567');
    expect(normalisePhone('(+1) 415.555.0100')).toBe('+14155550100');
    expect(normalisePhone('0241234567')).toBeNull();
    expect(normalisePhone('+0123456789')).toBeNull();
    expect(normalisePhone('+1234567890123456')).toBeNull();
  });
});
