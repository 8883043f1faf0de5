import type { AppwritePublicConfig } from '../../shared/config.ts';
import { uniqueId } from '../../shared/id.ts';
import { appwrite, type AppwriteHandle } from './appwrite.ts';
import { asApiFailure, errorType, isApiAnswer, isClientMistake, type AuthAction } from './errors.ts';
import { restMagicLink, restVerification } from './rest.ts';
import { setSessionHint } from './sessionHint.ts';
import { recoveryUrl, returnUrls, type OAuthProviderId } from './urls.ts';

// The account helpers of docs/product.md §13 and §16.1, on the appwrite web SDK (loaded on demand):
//   - "If the backend is not configured, the helpers do nothing and report success": config null gives
//     { success: true, skipped: true } without a single request.
//   - "Backend helper failures return success false with the error. Auth helpers log the error and return
//     it." A refusal caused by what the person typed (4xx) is logged as a warning, anything else as an error.
//   - Magic link and verification fall back to a direct REST call when the SDK cannot make the call (its
//     code did not load); those calls fail with the messages of docs/product.md §16.1 (web/auth/rest.ts).

export type Result<T = undefined> =
  | { success: true; data?: T; skipped?: true }
  | { success: false; error: unknown };

type Config = AppwritePublicConfig | null;

const skipped = { success: true, skipped: true } as const;

function log(action: AuthAction, err: unknown) {
  const { type, code, message } = asApiFailure(err);
  const line = `Account call failed (${action})${code ? `: ${code} ${type ?? ''}` : ''} ${message ?? ''}`.trim();
  if (isClientMistake(err)) console.warn(line);
  else console.error(line, err);
}

async function run<T>(config: Config, action: AuthAction, call: (aw: AppwriteHandle) => Promise<T>): Promise<Result<T>> {
  if (!config) return skipped;
  try {
    return { success: true, data: await call(await appwrite(config)) };
  } catch (err) {
    log(action, err);
    return { success: false, error: err };
  }
}

/** Signs in with email and password. A session this browser already holds is reused if it is the same person's. */
async function emailSession(aw: AppwriteHandle, email: string, password: string) {
  try {
    await aw.account.createEmailPasswordSession({ email, password });
  } catch (err) {
    if (errorType(err) !== 'user_session_already_exists') throw err;
    // A session this page did not know about (storage cleared, or another tab).
    const current = await aw.account.get().catch(() => null);
    if (current && current.email.toLowerCase() === email.trim().toLowerCase()) {
      setSessionHint(true);
      return;
    }
    await aw.account.deleteSession({ sessionId: 'current' }).catch(() => {});
    await aw.account.createEmailPasswordSession({ email, password });
  }
  setSessionHint(true);
}

// --- Sign-up, sign-in ------------------------------------------------------------------------------

/** Sign-up: a new account (new unique id, email, password, name), signed in, and the verification email. */
export function signUp(config: Config, input: { name: string; email: string; password: string }, origin: string): Promise<Result<{ verificationSent: boolean }>> {
  return run(config, 'sign-up', async (aw) => {
    await aw.account.create({ userId: aw.sdk.ID.unique(), email: input.email.trim(), password: input.password, name: input.name.trim() });
    await emailSession(aw, input.email, input.password);
    const sent = await sendVerification(config, origin);
    return { verificationSent: sent.success };
  });
}

export function signIn(config: Config, input: { email: string; password: string }): Promise<Result> {
  return run(config, 'sign-in', async (aw) => {
    await emailSession(aw, input.email.trim(), input.password);
    return undefined;
  });
}

/** The second step of a sign-in with MFA: a code from the authenticator app, or a recovery code. */
export function completeMfa(config: Config, input: { code: string; recovery?: boolean }): Promise<Result> {
  return run(config, 'mfa-challenge', async (aw) => {
    const factor = input.recovery ? aw.sdk.AuthenticationFactor.Recoverycode : aw.sdk.AuthenticationFactor.Totp;
    const challenge = await aw.account.createMFAChallenge({ factor });
    await aw.account.updateMFAChallenge({ challengeId: challenge.$id, otp: input.code.replace(/\s+/g, '') });
    setSessionHint(true);
    return undefined;
  });
}

// --- Email verification ----------------------------------------------------------------------------

