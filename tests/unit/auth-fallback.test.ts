import { afterEach, describe, expect, it, vi } from 'vitest';

// docs/product.md §13 and §16.1 for the SPA's account helpers: without Appwrite configured they do nothing and
// report success; when the SDK's code cannot be loaded, the magic link and the verification email go out
// through the direct REST calls.
const sdk = vi.hoisted(() => ({ appwrite: vi.fn() }));
vi.mock('../../web/auth/appwrite.ts', () => sdk);
vi.mock('../../web/auth/sessionHint.ts', () => ({ setSessionHint: vi.fn() }));

const helpers = await import('../../web/auth/helpers.ts');
const config = { endpoint: 'http://aw.test/v1', projectId: 'proj', databaseId: 'main' };

afterEach(() => {
  vi.unstubAllGlobals();
  sdk.appwrite.mockReset();
});

describe('account helpers', () => {
  it('not configured: every helper reports success without a call', async () => {
    const origin = 'http://localhost:8787';
    const results = await Promise.all([
      helpers.signUp(null, { name: 'A', email: 'a@b.co', password: 'password1' }, origin),
      helpers.signIn(null, { email: 'a@b.co', password: 'password1' }),
      helpers.sendVerification(null, origin),
      helpers.confirmVerification(null, { userId: 'u', secret: 's' }),
      helpers.sendRecovery(null, 'a@b.co', origin),
      helpers.resetPassword(null, { userId: 'u', secret: 's', password: 'password1' }),
      helpers.sendMagicLink(null, 'a@b.co', origin),
      helpers.completeMagicLink(null, { userId: 'u', secret: 's' }),
      helpers.signInWithProvider(null, 'github', origin),
      helpers.sendPhoneCode(null, { phone: '+233241234567', password: 'x' }),
      helpers.confirmPhone(null, { userId: 'u', code: '123456' }),
      helpers.completeMfa(null, { code: '123456' }),
    ]);
    for (const r of results) expect(r).toEqual({ success: true, skipped: true });
    expect(sdk.appwrite).not.toHaveBeenCalled();
  });

  it('failures return success false with the error, logged (a 4xx as a warning)', async () => {
    const refusal = Object.assign(new Error('Invalid credentials.'), { code: 401, type: 'user_invalid_credentials' });
    sdk.appwrite.mockResolvedValue({ account: { createEmailPasswordSession: vi.fn().mockRejectedValue(refusal) } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(helpers.signIn(config, { email: 'a@b.co', password: 'wrong-one' })).resolves.toEqual({ success: false, error: refusal });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('401 user_invalid_credentials'));
  });

  it('the SDK cannot load: the magic link goes out over REST to /account/tokens/magic-url', async () => {
    sdk.appwrite.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const fetch = vi.fn(async () => new Response('{"$id":"t"}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    await expect(helpers.sendMagicLink(config, ' ama@example.com ', 'http://localhost:8787')).resolves.toEqual({ success: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://aw.test/v1/account/tokens/magic-url');
    const body = JSON.parse(init.body as string) as { userId: string; email: string; url: string };
    expect(body.email).toBe('ama@example.com');
    expect(body.url).toBe('http://localhost:8787/sign-in');
    expect(body.userId).toMatch(/^[0-9a-f]{18,19}$/);
  });

  it("the REST fallbacks fail with the messages of docs/product.md §16.1", async () => {
    sdk.appwrite.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    vi.stubGlobal('fetch', vi.fn(async () => new Response('rate limited', { status: 429 })));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const magic = await helpers.sendMagicLink(config, 'ama@example.com', 'http://localhost:8787');
    expect(magic.success).toBe(false);
    expect((magic as { error: Error }).error.message).toBe('Magic link REST call failed: 429 rate limited');
    const verification = await helpers.sendVerification(config, 'http://localhost:8787');
    expect((verification as { error: Error }).error.message).toBe('Verification REST call failed: 429 rate limited');
  });
});
