// Hex digests through Web Crypto, the same in the Worker, the browser and Node: one place for the encoding
// that rate-limit keys, ETags, conversation keys, tombstones and reply tokens use. No I/O.

const encoder = new TextEncoder();

/** Lower-case hex of bytes. */
export const toHex = (bytes: ArrayBuffer | Uint8Array): string =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** Hex SHA-256 of UTF-8 text. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** An HMAC-SHA256 key of a secret (import once, sign many). */
export const hmacKey = (secret: string): Promise<CryptoKey> =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

/** Hex HMAC-SHA256 of UTF-8 text. */
export async function hmacHex(key: CryptoKey | string, text: string): Promise<string> {
  const k = typeof key === 'string' ? await hmacKey(key) : key;
  return toHex(await crypto.subtle.sign('HMAC', k, encoder.encode(text)));
}

/** Equal strings compared in time independent of where they differ (tokens, signatures). */
export function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