/** Sends the verification email of the signed-in account, with the return address {origin}/verify-email. */
export async function sendVerification(config: Config, origin: string): Promise<Result> {
  if (!config) return skipped;
  const url = returnUrls(origin).verifyEmail;
  let aw: AppwriteHandle;
  try {
    aw = await appwrite(config);
  } catch {
    // The SDK did not load: the direct REST call of docs/product.md §13.4.
    try {
      await restVerification(config, { url });
      return { success: true };
    } catch (err) {
      log('send-verification', err);
      return { success: false, error: err };
    }
  }
  try {
    await aw.account.createEmailVerification({ url });
    return { success: true };
  } catch (err) {
    log('send-verification', err);
    return { success: false, error: err };
  }
}

/** The landing of the verification link: userId and secret from the address. */
export function confirmVerification(config: Config, link: { userId: string; secret: string }): Promise<Result> {
  return run(config, 'verify-email', async (aw) => {
    await aw.account.updateEmailVerification(link);
    return undefined;
  });
}

// --- Recovery --------------------------------------------------------------------------------------

/** Sends the recovery email, with the return address {origin}/auth/reset-password. */
export function sendRecovery(config: Config, email: string, origin: string): Promise<Result> {
  return run(config, 'recovery', async (aw) => {
    await aw.account.createRecovery({ email: email.trim(), url: recoveryUrl(origin) });
    return undefined;
  });
}

export function resetPassword(config: Config, input: { userId: string; secret: string; password: string }): Promise<Result> {
  return run(config, 'reset-password', async (aw) => {
    await aw.account.updateRecovery(input);
    return undefined;
  });
}

// --- Magic link ------------------------------------------------------------------------------------

/** Sends a sign-in link to {origin}/sign-in; falls back to the REST call when the SDK cannot be loaded. */
export async function sendMagicLink(config: Config, email: string, origin: string): Promise<Result> {
  if (!config) return skipped;
  const params = { userId: uniqueId(), email: email.trim(), url: returnUrls(origin).magicLink };
  try {
    const aw = await appwrite(config);
    await aw.account.createMagicURLToken(params);
    return { success: true };
  } catch (err) {
    if (isApiAnswer(err)) {
      log('magic-link', err);
      return { success: false, error: err };
    }
  }
  try {
    await restMagicLink(config, params);
    return { success: true };
  } catch (err) {
    log('magic-link', err);
    return { success: false, error: err };
  }
}

/** The landing of the magic link on /sign-in: a session from its userId and secret. */
export function completeMagicLink(config: Config, link: { userId: string; secret: string }): Promise<Result> {
  return run(config, 'magic-session', async (aw) => {
    try {
      await aw.account.createSession(link);
    } catch (err) {
      if (errorType(err) !== 'user_session_already_exists') throw err;
      await aw.account.deleteSession({ sessionId: 'current' }).catch(() => {});
      await aw.account.createSession(link);
    }
    setSessionHint(true);
    return undefined;
  });
}

// --- OAuth -----------------------------------------------------------------------------------------

/** Leaves for the provider; success returns to {origin}/, failure to the sign-in page. */
export function signInWithProvider(config: Config, provider: OAuthProviderId, origin: string): Promise<Result> {
  return run(config, 'oauth', async (aw) => {
    const urls = returnUrls(origin);
    // The page comes back from a redirect: remember that a session may exist (web/auth/hint.ts).
    setSessionHint(true);
    aw.account.createOAuth2Session({ provider: provider as never, success: urls.oauthSuccess, failure: urls.oauthFailure });
    return undefined;
  });
}

// --- Phone -----------------------------------------------------------------------------------------

/**
 * Sends the SMS code. A new or changed number is saved first, which Appwrite allows only with the account
 * password.
 */
export function sendPhoneCode(config: Config, input: { phone?: string; password?: string }): Promise<Result> {
  return run(config, 'phone', async (aw) => {
    if (input.phone) await aw.account.updatePhone({ phone: input.phone, password: input.password ?? '' });
    await aw.account.createPhoneVerification();
    return undefined;
  });
}

export function confirmPhone(config: Config, input: { userId: string; code: string }): Promise<Result> {
  return run(config, 'verify-phone', async (aw) => {
    await aw.account.updatePhoneVerification({ userId: input.userId, secret: input.code.replace(/\s+/g, '') });
    return undefined;
  });
}

/** The signed-in account as Appwrite has it now (the dashboard and the phone page read it). */
export function currentAccount(config: Config) {
  return run(config, 'session', (aw) => aw.account.get());
}

export { run as accountCall };
