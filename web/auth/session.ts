import type { AppwritePublicConfig } from '../../shared/config.ts';
import { appwrite } from './appwrite.ts';
import { asApiFailure, errorType } from './errors.ts';
import { setSessionHint } from './sessionHint.ts';
import { JwtCache } from './jwt.ts';
import { api, call } from '../api/client.ts';

// The session behind the auth state (web/auth/AuthContext.tsx loads this module on demand): who is signed
// in (Appwrite GET /account), their role (the Worker's GET /api/me: the role is looked up on the server,
// docs/decisions/0006), the JWT for /api calls, and sign-out.

import { isRole, type Role } from '../../shared/roles.ts';
export type { Role } from '../../shared/roles.ts';
export interface SessionUser {
  $id: string;
  email: string;
  name: string;
  emailVerification: boolean;
}
export type SessionState =
  | { status: 'signed-in'; user: SessionUser; role: Role }
  | { status: 'signed-out'; mfaRequired?: boolean };

const jwts = new JwtCache();

/** The signed-in account and role, or signed out. Throws only when Appwrite cannot be reached. */
export async function loadSession(config: AppwritePublicConfig): Promise<SessionState> {
  const { account } = await appwrite(config);
  let user: Awaited<ReturnType<typeof account.get>>;
  try {
    user = await account.get();
  } catch (err) {
    if (errorType(err) === 'user_more_factors_required') return { status: 'signed-out', mfaRequired: true };
    const { code } = asApiFailure(err);
    if (code === 401 || code === 403 || code === 404) {
      setSessionHint(false);
      jwts.clear();
      return { status: 'signed-out' };
    }
    throw err;
  }
  setSessionHint(true);
  const sessionUser = { $id: user.$id, email: user.email, name: user.name, emailVerification: user.emailVerification };
  return { status: 'signed-in', user: sessionUser, role: await fetchRole(config, user.$id) };
}

/** GET /api/me → { user, role }. When the server cannot say (accounts not set up there), the role is 'user'. */
export async function fetchRole(config: AppwritePublicConfig, userId: string): Promise<Role> {
  const out = await call(() => withJwt(config, userId, (headers) => api.me.$get(undefined, { headers })), () => '');
  return out.ok && isRole(out.data.role) ? out.data.role : 'user';
}

/** A JWT of the signed-in account (cached until shortly before its 15 minutes are up). */
export async function sessionJwt(config: AppwritePublicConfig, userId: string): Promise<string> {
  const { account } = await appwrite(config);
  return jwts.get(userId, async () => (await account.createJWT()).jwt);
}

/**
 * A call of the Worker's /api/me or /api/admin with `Authorization: Bearer <jwt>` (the headers `send` gets).
 * A 401 (the JWT went stale, e.g. after the session changed) is retried once with a new JWT.
 */
export async function withJwt<R extends { status: number }>(config: AppwritePublicConfig, userId: string, send: (headers: Record<string, string>) => Promise<R>): Promise<R> {
  const once = async () => send({ Authorization: `Bearer ${await sessionJwt(config, userId)}`, Accept: 'application/json' });
  let res = await once();
  if (res.status === 401) {
    jwts.clear();
    res = await once();
  }
  return res;
}

/** Deletes the current session. Already signed out counts as done; a network failure is thrown. */
export async function endSession(config: AppwritePublicConfig): Promise<void> {
  jwts.clear();
  const { account } = await appwrite(config);
  try {
    await account.deleteSession({ sessionId: 'current' });
  } catch (err) {
    const { code } = asApiFailure(err);
    if (code !== 401 && code !== 404) throw err;
  }
  setSessionHint(false);
}
