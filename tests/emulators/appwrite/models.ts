// Response models with Appwrite's field names (Models.User, Session, Token, Identity, Log ...).
import type { IdentityRecord, LogRecord, SessionRecord, TokenRecord, UserRecord } from './types.ts';
import { iso } from './util.ts';

/** MODEL_ACCOUNT: the user as the user sees it (no password hash). */
export function accountModel(user: UserRecord) {
  return {
    $id: user.$id,
    $createdAt: user.$createdAt,
    $updatedAt: user.$updatedAt,
    name: user.name,
    registration: user.registration,
    status: user.status,
    labels: user.labels,
    passwordUpdate: user.passwordUpdate,
    email: user.email,
    phone: user.phone,
    emailVerification: user.emailVerification,
    phoneVerification: user.phoneVerification,
    mfa: user.mfa,
    prefs: user.prefs,
    targets: user.targets,
    accessedAt: user.accessedAt,
  };
}

/** MODEL_USER for the server-side Users API (with the hash and its algorithm). */
export function userModel(user: UserRecord) {
  return { ...accountModel(user), password: user.password ?? '', hash: user.hash, hashOptions: user.hashOptions };
}

export function sessionModel(session: SessionRecord, current: boolean, secretOut = '') {
  return {
    $id: session.$id,
    $createdAt: session.$createdAt,
    $updatedAt: session.$updatedAt,
    userId: session.userId,
    expire: session.expire,
    provider: session.provider,
    providerUid: session.providerUid,
    providerAccessToken: session.providerAccessToken,
    providerAccessTokenExpiry: session.providerAccessTokenExpiry,
    providerRefreshToken: session.providerRefreshToken,
    ip: session.ip,
    ...clientInfo(session.userAgent),
    countryCode: '--',
    countryName: 'Unknown',
    current,
    factors: session.factors,
    secret: secretOut,
    mfaUpdatedAt: session.mfaUpdatedAt,
  };
}

export function tokenModel(token: TokenRecord, secretOut = '', phrase = '') {
  return { $id: token.$id, $createdAt: token.$createdAt, userId: token.userId, secret: secretOut, expire: token.expire, phrase };
}

export function identityModel(identity: IdentityRecord) {
  return { ...identity };
}

export function logModel(log: LogRecord, user: UserRecord) {
  return {
    event: log.event,
    userId: log.userId,
    userEmail: user.email,
    userName: user.name,
    mode: 'default',
    userType: 'user',
    ip: log.ip,
    time: log.time,
    ...clientInfo(log.userAgent),
    countryCode: '--',
    countryName: 'Unknown',
  };
}

/** A rough user-agent reading, enough to tell sessions apart in a list. */
export function clientInfo(userAgent: string) {
  const ua = userAgent || 'UNKNOWN';
  const browser = /Edg\//.test(ua) ? ['Microsoft Edge', 'ME'] : /Chrome\//.test(ua) ? ['Chrome', 'CH'] : /Firefox\//.test(ua) ? ['Firefox', 'FF'] : /Safari\//.test(ua) ? ['Safari', 'SF'] : /node|undici/i.test(ua) ? ['Node.js', 'NJ'] : ['', ''];
  const os = /Windows/.test(ua) ? ['Windows', 'WIN'] : /Android/.test(ua) ? ['Android', 'AND'] : /iPhone|iPad/.test(ua) ? ['iOS', 'IOS'] : /Mac OS X/.test(ua) ? ['Mac', 'MAC'] : /Linux/.test(ua) ? ['GNU/Linux', 'LIN'] : ['', ''];
  return {
    osCode: os[1],
    osName: os[0],
    osVersion: '',
    clientType: browser[1] === 'NJ' ? 'library' : browser[0] ? 'browser' : '',
    clientCode: browser[1],
    clientName: browser[0],
    clientVersion: '',
    clientEngine: '',
    clientEngineVersion: '',
    deviceName: /Mobile|Android|iPhone/.test(ua) ? 'smartphone' : browser[0] ? 'desktop' : '',
    deviceBrand: '',
    deviceModel: '',
  };
}

export const epoch = () => iso(0);
