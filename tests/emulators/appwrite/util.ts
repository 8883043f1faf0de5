// Small helpers: ids, timestamps, secrets and password hashing (scrypt, never clear text).
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

export type Clock = () => number;

/** Appwrite's datetime format: 2025-01-31T12:00:00.000+00:00 */
export const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** Like the SDK's ID.unique(): hex seconds + 5 hex ms digits + random padding (20 chars). */
export function uniqueId(now = Date.now()): string {
  const sec = Math.floor(now / 1000).toString(16);
  const ms = (now % 1000).toString(16).padStart(5, '0');
  return sec + ms + randomBytes(4).toString('hex').slice(0, 7);
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A long random secret, as Auth::tokenGenerator (hex). */
export const secret = (bytes = 64) => randomBytes(bytes).toString('hex');

/** Six digits, as Auth::codeGenerator for OTP, phone and MFA codes. */
export const code = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The value of the a_session_<project> cookie: base64 of {"id": userId, "secret": secret}. */
export const encodeSession = (userId: string, sessionSecret: string) =>
  Buffer.from(JSON.stringify({ id: userId, secret: sessionSecret })).toString('base64');

export function decodeSession(value: string | undefined): { id: string; secret: string } | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(decodeURIComponent(value), 'base64').toString('utf8')) as { id?: unknown; secret?: unknown };
    if (typeof parsed.id === 'string' && typeof parsed.secret === 'string') return { id: parsed.id, secret: parsed.secret };
  } catch {
    // not an encoded session
  }
  return undefined;
}

// A real KDF with a per-password salt; the cost is kept modest because this only ever runs on a developer machine.
export const SCRYPT_OPTIONS = { costCpu: 4096, costMemory: 8, costParallel: 1, length: 64 } as const;

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, SCRYPT_OPTIONS.length, { N: SCRYPT_OPTIONS.costCpu, r: SCRYPT_OPTIONS.costMemory, p: SCRYPT_OPTIONS.costParallel }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$<salt hex>$<key hex>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt);
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [algo, saltHex, keyHex] = stored.split('$');
  if (algo !== 'scrypt' || !saltHex || !keyHex) return false;
  const key = await scryptAsync(password, Buffer.from(saltHex, 'hex'));
  const expected = Buffer.from(keyHex, 'hex');
  return expected.length === key.length && timingSafeEqual(expected, key);
}

export function timingSafeEqualStrings(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
