// HS256 JSON Web Tokens, as Appwrite issues from POST /account/jwts ({ userId, sessionId }, 15 minutes by default).
import { createHmac } from 'node:crypto';
import { timingSafeEqualStrings } from './util.ts';

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export function signJwt(payload: Record<string, unknown>, key: string): string {
  const head = b64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }));
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac('sha256', key).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/** Returns the payload, or throws an Error whose message follows ahc/jwt ("Invalid token: Expired"). */
export function verifyJwt(token: string, key: string, nowSeconds: number): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('Invalid token: Incomplete segments');
  const [head, body, sig] = parts as [string, string, string];
  let header: { alg?: string };
  let payload: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new Error('Invalid token: Corrupt header or payload');
  }
  if (header.alg !== 'HS256') throw new Error('Invalid token: Unsupported algorithm');
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest('base64url');
  if (!timingSafeEqualStrings(expected, sig)) throw new Error('Invalid token: Signature failed');
  if (typeof payload.exp === 'number' && payload.exp < nowSeconds) throw new Error('Invalid token: Expired');
  return payload;
}
