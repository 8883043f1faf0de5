// Who is calling: a session (cookie, X-Appwrite-Session or X-Fallback-Cookies), a JWT (X-Appwrite-JWT),
// an API key (X-Appwrite-Key) or a guest; then Appwrite's scope, blocked-user and MFA checks.
import type { IncomingHttpHeaders } from 'node:http';
import { AppwriteError } from './errors.ts';
import type { Auth, Ctx, Emulator, Route } from './context.ts';
import { getUser, MFA_RECENT, SESSIONS, verifySession } from './accounts.ts';
import { verifyJwt } from './jwt.ts';
import type { SessionRecord, UserRecord } from './types.ts';
import { decodeSession, sha256, timingSafeEqualStrings } from './util.ts';

const GUEST_SCOPES = ['public', 'global', 'home', 'health.read', 'sessions.write', 'documents.read', 'documents.write', 'rows.read', 'rows.write', 'files.read', 'files.write', 'locale.read', 'avatars.read', 'execution.write'];
const USER_SCOPES = [...GUEST_SCOPES, 'account', 'teams.read', 'teams.write', 'targets.read', 'targets.write', 'subscribers.read', 'subscribers.write'];

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (k && !(k in out)) out[k] = part.slice(i + 1).trim();
  }
  return out;
}

/** The session secret the request carries, from the first source that has one (Appwrite's order). */
export function sessionFromRequest(project: string, cookies: Record<string, string>, headers: IncomingHttpHeaders): string | undefined {
  const name = `a_session_${project}`;
  const fromCookie = cookies[name] || cookies[`${name}_legacy`];
  if (fromCookie) return fromCookie;
  const header = headers['x-appwrite-session'];
  if (typeof header === 'string' && header) return header;
  const fallback = headers['x-fallback-cookies'];
  if (typeof fallback === 'string' && fallback) {
    try {
      const parsed = JSON.parse(fallback) as Record<string, unknown>;
      const value = parsed?.[name];
      if (typeof value === 'string' && value) return value;
    } catch {
      // ignore malformed fallback
    }
  }
  return undefined;
}

/** Resolves an encoded session ({id, secret} in base64) or a bare session secret to its user and session. */
export function resolveSession(emu: Emulator, project: string, value: string | undefined): { user: UserRecord; session: SessionRecord } | undefined {
  if (!value) return undefined;
  const decoded = decodeSession(value);
  if (decoded) {
    const user = getUser(emu, project, decoded.id);
    const session = user && verifySession(emu, project, user.$id, decoded.secret);
    return user && session ? { user, session } : undefined;
  }
  const h = sha256(value);
  const t = emu.clock();
  const session = emu.store.list<SessionRecord>(project, SESSIONS).find((s) => s.secretHash === h && Date.parse(s.expire) > t);
  const user = session && getUser(emu, project, session.userId);
  return user && session ? { user, session } : undefined;
}

export function authenticate(ctx: Ctx): Auth {
  const { emu, project, req } = ctx;
  let auth: Auth = { role: 'guests' };
  const resolved = resolveSession(emu, project, sessionFromRequest(project, ctx.cookies, req.headers));
  if (resolved) auth = { role: 'users', user: resolved.user, session: resolved.session, via: 'session' };

  const jwt = req.headers['x-appwrite-jwt'];
  if (typeof jwt === 'string' && jwt) {
    let payload: Record<string, unknown>;
    try {
      payload = verifyJwt(jwt, emu.jwtKey, Math.floor(emu.clock() / 1000));
    } catch (error) {
      throw new AppwriteError('user_jwt_invalid', `Failed to verify JWT. ${(error as Error).message}`);
    }
    const user = typeof payload.userId === 'string' ? getUser(emu, project, payload.userId) : undefined;
    const session = typeof payload.sessionId === 'string' ? emu.store.get<SessionRecord>(project, SESSIONS, payload.sessionId) : undefined;
    auth = user && session && session.userId === user.$id && Date.parse(session.expire) > emu.clock() ? { role: 'users', user, session, via: 'jwt' } : { role: 'guests' };
  }

  const key = req.headers['x-appwrite-key'];
  if (typeof key === 'string' && key) {
    const found = (emu.seed.apiKeys ?? []).find((k) => timingSafeEqualStrings(k.secret, key));
    if (!found) throw new AppwriteError('user_unauthorized');
    if (found.expire && Date.parse(found.expire) < emu.clock()) throw new AppwriteError('project_key_expired');
    if (auth.role === 'users') throw new AppwriteError('user_api_key_and_session_set');
    auth = { role: 'applications', key: found };
  }
  return auth;
}

export function scopesOf(auth: Auth): string[] {
  if (auth.role === 'applications') return auth.key.scopes;
  return auth.role === 'users' ? USER_SCOPES : GUEST_SCOPES;
}

export function actorName(ctx: Ctx): string {
  if (ctx.auth.role === 'applications') return `app.${ctx.project}@service.${ctx.hostname}`;
  if (ctx.auth.role === 'users') return ctx.auth.user.email || 'User';
  return 'User';
}

/** Appwrite's shared API checks, in its order: scope, blocked user, then the MFA factor count. */
export function authorize(ctx: Ctx, route: Route) {
  const allowed = Array.isArray(route.scope) ? route.scope : [route.scope];
  const scopes = scopesOf(ctx.auth);
  if (!allowed.some((s) => scopes.includes(s))) {
    throw new AppwriteError('general_unauthorized_scope', `${actorName(ctx)} (role: ${ctx.auth.role}) missing scopes (${JSON.stringify(allowed)})`);
  }
  if (ctx.auth.role !== 'users') return;
  const { user, session } = ctx.auth;
  if (!user.status) throw new AppwriteError('user_blocked');
  const hasMoreFactors = user.emailVerification || user.phoneVerification || !!user.totp?.verified;
  const minimum = user.mfa && hasMoreFactors ? 2 : 1;
  if (!route.mfa && session && session.factors.length < minimum) throw new AppwriteError('user_more_factors_required');
  if (route.mfaProtected) {
    const fresh = session?.mfaUpdatedAt && Date.parse(session.mfaUpdatedAt) + MFA_RECENT * 1000 >= ctx.emu.clock();
    if (!fresh) throw new AppwriteError('user_challenge_required');
  }
}
