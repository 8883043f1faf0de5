import { createMiddleware } from 'hono/factory';
import { lookupRole, type AccountRef, type Role } from '../shared/appwrite/roles.ts';
import type { AppEnv } from './env.ts';
import { accountMessages, apiError, appwriteOdd } from './errors.ts';
import {
  AppwriteApiError, appwriteSettings, jwtClient, profileStore, serverClient,
  type AppwriteClient, type AppwriteSettings, type AppwriteUser,
} from '../platform/appwrite.ts';

// Server-side authorisation (docs/decisions/0006). The SPA sends `Authorization: Bearer <jwt>`
// with a JWT from the appwrite SDK's account.createJWT(); the Worker asks Appwrite whose it is
// (GET /account with X-Appwrite-JWT), then looks the role up itself with the server key, in the order of
// docs/product.md §3. Nothing the browser says about its role is believed.

export interface SignedIn {
  user: { id: string; email: string; name: string; emailVerified: boolean };
  role: Role;
  /** The account as role lookups need it (with its registration time, which binds its profile). */
  account: AccountRef;
}

/** What requireUser adds to the request: only a route behind it (or behind allow) may read these. */
export type AuthVariables = {
  auth: SignedIn;
  /** The server's Appwrite client (API key) and settings, for the route. */
  appwrite: { client: AppwriteClient; settings: AppwriteSettings & { apiKey: string } };
};

/** A route behind requireUser. Sub-apps are `Hono<AppEnv>`: the guard on the route brings these variables. */
export type AuthEnv = {
  Bindings: Env;
  Variables: AppEnv['Variables'] & AuthVariables;
};

export const authMessages = {
  notConfigured: 'Accounts are not available on this site right now: the account service (Appwrite) is not configured.',
  noServerKey: 'Accounts are not available on this site right now: the server has no Appwrite API key.',
  unauthenticated: 'Sign in to continue.',
  invalidSession: 'Your session has expired or is no longer valid. Please sign in again.',
  unreachable: accountMessages.unreachable,
  upstream: accountMessages.upstream,
  staffOnly: 'This area is for staff (admins and moderators) only.',
  adminOnly: 'Only an admin can do this.',
} as const;

/** An Appwrite account (GET /account, GET /users/{id}) as role lookups need it. */
export const accountRef = (u: Pick<AppwriteUser, '$id' | 'email' | 'emailVerification' | 'registration'>): AccountRef =>
  ({ id: u.$id, email: u.email ?? '', emailVerified: u.emailVerification === true, registration: u.registration ?? '' });

/** A JWT's shape (three base64url parts) and a sane size, checked before anything is sent to Appwrite. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m && m[1]!.length <= 4096 ? m[1]! : null;
}

/**
 * Requires a signed-in Appwrite user. Sets `auth` (user and role) and `appwrite` (the server client).
 * 503 not configured · 401 no or invalid JWT · 503/502 Appwrite unreachable or odd.
 */
export const requireUser = createMiddleware<AuthEnv>(async (c, next) => {
  const settings = appwriteSettings(c.var.config);
  if (!settings) return apiError(c, 503, 'accounts_unavailable', authMessages.notConfigured);
  if (!settings.apiKey) return apiError(c, 503, 'accounts_unavailable', authMessages.noServerKey);

  const header = c.req.header('Authorization');
  if (!header) return apiError(c, 401, 'unauthenticated', authMessages.unauthenticated);
  const jwt = bearer(header);
  if (!jwt || !JWT_SHAPE.test(jwt)) return apiError(c, 401, 'invalid_session', authMessages.invalidSession);

  // Any other failure of Appwrite is thrown: the API's onError answers 503/502 (functions/pipeline.ts).
  const account = await jwtClient(settings, jwt).account().catch((err: unknown) => {
    // 401: an invalid or expired JWT, a session that was signed out, a blocked user, a missing MFA step.
    if (err instanceof AppwriteApiError && err.status === 401) return 'invalid' as const;
    throw err;
  });
  if (account === 'invalid') return apiError(c, 401, 'invalid_session', authMessages.invalidSession);
  if (!account || typeof account.$id !== 'string') throw appwriteOdd('GET /account answered without $id');

  const server = serverClient({ ...settings, apiKey: settings.apiKey });
  const ref = accountRef(account);
  const { role } = await lookupRole(profileStore(server, settings.databaseId), ref);
  c.set('auth', {
    user: { id: account.$id, email: account.email ?? '', name: account.name ?? '', emailVerified: account.emailVerification === true },
    role,
    account: ref,
  });
  c.set('appwrite', { client: server, settings: { ...settings, apiKey: settings.apiKey } });
  await next();
  c.header('Cache-Control', 'private, no-store');
});
