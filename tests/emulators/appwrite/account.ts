// The Account API: sign-up, profile updates, sessions, tokens (magic URL, e-mail and phone codes),
// recovery, verification, JWTs, identities, logs and push targets.
import { AppwriteError, invalidParam } from './errors.ts';
import {
  clearSessionCookies, CONFIRM_DURATION, consumeToken, deleteSession, findUserByEmail, findUserByPhone, getUser, IDENTITIES,
  insertUser, issueToken, log, LOGS, mail, OTP_DURATION, projectName, publishAccount, saveUser, SESSIONS, setEmail, setPhone, sms,
  startSession, userSessions, withQuery,
} from './accounts.ts';
import {
  customId, email, json, noContent, now, optNumber, optString, password, phone, raw, redirectUrl, reqString, requireUser, type Ctx, type Route,
} from './context.ts';
import { signJwt } from './jwt.ts';
import { accountModel, identityModel, logModel, sessionModel, tokenModel } from './models.ts';
import { parseQueries, plan, run } from './queries.ts';
import type { IdentityRecord, LogRecord, SessionRecord, TokenType, UserRecord } from './types.ts';
import { code, hashPassword, iso, secret, uniqueId, verifyPassword } from './util.ts';

const ADJECTIVES = ['Brave', 'Calm', 'Eager', 'Gentle', 'Happy', 'Jolly', 'Kind', 'Lively', 'Proud', 'Quiet', 'Swift', 'Witty'];
const NOUNS = ['Lion', 'Falcon', 'Otter', 'Baobab', 'River', 'Mango', 'Drum', 'Kente', 'Harbour', 'Comet', 'Heron', 'Lagoon'];
const phrase = () => `${ADJECTIVES[Math.floor(Math.random() * ADJECTIVES.length)]} ${NOUNS[Math.floor(Math.random() * NOUNS.length)]}`;

/** Only API keys see token secrets in responses, as in Appwrite. */
const secretFor = (ctx: Ctx, value: string) => (ctx.auth.role === 'applications' ? value : '');

const defaultUrl = (ctx: Ctx, path: string) => `${ctx.protocol}://${ctx.req.headers.host ?? ctx.hostname}${path}`;

function currentSessionOf(ctx: Ctx): SessionRecord {
  const { session } = requireUser(ctx);
  if (!session) throw new AppwriteError('user_session_not_found');
  return session;
}

async function checkPassword(user: UserRecord, given: string) {
  if (user.passwordUpdate && !(await verifyPassword(given, user.password))) throw new AppwriteError('user_invalid_credentials');
}

/** Changing e-mail or phone takes the password; an account that has none yet (OAuth, magic URL, phone
 * sign-in) adopts the one given, as Appwrite does. */
async function adoptPasswordIfNone(user: UserRecord, pw: string, at: string) {
  if (user.passwordUpdate) return;
  user.password = await hashPassword(pw);
  user.passwordUpdate = at;
}

const TOKEN_FACTORS: Partial<Record<TokenType, { provider: string; factor: string }>> = {
  'magic-url': { provider: 'magic-url', factor: 'email' },
  email: { provider: 'email', factor: 'email' },
  phone: { provider: 'phone', factor: 'phone' },
  oauth2: { provider: 'oauth2', factor: 'email' },
  generic: { provider: 'token', factor: 'token' },
};

/** PUT /account/sessions/magic-url, PUT /account/sessions/phone, POST /account/sessions/token. */
function sessionFromToken(ctx: Ctx) {
  const userId = customId(ctx, 'userId');
  const tokenSecret = reqString(ctx, 'secret', 256);
  const user = getUser(ctx.emu, ctx.project, userId);
  if (!user) throw new AppwriteError('user_invalid_token');
  const token = consumeToken(ctx.emu, ctx.project, user.$id, ['magic-url', 'email', 'phone', 'oauth2', 'generic'], tokenSecret);
  if (!token) throw new AppwriteError('user_invalid_token');
  if (!user.status) throw new AppwriteError('user_blocked');
  if (token.type === 'magic-url' || token.type === 'email') user.emailVerification = true;
  if (token.type === 'phone') user.phoneVerification = true;
  saveUser(ctx.emu, ctx.project, user);
  const { provider, factor } = TOKEN_FACTORS[token.type]!;
  const { model } = startSession(ctx, user, provider, [factor]);
  return json(model, 201);
}

