import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';

// A browser's side of Web Push, written independently of the library the Worker uses, with node:crypto:
// a subscription's key pair (what pushManager.subscribe() makes), the decryption of an aes128gcm message
// (RFC 8291 §3.4 on RFC 8188), and the check of the VAPID Authorization (RFC 8292). Node only.

export interface SubscriptionKeys {
  /** The private key (32 bytes), which never leaves the test. */
  privateKey: Buffer;
  /** As in PushSubscription.toJSON().keys: base64url. */
  p256dh: string;
  auth: string;
}

export function subscriptionKeys(): SubscriptionKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { privateKey: ecdh.getPrivateKey(), p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** The plaintext of an aes128gcm push message body (one record, as push messages are). Throws when it does not decrypt. */
export function decryptPush(body: Buffer, keys: Pick<SubscriptionKeys, 'privateKey' | 'p256dh' | 'auth'>): string {
  // RFC 8188 §2.1 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error('not a single aes128gcm record with a P-256 key id');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const receiverPublic = Buffer.from(keys.p256dh, 'base64url');
  // RFC 8291 §3.4: IKM from the ECDH secret and the auth secret, then the content key and nonce (RFC 8188 §2.2, §2.3).
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, Buffer.from(keys.auth, 'base64url'), info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<key>` header: k is `publicKey`, the JWT is ES256 signed by it,
 * aud is `aud`, exp is in the next 24 hours and sub a mailto: or https: contact. Throws saying what is wrong.
 */
export function checkVapid(authorization: string | null, expected: { aud: string; publicKey: string; now?: number }): VapidClaims {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a vapid Authorization: ${authorization}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== expected.publicKey) throw new Error('k is not our VAPID public key');
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string };
  if (header.alg !== 'ES256') throw new Error(`alg is ${header.alg}, not ES256`);
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) throw new Error('the JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as VapidClaims;
  const now = (expected.now ?? Date.now()) / 1000;
  if (claims.aud !== expected.aud) throw new Error(`aud is ${claims.aud}, not ${expected.aud}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp} is not within 24 hours`);
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(claims.sub)) throw new Error(`sub ${claims.sub} is not a contact`);
  return claims;
}
