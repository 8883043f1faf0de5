// Users, sessions, tokens and their cookies: the pieces shared by the account, OAuth and users routes.
import { AppwriteError } from './errors.ts';
import type { Ctx, Emulator } from './context.ts';
import { sendMail } from './mailbox.ts';
import { accountModel, sessionModel } from './models.ts';
import { DuplicateError } from './store.ts';
import type { LogRecord, SessionRecord, Target, TokenRecord, TokenType, UserRecord } from './types.ts';
import { encodeSession, hashPassword, iso, secret as newSecret, sha256, SCRYPT_OPTIONS, uniqueId } from './util.ts';

export const USERS = 'users';
export const SESSIONS = 'sessions';
export const TOKENS = 'tokens';
export const CHALLENGES = 'challenges';
export const IDENTITIES = 'identities';
export const LOGS = 'logs';

export const SESSION_DURATION = 365 * 24 * 3600; // Auth::TOKEN_EXPIRATION_LOGIN_LONG
export const CONFIRM_DURATION = 3600; // verification, recovery, magic URL
export const OTP_DURATION = 15 * 60; // e-mail and phone codes
export const MFA_RECENT = 5 * 60;

export const projectName = (emu: Emulator) => emu.seed.projectName ?? 'Appwrite';

export function findUserByEmail(emu: Emulator, project: string, emailAddr: string): UserRecord | undefined {
  const wanted = emailAddr.toLowerCase();
  return emu.store.list<UserRecord>(project, USERS).find((u) => u.email === wanted);
}

export function findUserByPhone(emu: Emulator, project: string, phoneNumber: string): UserRecord | undefined {
  return emu.store.list<UserRecord>(project, USERS).find((u) => u.phone === phoneNumber);
}

export function getUser(emu: Emulator, project: string, id: string): UserRecord | undefined {
  return emu.store.get<UserRecord>(project, USERS, id);
}

function target(now: string, userId: string, providerType: Target['providerType'], identifier: string): Target {
  return { $id: uniqueId(), $createdAt: now, $updatedAt: now, name: '', userId, providerId: null, providerType, identifier, expired: false };
}

/**
 * Creates a user. The id, email and phone must be unique in the project (409 user_already_exists).
 * Hash the password before calling: the uniqueness check and the insert then happen without awaiting.
 */
export function insertUser(
  emu: Emulator,
  project: string,
  fields: { id: string; email?: string; phone?: string; passwordHash?: string | null; name?: string; emailVerification?: boolean; labels?: string[]; prefs?: Record<string, unknown> },
): UserRecord {
  const t = iso(emu.clock());
  const id = fields.id === 'unique()' ? uniqueId(emu.clock()) : fields.id;
  const emailAddr = fields.email?.toLowerCase() ?? '';
  if (emailAddr && findUserByEmail(emu, project, emailAddr)) throw new AppwriteError('user_already_exists');
  if (fields.phone && findUserByPhone(emu, project, fields.phone)) throw new AppwriteError('user_already_exists');
  const identityWithEmail = emailAddr && emu.store.list<{ providerEmail: string }>(project, IDENTITIES).some((i) => i.providerEmail === emailAddr);
  if (identityWithEmail) throw new AppwriteError('user_email_already_exists');
  const targets: Target[] = [];
  if (emailAddr) targets.push(target(t, id, 'email', emailAddr));
  if (fields.phone) targets.push(target(t, id, 'sms', fields.phone));
  const user: UserRecord = {
    $id: id,
    $createdAt: t,
    $updatedAt: t,
    name: fields.name ?? '',
    email: emailAddr,
    phone: fields.phone ?? '',
    password: fields.passwordHash ?? null,
    hash: 'scrypt',
    hashOptions: { type: 'scrypt', ...SCRYPT_OPTIONS },
    registration: t,
    status: true,
    labels: fields.labels ?? [],
    passwordUpdate: fields.passwordHash ? t : '',
    emailVerification: fields.emailVerification ?? false,
    phoneVerification: false,
    mfa: false,
    prefs: fields.prefs ?? {},
    targets,
    accessedAt: t,
    totp: null,
    mfaRecoveryCodes: [],
  };
  try {
    emu.store.insert(project, USERS, id, () => user);
  } catch (error) {
    if (error instanceof DuplicateError) throw new AppwriteError('user_already_exists');
    throw error;
  }
  return user;
}

export function saveUser(emu: Emulator, project: string, user: UserRecord): UserRecord {
  user.$updatedAt = iso(emu.clock());
  emu.store.update(project, USERS, user.$id, user);
  publishAccount(emu, project, user, ['update']);
  return user;
}

export function setEmail(user: UserRecord, emailAddr: string, t: string) {
  user.email = emailAddr;
  const existing = user.targets.find((x) => x.providerType === 'email');
  if (existing) Object.assign(existing, { identifier: emailAddr, $updatedAt: t });
  else user.targets.push(target(t, user.$id, 'email', emailAddr));
}

export function setPhone(user: UserRecord, phoneNumber: string, t: string) {
  user.phone = phoneNumber;
  const existing = user.targets.find((x) => x.providerType === 'sms');
  if (existing) Object.assign(existing, { identifier: phoneNumber, $updatedAt: t });
  else user.targets.push(target(t, user.$id, 'sms', phoneNumber));
}

export async function passwordHashFor(pw: string) {
  return hashPassword(pw);
}

export function userSessions(emu: Emulator, project: string, userId: string): SessionRecord[] {
  const t = emu.clock();
  return emu.store.list<SessionRecord>(project, SESSIONS).filter((s) => s.userId === userId && Date.parse(s.expire) > t);
}