/** The user for an e-mail login token: the existing one, or a new account without a password. */
function userForEmail(ctx: Ctx, userId: string, emailAddr: string): UserRecord {
  const existing = findUserByEmail(ctx.emu, ctx.project, emailAddr);
  if (existing) return existing;
  return insertUser(ctx.emu, ctx.project, { id: userId, email: emailAddr });
}

export function accountRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/account',
      scope: 'sessions.write',
      handler: async (ctx) => {
        const userId = customId(ctx, 'userId');
        const emailAddr = email(ctx);
        const pw = password(ctx);
        const name = optString(ctx, 'name', 128) ?? '';
        const passwordHash = await hashPassword(pw);
        const user = insertUser(ctx.emu, ctx.project, { id: userId, email: emailAddr, passwordHash, name });
        log(ctx, user.$id, 'user.create');
        return json(accountModel(user), 201);
      },
    },
    { method: 'GET', path: '/account', scope: 'account', handler: (ctx) => json(accountModel(requireUser(ctx).user)) },
    {
      method: 'PATCH',
      path: '/account/name',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        const name = raw(ctx, 'name');
        if (typeof name !== 'string') throw invalidParam('name', 'Value must be a valid string and at least 1 chars and no longer than 128 chars');
        if (name.length > 128) throw invalidParam('name', 'Value must be a valid string and at least 1 chars and no longer than 128 chars');
        user.name = name;
        log(ctx, user.$id, 'user.update');
        return json(accountModel(saveUser(ctx.emu, ctx.project, user)));
      },
    },
    {
      method: 'PATCH',
      path: '/account/password',
      scope: 'account',
      handler: async (ctx) => {
        const { user } = requireUser(ctx);
        const pw = password(ctx);
        const old = optString(ctx, 'oldPassword', 4096) ?? '';
        if (old !== '' && (old.length < 8 || old.length > 256)) throw invalidParam('oldPassword', 'Password must be between 8 and 256 characters long.');
        await checkPassword(user, old);
        user.password = await hashPassword(pw);
        user.passwordUpdate = iso(now(ctx));
        log(ctx, user.$id, 'user.update');
        return json(accountModel(saveUser(ctx.emu, ctx.project, user)));
      },
    },
    {
      method: 'PATCH',
      path: '/account/email',
      scope: 'account',
      handler: async (ctx) => {
        const { user } = requireUser(ctx);
        const emailAddr = email(ctx);
        const pw = password(ctx);
        await checkPassword(user, pw);
        const other = findUserByEmail(ctx.emu, ctx.project, emailAddr);
        if (other && other.$id !== user.$id) throw new AppwriteError('user_email_already_exists');
        const t = iso(now(ctx));
        await adoptPasswordIfNone(user, pw, t);
        setEmail(user, emailAddr, t);
        user.emailVerification = false;
        log(ctx, user.$id, 'user.update');
        return json(accountModel(saveUser(ctx.emu, ctx.project, user)));
      },
    },
    {
      method: 'PATCH',
      path: '/account/phone',
      scope: 'account',
      handler: async (ctx) => {
        const { user } = requireUser(ctx);
        const phoneNumber = phone(ctx);
        const pw = password(ctx);
        await checkPassword(user, pw);
        const other = findUserByPhone(ctx.emu, ctx.project, phoneNumber);
        if (other && other.$id !== user.$id) throw new AppwriteError('user_phone_already_exists');
        const t = iso(now(ctx));
        await adoptPasswordIfNone(user, pw, t);
        setPhone(user, phoneNumber, t);
        user.phoneVerification = false;
        log(ctx, user.$id, 'user.update');
        return json(accountModel(saveUser(ctx.emu, ctx.project, user)));
      },
    },
    { method: 'GET', path: '/account/prefs', scope: 'account', handler: (ctx) => json(requireUser(ctx).user.prefs) },
    {
      method: 'PATCH',
      path: '/account/prefs',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        const prefs = raw(ctx, 'prefs');
        if (prefs === undefined) throw new AppwriteError('general_argument_invalid', 'Param "prefs" is not optional.');
        if (!prefs || typeof prefs !== 'object' || Array.isArray(prefs)) throw invalidParam('prefs', 'Value must be a valid object.');
        if (JSON.stringify(prefs).length > 65535) throw invalidParam('prefs', 'Value must be a valid object and no longer than 65535 chars.');
        user.prefs = prefs as Record<string, unknown>;
        return json(accountModel(saveUser(ctx.emu, ctx.project, user)));
      },
    },
    {
      method: 'PATCH',
      path: '/account/status',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        user.status = false;
        clearSessionCookies(ctx);
        log(ctx, user.$id, 'user.update');
        return json(accountModel(saveUser(ctx.emu, ctx.project, user)));
      },
    },

    // Sessions
    {
      method: 'POST',
      path: '/account/sessions/email',
      scope: 'sessions.write',
      session: true,
      handler: async (ctx) => {
        const emailAddr = email(ctx);
        const pw = password(ctx);
        const user = findUserByEmail(ctx.emu, ctx.project, emailAddr);
        if (!user || !user.passwordUpdate || !(await verifyPassword(pw, user.password))) throw new AppwriteError('user_invalid_credentials');
        if (!user.status) throw new AppwriteError('user_blocked');
        const fresh = getUser(ctx.emu, ctx.project, user.$id) ?? user;
        const { model } = startSession(ctx, fresh, 'email', ['password'], { providerUid: emailAddr });
        return json(model, 201);
      },
    },
    {
      method: 'POST',
      path: '/account/sessions/anonymous',
      scope: 'sessions.write',
      session: true,
      handler: (ctx) => {
        const user = insertUser(ctx.emu, ctx.project, { id: uniqueId(now(ctx)) });
        const { model } = startSession(ctx, user, 'anonymous', ['anonymous']);
        return json(model, 201);
      },
    },
    { method: 'PUT', path: '/account/sessions/magic-url', scope: 'sessions.write', handler: sessionFromToken },
    { method: 'PUT', path: '/account/sessions/phone', scope: 'sessions.write', handler: sessionFromToken },
    { method: 'POST', path: '/account/sessions/token', scope: 'sessions.write', handler: sessionFromToken },
    {
      method: 'GET',
      path: '/account/sessions',
      scope: 'account',
      handler: (ctx) => {
        const { user, session } = requireUser(ctx);
        const sessions = userSessions(ctx.emu, ctx.project, user.$id).map((s) => sessionModel(s, s.$id === session?.$id));
        return json({ total: sessions.length, sessions });
      },
    },
    {
      method: 'DELETE',
      path: '/account/sessions',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        for (const s of userSessions(ctx.emu, ctx.project, user.$id)) deleteSession(ctx, s);
        clearSessionCookies(ctx);
        return noContent();
      },
    },
    {
      method: 'GET',
      path: '/account/sessions/:sessionId',
      scope: 'account',
      handler: (ctx) => {
        const { user, session } = requireUser(ctx);
        const id = ctx.params.sessionId === 'current' ? session?.$id : ctx.params.sessionId;
        const found = userSessions(ctx.emu, ctx.project, user.$id).find((s) => s.$id === id);
        if (!found) throw new AppwriteError('user_session_not_found');
        return json(sessionModel(found, found.$id === session?.$id));
      },
    },
    {
      method: 'PATCH',
      path: '/account/sessions/:sessionId',
      scope: 'account',
      handler: (ctx) => {
        const { user, session } = requireUser(ctx);
        const id = ctx.params.sessionId === 'current' ? session?.$id : ctx.params.sessionId;
        const found = userSessions(ctx.emu, ctx.project, user.$id).find((s) => s.$id === id);
        if (!found) throw new AppwriteError('user_session_not_found');
        found.$updatedAt = iso(now(ctx));
        ctx.emu.store.update(ctx.project, SESSIONS, found.$id, found);
        return json(sessionModel(found, found.$id === session?.$id));
      },
    },
    {
      method: 'DELETE',
      path: '/account/sessions/:sessionId',
      scope: 'account',
      mfa: true,
      handler: (ctx) => {
        const { user, session } = requireUser(ctx);
        const id = ctx.params.sessionId === 'current' ? session?.$id : ctx.params.sessionId;
        const found = userSessions(ctx.emu, ctx.project, user.$id).find((s) => s.$id === id);
        if (!found) throw new AppwriteError('user_session_not_found');
        deleteSession(ctx, found);
        if (found.$id === session?.$id) clearSessionCookies(ctx);
        publishAccount(ctx.emu, ctx.project, user, [`sessions.${found.$id}.delete`], sessionModel(found, false));
        return noContent();
      },
    },

    // Tokens
    ...(['/account/tokens/magic-url', '/account/sessions/magic-url'] as const).map(
      (path): Route => ({
        method: 'POST',
        path,
        scope: 'sessions.write',
        handler: (ctx) => {
          const userId = customId(ctx, 'userId');
          const emailAddr = email(ctx);
          const url = redirectUrl(ctx, 'url', false) ?? defaultUrl(ctx, '/auth/magic-url');
          const wantsPhrase = raw(ctx, 'phrase') === true || raw(ctx, 'securityPhrase') === true;
          const user = userForEmail(ctx, userId, emailAddr);
          if (!user.status) throw new AppwriteError('user_blocked');
          const tokenSecret = secret(64);
          const token = issueToken(ctx.emu, ctx.project, user.$id, 'magic-url', tokenSecret, CONFIRM_DURATION);
          const p = wantsPhrase ? phrase() : '';
          const link = withQuery(url, { userId: user.$id, secret: tokenSecret, expire: token.expire, project: ctx.project });
          mail(ctx, user.email, 'Login', `Hello,\n\nFollow this link to login.\n${link}\n\n${p ? `Security phrase: ${p}\n\n` : ''}If you didn’t ask to login using this email, you can ignore this message.\n\nThanks,\n${projectName(ctx.emu)} team`);
          return json(tokenModel(token, secretFor(ctx, tokenSecret), p), 201);
        },
      }),
    ),
    {
      method: 'POST',
      path: '/account/tokens/email',
      scope: 'sessions.write',
      handler: (ctx) => {
        const userId = customId(ctx, 'userId');
        const emailAddr = email(ctx);
        const wantsPhrase = raw(ctx, 'phrase') === true;
        const user = userForEmail(ctx, userId, emailAddr);
        if (!user.status) throw new AppwriteError('user_blocked');
        const otp = code();
        const token = issueToken(ctx.emu, ctx.project, user.$id, 'email', otp, OTP_DURATION);
        const p = wantsPhrase ? phrase() : '';
        mail(ctx, user.email, `OTP for ${projectName(ctx.emu)} Login`, `Hello,\n\nEnter the following verification code when prompted to securely sign in to your ${projectName(ctx.emu)} account. This code will expire in 15 minutes.\n\n${otp}\n\n${p ? `Security phrase: ${p}\n\n` : ''}If you did not request this code, you can ignore this message.\n\nThanks,\n${projectName(ctx.emu)} team`);
        return json(tokenModel(token, secretFor(ctx, otp), p), 201);
      },
    },
    ...(['/account/tokens/phone', '/account/sessions/phone'] as const).map(
      (path): Route => ({
        method: 'POST',
        path,
        scope: 'sessions.write',
        handler: (ctx) => {
          const userId = customId(ctx, 'userId');
          const phoneNumber = phone(ctx);
          const user = findUserByPhone(ctx.emu, ctx.project, phoneNumber) ?? insertUser(ctx.emu, ctx.project, { id: userId, phone: phoneNumber });
          if (!user.status) throw new AppwriteError('user_blocked');
          const otp = code();
          const token = issueToken(ctx.emu, ctx.project, user.$id, 'phone', otp, OTP_DURATION);
          sms(ctx, phoneNumber, otp);
          return json(tokenModel(token, secretFor(ctx, otp)), 201);
        },
      }),
    ),

    // Recovery
    {
      method: 'POST',
      path: '/account/recovery',
      scope: 'sessions.write',
      handler: (ctx) => {
        const emailAddr = email(ctx);
        const url = redirectUrl(ctx, 'url', true)!;
        const user = findUserByEmail(ctx.emu, ctx.project, emailAddr);
        if (!user) throw new AppwriteError('user_not_found');
        if (!user.status) throw new AppwriteError('user_blocked');
        const tokenSecret = secret(64);
        const token = issueToken(ctx.emu, ctx.project, user.$id, 'recovery', tokenSecret, CONFIRM_DURATION);
        const link = withQuery(url, { userId: user.$id, secret: tokenSecret, expire: token.expire });
        mail(ctx, user.email, 'Password Reset', `Hello ${user.name},\n\nFollow this link to reset your ${projectName(ctx.emu)} password.\n${link}\n\nIf you didn’t ask to reset your password, you can ignore this message.\n\nThanks,\n${projectName(ctx.emu)} team`);
        log(ctx, user.$id, 'recovery.create');
        return json(tokenModel(token, secretFor(ctx, tokenSecret)), 201);
      },
    },
    {
      method: 'PUT',
      path: '/account/recovery',
      scope: 'sessions.write',
      handler: async (ctx) => {
        const userId = reqString(ctx, 'userId', 36);
        const tokenSecret = reqString(ctx, 'secret', 256);
        const pw = password(ctx);
        const user = getUser(ctx.emu, ctx.project, userId);
        if (!user) throw new AppwriteError('user_not_found');
        const hash = await hashPassword(pw);
        const token = consumeToken(ctx.emu, ctx.project, user.$id, ['recovery'], tokenSecret);
        if (!token) throw new AppwriteError('user_invalid_token');
        const fresh = getUser(ctx.emu, ctx.project, user.$id)!;
        fresh.password = hash;
        fresh.passwordUpdate = iso(now(ctx));
        fresh.emailVerification = true;
        saveUser(ctx.emu, ctx.project, fresh);
        log(ctx, user.$id, 'recovery.update');
        return json(tokenModel(token));
      },
    },

    // Verification
    ...(['/account/verifications/email', '/account/verification'] as const).flatMap((path): Route[] => [
      {
        method: 'POST',
        path,
        scope: 'account',
        handler: (ctx) => {
          const { user } = requireUser(ctx);
          const url = redirectUrl(ctx, 'url', true)!;
          if (user.emailVerification) throw new AppwriteError('user_email_already_verified');
          if (!user.email) throw new AppwriteError('user_email_not_found');
          const tokenSecret = secret(64);
          const token = issueToken(ctx.emu, ctx.project, user.$id, 'verification', tokenSecret, CONFIRM_DURATION);
          const link = withQuery(url, { userId: user.$id, secret: tokenSecret, expire: token.expire });
          mail(ctx, user.email, 'Account Verification', `Hello ${user.name},\n\nFollow this link to verify your email address.\n${link}\n\nIf you didn’t ask to verify this address, you can ignore this message.\n\nThanks,\n${projectName(ctx.emu)} team`);
          log(ctx, user.$id, 'verification.create');
          return json(tokenModel(token, secretFor(ctx, tokenSecret)), 201);
        },
      },
      {
        method: 'PUT',
        path,
        scope: 'public',
        handler: (ctx) => {
          const userId = reqString(ctx, 'userId', 36);
          const tokenSecret = reqString(ctx, 'secret', 256);
          const user = getUser(ctx.emu, ctx.project, userId);
          if (!user) throw new AppwriteError('user_not_found');
          const token = consumeToken(ctx.emu, ctx.project, user.$id, ['verification'], tokenSecret);
          if (!token) throw new AppwriteError('user_invalid_token');
          user.emailVerification = true;
          saveUser(ctx.emu, ctx.project, user);
          log(ctx, user.$id, 'verification.update');
          return json(tokenModel(token));
        },
      },
    ]),
    ...(['/account/verifications/phone', '/account/verification/phone'] as const).flatMap((path): Route[] => [
      {
        method: 'POST',
        path,
        scope: 'account',
        handler: (ctx) => {
          const { user } = requireUser(ctx);
          if (!user.phone) throw new AppwriteError('user_phone_not_found');
          if (user.phoneVerification) throw new AppwriteError('user_phone_already_verified');
          const otp = code();
          const token = issueToken(ctx.emu, ctx.project, user.$id, 'phoneVerification', otp, CONFIRM_DURATION);
          sms(ctx, user.phone, otp);
          return json(tokenModel(token, secretFor(ctx, otp)), 201);
        },
      },
      {
        method: 'PUT',
        path,
        scope: 'public',
        handler: (ctx) => {
          const userId = reqString(ctx, 'userId', 36);
          const tokenSecret = reqString(ctx, 'secret', 256);
          const user = getUser(ctx.emu, ctx.project, userId);
          if (!user) throw new AppwriteError('user_not_found');
          const token = consumeToken(ctx.emu, ctx.project, user.$id, ['phoneVerification'], tokenSecret);
          if (!token) throw new AppwriteError('user_invalid_token');
          user.phoneVerification = true;
          saveUser(ctx.emu, ctx.project, user);
          return json(tokenModel(token));
        },
      },
    ]),

    // JWT
    ...(['/account/jwts', '/account/jwt'] as const).map(
      (path): Route => ({
        method: 'POST',
        path,
        scope: 'account',
        handler: (ctx) => {
          const { user } = requireUser(ctx);
          if (ctx.auth.role !== 'users' || ctx.auth.via !== 'session') throw new AppwriteError('user_session_not_found');
          const session = currentSessionOf(ctx);
          const duration = optNumber(ctx, 'duration') ?? 900;
          if (!Number.isInteger(duration) || duration < 0 || duration > 3600) throw invalidParam('duration', 'Value must be a valid range between 0 and 3,600');
          const nowSec = Math.floor(now(ctx) / 1000);
          const jwt = signJwt({ userId: user.$id, sessionId: session.$id, iat: nowSec, exp: nowSec + duration }, ctx.emu.jwtKey);
          return json({ jwt }, 201);
        },
      }),
    ),

    // Identities and logs
    {
      method: 'GET',
      path: '/account/identities',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        const rows = ctx.emu.store.list<IdentityRecord>(ctx.project, IDENTITIES).filter((i) => i.userId === user.$id);
        const result = run(rows as unknown as Record<string, unknown>[], plan(parseQueries(ctx.query.queries)));
        if (result.cursorMissing) throw new AppwriteError('general_cursor_not_found', `Identity '${result.cursorMissing}' for the 'cursor' value not found.`);
        return json({ total: result.total, identities: result.page.map((i) => identityModel(i as unknown as IdentityRecord)) });
      },
    },
    {
      method: 'DELETE',
      path: '/account/identities/:identityId',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        const identity = ctx.emu.store.get<IdentityRecord>(ctx.project, IDENTITIES, ctx.params.identityId!);
        if (!identity || identity.userId !== user.$id) throw new AppwriteError('user_identity_not_found');
        ctx.emu.store.delete(ctx.project, IDENTITIES, identity.$id);
        return noContent();
      },
    },
    {
      method: 'GET',
      path: '/account/logs',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        const queries = parseQueries(ctx.query.queries);
        if (queries.some((q) => q.method !== 'limit' && q.method !== 'offset')) throw new AppwriteError('general_query_invalid', 'Invalid query: Only limit and offset queries are allowed');
        const p = plan(queries);
        const logs = ctx.emu.store.list<LogRecord>(ctx.project, LOGS).filter((l) => l.userId === user.$id).reverse();
        return json({ total: logs.length, logs: logs.slice(p.offset, p.offset + p.limit).map((l) => logModel(l, user)) });
      },
    },

    // Push targets
    {
      method: 'POST',
      path: '/account/targets/push',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        const targetId = customId(ctx, 'targetId');
        const identifier = reqString(ctx, 'identifier', 255);
        const providerId = optString(ctx, 'providerId', 36) ?? null;
        const id = targetId === 'unique()' ? uniqueId(now(ctx)) : targetId;
        if (user.targets.some((t) => t.$id === id)) throw new AppwriteError('user_target_already_exists');
        const t = iso(now(ctx));
        const target = { $id: id, $createdAt: t, $updatedAt: t, name: '', userId: user.$id, providerId, providerType: 'push' as const, identifier, expired: false };
        user.targets.push(target);
        saveUser(ctx.emu, ctx.project, user);
        return json(target, 201);
      },
    },
    {
      method: 'PUT',
      path: '/account/targets/:targetId/push',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        const target = user.targets.find((t) => t.$id === ctx.params.targetId && t.providerType === 'push');
        if (!target) throw new AppwriteError('user_target_not_found');
        target.identifier = reqString(ctx, 'identifier', 255);
        target.$updatedAt = iso(now(ctx));
        saveUser(ctx.emu, ctx.project, user);
        return json(target);
      },
    },
    {
      method: 'DELETE',
      path: '/account/targets/:targetId/push',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        const before = user.targets.length;
        user.targets = user.targets.filter((t) => !(t.$id === ctx.params.targetId && t.providerType === 'push'));
        if (user.targets.length === before) throw new AppwriteError('user_target_not_found');
        saveUser(ctx.emu, ctx.project, user);
        return noContent();
      },
    },
  ];
}

