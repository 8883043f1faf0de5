import { createECDH, createSign, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkVapid, decryptPush } from '../kit/webPush.ts';

// The test kit's own proof: it decrypts RFC 8291's published example and refuses a tampered one, so a
// Worker test that decrypts a push with it proves the Worker's encryption.

const RFC8291 = {
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};
const keys = { privateKey: Buffer.from(RFC8291.uaPrivate, 'base64url'), p256dh: RFC8291.uaPublic, auth: RFC8291.auth };

describe('web push test kit', () => {
  it('decrypts the RFC 8291 Appendix A message', () => {
    expect(decryptPush(Buffer.from(RFC8291.body, 'base64url'), keys)).toBe('When I grow up, I want to be a watermelon');
  });

  it('refuses a tampered message and the wrong keys', () => {
    const tampered = Buffer.from(RFC8291.body, 'base64url');
    tampered[tampered.length - 20]! ^= 1;
    expect(() => decryptPush(tampered, keys)).toThrow();
    const other = createECDH('prime256v1');
    other.generateKeys();
    expect(() => decryptPush(Buffer.from(RFC8291.body, 'base64url'), { ...keys, privateKey: other.getPrivateKey() })).toThrow();
  });

  it('checks the VAPID JWT: signature, aud, exp within 24 h, sub', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const k = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]).toString('base64url');
    const now = Date.now();
    const jwt = (claims: object) => {
      const data = `${Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      const sig = createSign('sha256').update(data).sign({ key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
      return `vapid t=${data}.${sig}, k=${k}`;
    };
    const good = { aud: 'https://push.example', exp: Math.floor(now / 1000) + 3600, sub: 'mailto:ops@example.com' };
    expect(checkVapid(jwt(good), { aud: 'https://push.example', publicKey: k, now })).toEqual(good);
    expect(() => checkVapid(jwt(good), { aud: 'https://other.example', publicKey: k, now })).toThrow(/aud/);
    expect(() => checkVapid(jwt({ ...good, exp: Math.floor(now / 1000) + 25 * 3600 }), { aud: good.aud, publicKey: k, now })).toThrow(/exp/);
    expect(() => checkVapid(jwt({ ...good, sub: 'nobody' }), { aud: good.aud, publicKey: k, now })).toThrow(/sub/);
    expect(() => checkVapid(jwt(good).replace(/\.([\w-]+), k=/, '.AAAA$1, k='), { aud: good.aud, publicKey: k, now })).toThrow(/signature/);
  });
});

describe('npm run vapid:keys', () => {
  it('prints a matching P-256 pair in the shapes the configuration takes', async () => {
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(process.execPath, ['scripts/vapid-keys.ts'], { encoding: 'utf8' });
    const vars = Object.fromEntries(out.trim().split('\n').map((l) => l.split('=') as [string, string]));
    const pub = Buffer.from(vars.VAPID_PUBLIC_KEY!, 'base64url');
    expect(pub.length).toBe(65);
    expect(pub[0]).toBe(4);
    expect(Buffer.from(vars.VAPID_PRIVATE_KEY!, 'base64url').length).toBe(32);
    const { createPrivateKey, createPublicKey, sign, verify } = await import('node:crypto');
    const jwk = { kty: 'EC', crv: 'P-256', x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33).toString('base64url') };
    const signature = sign('sha256', Buffer.from('vapid'), createPrivateKey({ key: { ...jwk, d: vars.VAPID_PRIVATE_KEY! }, format: 'jwk' }));
    expect(verify('sha256', Buffer.from('vapid'), createPublicKey({ key: jwk, format: 'jwk' }), signature)).toBe(true);
  });
});
