// MFA in the Appwrite emulator against the real `appwrite` SDK: a TOTP authenticator checked with codes
// computed here (RFC 6238), the second factor enforced on new sessions, challenges and recovery codes.
import { createHmac } from 'node:crypto';
import { Account, AuthenticationFactor, AuthenticatorType, ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { testSeed } from '../emulators/appwrite/fixtures.ts';
import { browserClient, codeIn, latestMail, linkIn, failure } from '../emulators/appwrite/testing.ts';

const PROJECT = 'agency-mfa';
let aw: RunningAppwrite;
let clockOffset = 0;
const clock = () => Date.now() + clockOffset;

beforeAll(async () => {
  aw = await start({ port: 0, seed: testSeed, clock });
});
afterAll(async () => {
  await aw?.close();
});


/** An independent RFC 6238 implementation (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
function totpCode(secretBase32: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const o = mac[19]! & 15;
  return String((mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

let n = 0;
async function signedUp() {
  const email = `mfa.${Date.now()}.${n++}@example.com`;
  const password = 'password-123';
  const b = browserClient(aw.url, PROJECT);
  const account = new Account(b.client);
  const user = await account.create({ userId: ID.unique(), email, password });
  await account.createEmailPasswordSession({ email, password });
  return { account, user, email, password };
}

async function signIn(email: string, password: string) {
  const account = new Account(browserClient(aw.url, PROJECT).client);
  await account.createEmailPasswordSession({ email, password });
  return account;
}

describe('TOTP authenticator and the second factor', () => {
  it('adds a TOTP authenticator, then requires it on new sessions once MFA is on', async () => {
    const { account, email, password } = await signedUp();
    const { secret, uri } = await account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/${encodeURIComponent(`Agency:${email}`)}?secret=${secret}&issuer=Agency&algorithm=SHA1&digits=6&period=30`);

    const wrong = totpCode(secret, clock()) === '123456' ? '654321' : '123456';
    expect((await failure(account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: wrong }))).type).toBe('user_invalid_token');
    await account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: totpCode(secret, clock()) });
    expect(await account.listMFAFactors()).toEqual({ totp: true, phone: false, email: false, recoveryCode: false });
    expect((await failure(account.createMFAAuthenticator({ type: AuthenticatorType.Totp }))).type).toBe('user_authenticator_already_verified');

    const { recoveryCodes } = await account.createMFARecoveryCodes();
    expect(recoveryCodes).toHaveLength(10);
    expect((await failure(account.createMFARecoveryCodes())).type).toBe('user_recovery_codes_already_exists');

    expect((await account.updateMFA({ mfa: true })).mfa).toBe(true);
    expect((await account.get()).mfa).toBe(true); // the session that switched MFA on keeps working

    // A new sign-in gets a session, but needs the second factor before anything else.
    const second = await signIn(email, password);
    const blocked = await failure(second.get());
    expect([blocked.code, blocked.type, blocked.message]).toEqual([401, 'user_more_factors_required', 'More factors are required to complete the sign in process.']);
    expect(await second.listMFAFactors()).toMatchObject({ totp: true, recoveryCode: true });
    const challenge = await second.createMFAChallenge({ factor: AuthenticationFactor.Totp });
    expect(challenge).toMatchObject({ userId: expect.any(String), expire: expect.any(String) });
    expect((await failure(second.updateMFAChallenge({ challengeId: challenge.$id, otp: wrong }))).type).toBe('user_invalid_token');
    const session = await second.updateMFAChallenge({ challengeId: challenge.$id, otp: totpCode(secret, clock()) });
    expect(session.factors).toEqual(['password', 'totp']);
    expect((await second.get()).email).toBe(email);

    // A recovery code stands in for the authenticator, once.
    const third = await signIn(email, password);
    const rc = await third.createMFAChallenge({ factor: AuthenticationFactor.Recoverycode });
    await third.updateMFAChallenge({ challengeId: rc.$id, otp: recoveryCodes[0]! });
    expect((await third.get()).email).toBe(email);
    const fourth = await signIn(email, password);
    const reuse = await fourth.createMFAChallenge({ factor: AuthenticationFactor.Recoverycode });
    expect((await failure(fourth.updateMFAChallenge({ challengeId: reuse.$id, otp: recoveryCodes[0]! }))).type).toBe('user_invalid_token');

    // Reading the codes needs a challenge completed in the last five minutes.
    expect((await third.getMFARecoveryCodes()).recoveryCodes).toEqual(recoveryCodes.slice(1));
    clockOffset = 6 * 60_000;
    try {
      const stale = await failure(third.getMFARecoveryCodes());
      expect([stale.code, stale.type]).toEqual([401, 'user_challenge_required']);
      expect((await failure(third.deleteMFAAuthenticator({ type: AuthenticatorType.Totp }))).type).toBe('user_challenge_required');
      const fresh = await third.createMFAChallenge({ factor: AuthenticationFactor.Totp });
      await third.updateMFAChallenge({ challengeId: fresh.$id, otp: totpCode(secret, clock()) });
      const regenerated = await third.updateMFARecoveryCodes();
      expect(regenerated.recoveryCodes).toHaveLength(10);
      expect(regenerated.recoveryCodes).not.toContain(recoveryCodes[1]);
      await third.deleteMFAAuthenticator({ type: AuthenticatorType.Totp });
      expect((await third.listMFAFactors()).totp).toBe(false);
    } finally {
      clockOffset = 0;
    }
  });

  it('challenges a verified e-mail address with a code sent to the mailbox', async () => {
    const { account, user, email, password } = await signedUp();
    await account.createEmailVerification({ url: 'http://localhost:8787/verify-email' });
    const link = linkIn(await latestMail(aw.url, email, 'Account Verification'));
    await account.updateEmailVerification({ userId: user.$id, secret: link.searchParams.get('secret')! });
    await account.updateMFA({ mfa: true });

    const next = await signIn(email, password);
    expect((await failure(next.get())).type).toBe('user_more_factors_required');
    expect((await failure(next.createMFAChallenge({ factor: AuthenticationFactor.Phone }))).type).toBe('user_phone_not_found');
    const challenge = await next.createMFAChallenge({ factor: AuthenticationFactor.Email });
    const mail = await latestMail(aw.url, email, 'Verification Code for Agency');
    await next.updateMFAChallenge({ challengeId: challenge.$id, otp: codeIn(mail) });
    expect((await next.get()).$id).toBe(user.$id);
    await next.deleteSession({ sessionId: 'current' });
  });

  it('does not ask for a second factor while MFA is off', async () => {
    const { email, password } = await signedUp();
    expect((await (await signIn(email, password)).get()).mfa).toBe(false);
  });
});
