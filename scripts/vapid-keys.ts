// `npm run vapid:keys`: a new VAPID key pair for Web Push (RFC 8292), printed as the two settings that hold
// it (base64url: the public key as the 65-byte uncompressed P-256 point, the private key as its 32-byte d).
// The public key goes in wrangler.toml's vars; the private key only ever in a Worker secret:
//   npx wrangler secret put VAPID_PRIVATE_KEY
// Made by the platform's Web Crypto; nothing is written anywhere.
export {};

const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
if (!d) throw new Error('The private key did not export.');

console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${d}`);