/** Finds the live session of `userId` whose secret is `sessionSecret`. */
export function verifySession(emu: Emulator, project: string, userId: string, sessionSecret: string): SessionRecord | undefined {
  const h = sha256(sessionSecret);
  return userSessions(emu, project, userId).find((s) => s.secretHash === h);
}

/**
 * Creates a session, sets `a_session_<project>` (and the `_legacy` twin) as HttpOnly cookies, and returns the
 * cookie value in X-Fallback-Cookies, as Appwrite does when the browser may refuse third-party cookies.
 */
export function startSession(
  ctx: Ctx,
  user: UserRecord,
  provider: string,
  factors: string[],
  extra: Partial<SessionRecord> = {},
): { session: SessionRecord; cookieValue: string; model: ReturnType<typeof sessionModel> } {
  const { emu, project } = ctx;
  const nowMs = emu.clock();
  const t = iso(nowMs);
  const sessionSecret = newSecret(64);
  const session: SessionRecord = {
    $id: uniqueId(nowMs),
    $createdAt: t,
    $updatedAt: t,
    userId: user.$id,
    secretHash: sha256(sessionSecret),
    expire: iso(nowMs + SESSION_DURATION * 1000),
    provider,
    providerUid: '',
    providerAccessToken: '',
    providerAccessTokenExpiry: '',
    providerRefreshToken: '',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    factors,
    mfaUpdatedAt: '',
    ...extra,
  };
  emu.store.insert(project, SESSIONS, session.$id, () => session);
  user.accessedAt = t;
  emu.store.update(project, USERS, user.$id, user);
  const cookieValue = encodeSession(user.$id, sessionSecret);
  setSessionCookies(ctx, cookieValue, Date.parse(session.expire));
  log(ctx, user.$id, 'session.create');
  // Only privileged callers (API keys) get the secret back, as in Appwrite.
  const secretOut = ctx.auth.role === 'applications' ? cookieValue : '';
  publishAccount(emu, project, user, [`sessions.${session.$id}.create`], sessionModel(session, false));
  return { session, cookieValue, model: sessionModel(session, true, secretOut) };
}

export function setSessionCookies(ctx: Ctx, value: string, expiresMs: number) {
  const name = `a_session_${ctx.project}`;
  const secure = ctx.protocol === 'https';
  const expires = new Date(expiresMs).toUTCString();
  const sameSite = secure ? 'None' : 'Lax';
  const base = `Expires=${expires}; Path=/; HttpOnly${secure ? '; Secure' : ''}`;
  ctx.setCookies.push(`${name}_legacy=${value}; ${base}`);
  ctx.setCookies.push(`${name}=${value}; ${base}; SameSite=${sameSite}`);
  ctx.headers['X-Fallback-Cookies'] = JSON.stringify(value ? { [name]: value } : []);
}

export function clearSessionCookies(ctx: Ctx) {
  setSessionCookies(ctx, '', ctx.emu.clock() - 3600_000);
}

export function deleteSession(ctx: Ctx, session: SessionRecord) {
  ctx.emu.store.delete(ctx.project, SESSIONS, session.$id);
  log(ctx, session.userId, 'session.delete');
}

/** Issues a single-use token; only its hash is kept. */
export function issueToken(emu: Emulator, project: string, userId: string, type: TokenType, tokenSecret: string, ttlSeconds: number): TokenRecord {
  const nowMs = emu.clock();
  const token: TokenRecord = {
    $id: uniqueId(nowMs),
    $createdAt: iso(nowMs),
    userId,
    type,
    secretHash: sha256(tokenSecret),
    expire: iso(nowMs + ttlSeconds * 1000),
    phrase: '',
  };
  emu.store.insert(project, TOKENS, token.$id, () => token);
  return token;
}

/** Finds and deletes a live token of the user with that secret (one of `types`); undefined when none matches. */
export function consumeToken(emu: Emulator, project: string, userId: string, types: TokenType[], tokenSecret: string): TokenRecord | undefined {
  const h = sha256(tokenSecret);
  const t = emu.clock();
  const token = emu.store
    .list<TokenRecord>(project, TOKENS)
    .find((x) => x.userId === userId && types.includes(x.type) && x.secretHash === h && Date.parse(x.expire) > t);
  if (token) emu.store.delete(project, TOKENS, token.$id);
  return token;
}

export function log(ctx: Ctx, userId: string, event: string) {
  const nowMs = ctx.emu.clock();
  const record: LogRecord = { $id: uniqueId(nowMs), userId, event, ip: ctx.ip, userAgent: ctx.userAgent, time: iso(nowMs) };
  ctx.emu.store.insert(ctx.project, LOGS, record.$id, () => record);
}

/** Adds userId, secret and expire (and more) to the query string of a link, keeping what is there. */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

export function mail(ctx: Ctx, to: string, subject: string, text: string) {
  sendMail(ctx.emu.store, ctx.emu.clock(), { project: ctx.project, kind: 'email', to, subject, text });
}

export function sms(ctx: Ctx, to: string, codeValue: string) {
  sendMail(ctx.emu.store, ctx.emu.clock(), {
    project: ctx.project,
    kind: 'sms',
    to,
    subject: 'SMS',
    text: `${codeValue} is your ${projectName(ctx.emu)} verification code.`,
  });
}

/** Realtime `account` channel events for the user (Appwrite sends them on account.<userId>). */
export function publishAccount(emu: Emulator, project: string, user: UserRecord, suffixes: string[], payload?: Record<string, unknown>) {
  const events = suffixes.flatMap((s) => [`users.${user.$id}.${s}`, `users.*.${s}`]);
  emu.publish({ project, events, channels: ['account', `account.${user.$id}`], roles: [`user:${user.$id}`], payload: payload ?? accountModel(user) });
}
