import type { Context, MiddlewareHandler } from 'hono';
import type { ApiError } from '../shared/api.ts';
import { isStaff, lookupRole, type Role } from '../shared/appwrite/roles.ts';
import { appConfig } from './config.ts';
import {
  AppwriteApiError, appwriteSettings, AppwriteUnavailableError, jwtClient, profileStore, serverClient,
  type AppwriteClient, type AppwriteSettings,
} from './appwrite.ts';

// Server-side authorisation (ARCHITECTURE.md decision 7). The SPA sends `Authorization: Bearer <jwt>`
// with a JWT from the appwrite SDK's account.createJWT(); the Worker asks Appwrite whose it is
// (GET /account with X-Appwrite-JWT), then looks the role up itself with the server key, in the order of
// spec.md section 6. Nothing the browser says about its role is believed.

export interface SignedIn {
  user: { id: string; email: string; name: string; emailVerified: boolean };
  role: Role;
}

export type AuthEnv = {
  Bindings: Env;
  Variables: {
    auth: SignedIn;
    /** The server's Appwrite client (API key) and settings, for the route. */
    appwrite: { client: AppwriteClient; settings: AppwriteSettings & { apiKey: string } };
  };
};

export const authMessages = {
  notConfigured: 'Accounts are not available on this site right now: the account service (Appwrite) is not configured.',
  noServerKey: 'Accounts are not available on this site right now: the server has no Appwrite API key.',
  unauthenticated: 'Sign in to continue.',
  invalidSession: 'Your session has expired or is no longer valid. Please sign in again.',
  unreachable: 'We could not reach the account service. Please try again in a moment.',
  upstream: 'The account service answered unexpectedly. Please try again later.',
  staffOnly: 'This area is for staff (admins and moderators) only.',
  adminOnly: 'Only an admin can do this.',
} as const;

const noStore = { 'Cache-Control': 'private, no-store' };

export function apiError(c: Context, status: 400 | 401 | 403 | 404 | 409 | 415 | 422 | 502 | 503, error: string, message: string, extra: Partial<ApiError> = {}) {
  const headers: Record<string, string> = { ...noStore };
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  if (status === 503 || status === 502) headers['Retry-After'] = '30';
  return c.json<ApiError>({ error, message, ...extra }, status, headers);
}

/** 503 when Appwrite cannot be reached, 502 when it answered something we cannot use; logged either way. */
export function upstreamFailure(c: Context, err: unknown, what: string) {
  if (err instanceof AppwriteUnavailableError) {
    console.error(JSON.stringify({ event: 'appwrite.unavailable', what, error: err.message }));
    return apiError(c, 503, 'accounts_unreachable', authMessages.unreachable);
  }
  console.error(JSON.stringify({ event: 'appwrite.error', what, error: err instanceof Error ? err.message : String(err), type: err instanceof AppwriteApiError ? err.type : null }));
  return apiError(c, 502, 'accounts_error', authMessages.upstream);
}

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
export const requireUser: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const settings = appwriteSettings(appConfig(c.env));
  if (!settings) return apiError(c, 503, 'accounts_unavailable', authMessages.notConfigured);
  if (!settings.apiKey) return apiError(c, 503, 'accounts_unavailable', authMessages.noServerKey);

  const header = c.req.header('Authorization');
  if (!header) return apiError(c, 401, 'unauthenticated', authMessages.unauthenticated);
  const jwt = bearer(header);
  if (!jwt || !JWT_SHAPE.test(jwt)) return apiError(c, 401, 'invalid_session', authMessages.invalidSession);

  let account;
  try {
    account = await jwtClient(settings, jwt).account();
  } catch (err) {
    // 401: an invalid or expired JWT, a session that was signed out, a blocked user, a missing MFA step.
    if (err instanceof AppwriteApiError && err.status === 401) return apiError(c, 401, 'invalid_session', authMessages.invalidSession);
    return upstreamFailure(c, err, 'GET /account');
  }
  if (!account || typeof account.$id !== 'string') return upstreamFailure(c, new Error('GET /account answered without $id'), 'GET /account');

  const server = serverClient({ ...settings, apiKey: settings.apiKey });
  let role: Role;
  try {
    const found = await lookupRole(profileStore(server, settings.databaseId), {
      id: account.$id,
      email: account.email ?? '',
      emailVerified: account.emailVerification === true,
    });
    role = found.role;
  } catch (err) {
    return upstreamFailure(c, err, 'role lookup');
  }
  c.set('auth', {
    user: { id: account.$id, email: account.email ?? '', name: account.name ?? '', emailVerified: account.emailVerification === true },
    role,
  });
  c.set('appwrite', { client: server, settings: { ...settings, apiKey: settings.apiKey } });
  await next();
  c.header('Cache-Control', 'private, no-store');
};

/** After requireUser: only these roles pass; others get 403. */
export function requireRole(roles: readonly Role[], message: string = authMessages.staffOnly): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (!roles.includes(c.get('auth').role)) return apiError(c, 403, 'forbidden', message);
    await next();
  };
}

/** Admins and moderators. */
export const requireStaff: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!isStaff(c.get('auth').role)) return apiError(c, 403, 'forbidden', authMessages.staffOnly);
  await next();
};
