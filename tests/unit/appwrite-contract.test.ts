// The Appwrite stand-in held to Appwrite's published OpenAPI description (tests/contracts/appwrite/): the
// product's own code (the Worker's client, the admin calls, `npm run appwrite:setup`, and the SDK calls and
// REST fallbacks of the SPA) runs against the stand-in, every request it makes and every answer it gets is
// recorded, and each is checked against the description: the operation exists for that method, the
// required parameters are sent, no parameter is unknown, and the answer matches the operation's model.
import { Account, AuthenticationFactor, AuthenticatorType, ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Q, serverClient, jwtClient } from '../../platform/appwrite.ts';
import { adminCalls } from '../../functions/admin/appwriteAdmin.ts';
import { LOCAL_ADMIN, productSeed, SERVER_KEY_SCOPES } from '../../scripts/lib/appwrite-seed.ts';
import { setupAppwrite } from '../../scripts/lib/appwrite-setup.ts';
import { BUCKETS, PROFILES_COLLECTION, schema } from '../../shared/appwrite/schema.ts';
import { restMagicLink, restVerification } from '../../web/auth/rest.ts';
import { AppwriteContract, type Exchange } from '../contracts/appwrite/spec.ts';
import { accountMethodsUsed, sdkOperation } from '../contracts/appwrite/sdk.ts';
import { FORMAT_CHANGES, STAND_IN_ONLY, UNDESCRIBED_ROUTES } from '../contracts/appwrite/version.ts';
import { routes, start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { totp } from '../emulators/appwrite/totp.ts';
import { browserClient, codeIn, latestMail, linkIn } from '../emulators/appwrite/testing.ts';

const PROJECT = 'contract';
const KEY = 'contract-tests-key-5d1e';
const SITE = 'http://localhost:8787';
const contract = new AppwriteContract();

/** The REST operations of the Worker and the scripts (platform/appwrite.ts, functions/admin/, scripts/lib/appwrite-setup.ts). */
const SERVER_SIDE: { method: string; path: string; from: string }[] = [
  { method: 'GET', path: '/account', from: 'platform/appwrite.ts account() (JWT)' },
  { method: 'GET', path: '/users/{userId}', from: 'platform/appwrite.ts user()' },
  { method: 'GET', path: '/databases/{databaseId}/collections/{collectionId}/documents', from: 'platform/appwrite.ts listDocuments()' },
  { method: 'POST', path: '/databases/{databaseId}/collections/{collectionId}/documents', from: 'platform/appwrite.ts createDocument()' },
  { method: 'PATCH', path: '/databases/{databaseId}/collections/{collectionId}/documents/{documentId}', from: 'platform/appwrite.ts updateDocument()' },
  { method: 'GET', path: '/users', from: 'functions/admin/appwriteAdmin.ts listUsers()' },
  { method: 'PUT', path: '/users/{userId}/labels', from: 'functions/admin/appwriteAdmin.ts setLabels()' },
  { method: 'GET', path: '/databases/{databaseId}/collections/{collectionId}/documents/{documentId}', from: 'functions/admin/appwriteAdmin.ts getDocument(), leadStore' },
  { method: 'DELETE', path: '/databases/{databaseId}/collections/{collectionId}/documents/{documentId}', from: 'functions/admin/appwriteAdmin.ts deleteDocument(), leadStore' },
  { method: 'POST', path: '/databases', from: 'scripts/lib/appwrite-setup.ts' },
  { method: 'POST', path: '/databases/{databaseId}/collections', from: 'scripts/lib/appwrite-setup.ts' },
  { method: 'GET', path: '/databases/{databaseId}/collections/{collectionId}', from: 'scripts/lib/appwrite-setup.ts' },
  { method: 'PUT', path: '/databases/{databaseId}/collections/{collectionId}', from: 'scripts/lib/appwrite-setup.ts --fix' },
  { method: 'GET', path: '/databases/{databaseId}/collections/{collectionId}/attributes', from: 'scripts/lib/appwrite-setup.ts' },
  { method: 'POST', path: '/databases/{databaseId}/collections/{collectionId}/attributes/string', from: 'scripts/lib/appwrite-setup.ts' },
  { method: 'POST', path: '/databases/{databaseId}/collections/{collectionId}/attributes/enum', from: 'scripts/lib/appwrite-setup.ts' },
  { method: 'PATCH', path: '/databases/{databaseId}/collections/{collectionId}/attributes/string/{key}', from: 'scripts/lib/appwrite-setup.ts --fix' },
  { method: 'POST', path: '/databases/{databaseId}/collections/{collectionId}/indexes', from: 'scripts/lib/appwrite-setup.ts' },
  { method: 'POST', path: '/storage/buckets', from: 'scripts/lib/appwrite-setup.ts' },
  { method: 'POST', path: '/storage/buckets/{bucketId}/files', from: 'platform/appwrite.ts createFile()' },
  { method: 'GET', path: '/storage/buckets/{bucketId}/files/{fileId}', from: 'platform/appwrite.ts getFile()' },
  { method: 'GET', path: '/storage/buckets/{bucketId}/files/{fileId}/download', from: 'platform/appwrite.ts downloadFile()' },
  { method: 'DELETE', path: '/storage/buckets/{bucketId}/files/{fileId}', from: 'platform/appwrite.ts deleteFile()' },
];

/** The SPA's direct REST fallbacks (web/auth/rest.ts). */
const SPA_REST = [
  { method: 'POST', path: '/account/tokens/magic-url', from: 'web/auth/rest.ts restMagicLink' },
  { method: 'POST', path: '/account/verification', from: 'web/auth/rest.ts restVerification' },
];

const exchanges: Exchange[] = [];
let seeded: RunningAppwrite;
let empty: RunningAppwrite;

/** Records every call to the two stand-ins (their /v1 API, not the local mailbox), with its answer. */
function record() {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const res = await realFetch(input, init);
    const bases = [seeded, empty].filter(Boolean).map((s) => new URL(s.url));
    const api = bases.find((b) => b.host === url.host && url.pathname.startsWith(`${b.pathname}/`));
    if (api && !url.pathname.endsWith('/__mailbox')) {
      // A download answers bytes; an upload sends multipart (its fields stand in for the body).
      const isJson = (res.headers.get('content-type') ?? '').includes('json');
      const text = isJson ? await res.clone().text() : '';
      const form = init?.body instanceof FormData ? Object.fromEntries([...init.body.keys()].map((k) => [k, 'x'])) : undefined;
      const body = form ?? (typeof init?.body === 'string' && init.body ? JSON.parse(init.body) : undefined);
      exchanges.push({
        method,
        path: url.pathname.slice(api.pathname.length),
        query: url.searchParams,
        body,
        status: res.status,
        response: text ? JSON.parse(text) : null,
      });
    }
    return res;
  };
}

const signedIn = async (email: string, password: string) => {
  const b = browserClient(seeded.url, PROJECT, { origin: SITE });
  const account = new Account(b.client);
  await account.createEmailPasswordSession({ email, password });
  return { ...b, account };
};

/** The SPA's account flows, one SDK call of each kind the SPA makes. */
async function spaFlows() {
  const b = browserClient(seeded.url, PROJECT, { origin: SITE });
  const account = new Account(b.client);
  const email = `contract.${Date.now()}@example.com`;
  const password = 'password-123';
  const user = await account.create({ userId: ID.unique(), email, password, name: 'Ama' });
  await account.createEmailPasswordSession({ email, password });
  await account.get();
  await account.updateName({ name: 'Ama Mensah' });
  await account.createEmailVerification({ url: `${SITE}/verify-email` });
  const verify = linkIn(await latestMail(seeded.url, email));
  await account.updateEmailVerification({ userId: user.$id, secret: verify.searchParams.get('secret')! });
  await account.updatePassword({ password: 'password-456', oldPassword: password });
  const phone = `+23324${String(Date.now()).slice(-7)}`;
  await account.updatePhone({ phone, password: 'password-456' });
  await account.createPhoneVerification();
  await account.updatePhoneVerification({ userId: user.$id, secret: codeIn(await latestMail(seeded.url, phone)) });
  const newEmail = `contract.new.${Date.now()}@example.com`;
  await account.updateEmail({ email: newEmail, password: 'password-456' });
  await account.createJWT();
  const sessions = await account.listSessions();

  // A second factor: a TOTP authenticator, recovery codes, MFA on, a challenge on a new session, and off again.
  const { secret } = await account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
  await account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: totp(secret, Date.now()) });
  await account.createMFARecoveryCodes();
  await account.updateMFARecoveryCodes();
  await account.updateMFA({ mfa: true });
  const second = await signedIn(newEmail, 'password-456');
  await second.account.listMFAFactors();
  const challenge = await second.account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
  await second.account.updateMFAChallenge({ challengeId: challenge.$id, otp: totp(secret, Date.now() + 30_000) });
  await second.account.deleteMFAAuthenticator({ type: AuthenticatorType.Totp });
  await second.account.updateMFA({ mfa: false });
  await second.account.deleteSession({ sessionId: sessions.sessions[0]!.$id });
  await second.account.deleteSession({ sessionId: 'current' });

  // Signed out: password recovery and a magic link (SDK and REST fallback).
  const guest = new Account(browserClient(seeded.url, PROJECT, { origin: SITE }).client);
  await guest.createRecovery({ email: newEmail, url: `${SITE}/auth/reset-password` });
  const reset = linkIn(await latestMail(seeded.url, newEmail));
  await guest.updateRecovery({ userId: reset.searchParams.get('userId')!, secret: reset.searchParams.get('secret')!, password: 'password-789' });
  const magicEmail = `contract.magic.${Date.now()}@example.com`;
  const token = await guest.createMagicURLToken({ userId: ID.unique(), email: magicEmail, url: `${SITE}/sign-in` });
  const magic = linkIn(await latestMail(seeded.url, magicEmail));
  await guest.createSession({ userId: token.userId, secret: magic.searchParams.get('secret')! });
  await restMagicLink({ endpoint: seeded.url, projectId: PROJECT }, { userId: ID.unique(), email: `contract.rest.${Date.now()}@example.com`, url: `${SITE}/sign-in` });

  // The verification fallback, with the session a browser would send along.
  const other = `contract.rest.verify.${Date.now()}@example.com`;
  const c = browserClient(seeded.url, PROJECT, { origin: SITE });
  await new Account(c.client).create({ userId: ID.unique(), email: other, password });
  await new Account(c.client).createEmailPasswordSession({ email: other, password });
  const cookie = [...c.jar.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  await restVerification({ endpoint: seeded.url, projectId: PROJECT, fetch: (u, init) => fetch(u, { ...init, headers: { ...(init?.headers as Record<string, string>), Cookie: cookie, Origin: SITE } }) }, { url: `${SITE}/verify-email` });
}

/** The Worker's calls (platform/appwrite.ts and functions/admin/appwriteAdmin.ts). */
async function workerCalls() {
  const settings = { endpoint: seeded.url, projectId: PROJECT, databaseId: 'main', apiKey: KEY };
  const server = serverClient(settings);
  await server.user(LOCAL_ADMIN.id);
  await server.listDocuments('main', PROFILES_COLLECTION, [Q.equal('userId', LOCAL_ADMIN.id), Q.orderAsc('$createdAt'), Q.limit(25)]);
  const id = ID.unique();
  await server.createDocument('main', PROFILES_COLLECTION, id, { userId: id, email: 'someone@example.com', role: 'user' }, [`read("user:${id}")`]);
  await server.updateDocument('main', PROFILES_COLLECTION, id, { role: 'moderator' });
  const admin = adminCalls(server);
  await admin.listUsers({ search: 'admin', queries: [Q.limit(25)] });
  await admin.setLabels(LOCAL_ADMIN.id, ['admin']);
  await admin.getDocument('main', PROFILES_COLLECTION, id);
  await admin.deleteDocument('main', PROFILES_COLLECTION, id);
  // Attachments of mail in: a file in two parts (over 5 MB), read, downloaded, deleted.
  const bytes = new Uint8Array(5 * 1024 * 1024 + 10).fill(7);
  const file = await server.createFile(BUCKETS.attachments, 'contract-file', { name: 'brief.pdf', type: 'application/pdf', bytes });
  expect(file).toMatchObject({ chunksTotal: 2, chunksUploaded: 2, sizeOriginal: bytes.byteLength });
  expect((await server.getFile(BUCKETS.attachments, 'contract-file'))?.name).toBe('brief.pdf');
  expect(Buffer.from((await server.downloadFile(BUCKETS.attachments, 'contract-file'))!).equals(bytes)).toBe(true);
  await server.deleteFile(BUCKETS.attachments, 'contract-file');
  expect(await server.getFile(BUCKETS.attachments, 'contract-file')).toBeNull();
  const { account } = await signedIn(LOCAL_ADMIN.email, LOCAL_ADMIN.password);
  const { jwt } = await account.createJWT();
  await jwtClient(settings, jwt).account();
}

/** `npm run appwrite:setup` on an empty project, then with drift to repair. */
async function setupRuns() {
  await setupAppwrite({ endpoint: empty.url, projectId: PROJECT, apiKey: KEY, pollMs: 10 });
  const [first, ...rest] = schema.collections;
  const optional = first!.attributes.find((a) => a.type === 'string' && !a.required)!;
  const drifted = {
    ...schema,
    collections: [{ ...first!, permissions: [...first!.permissions, 'read("label:auditor")'], attributes: first!.attributes.map((a) => (a === optional ? { ...a, required: true, default: undefined } : a)) }, ...rest],
  };
  await setupAppwrite({ endpoint: empty.url, projectId: PROJECT, apiKey: KEY, pollMs: 10, db: drifted, fix: true });
}

beforeAll(async () => {
  seeded = await start({ port: 0, origins: [SITE], seed: productSeed({ apiKeys: [KEY], accounts: [{ ...LOCAL_ADMIN, role: 'admin' }] }) });
  empty = await start({ port: 0, seed: { apiKeys: [{ secret: KEY, scopes: SERVER_KEY_SCOPES }] } });
  record();
  await workerCalls();
  await spaFlows();
  await setupRuns();
}, 60_000);
afterAll(async () => {
  await Promise.all([seeded?.close(), empty?.close()]);
});

/** Two path templates that fit the same requests: equal segments, or a parameter in either. */
const sameShape = (a: string, b: string) => {
  const x = a.split('/');
  const y = b.split('/');
  return x.length === y.length && x.every((s, i) => s === y[i] || s.startsWith('{') || y[i]!.startsWith('{'));
};
const describeExchange = (x: Exchange) => `${x.method} ${x.path} → ${x.status}`;
const templateOf = (x: Exchange) => contract.find(x.method, x.path)?.path;

describe(`Appwrite stand-in against Appwrite's published description (${contract.version})`, () => {
  it('answers every call the product makes as the description says (operation, parameters, response model)', () => {
    expect(exchanges.length).toBeGreaterThan(50);
    const problems = exchanges.flatMap((x) => contract.check(x).map((p) => `${describeExchange(x)}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('implements every operation the Worker, the scripts and the SPA use (and each is an operation of the description)', () => {
    const spa = accountMethodsUsed(new URL('../../web', import.meta.url).pathname).map((m) => ({ ...sdkOperation('Account', m), from: `web/ account.${m}()` }));
    expect(spa.length).toBeGreaterThan(20);
    const used = [...SERVER_SIDE, ...SPA_REST, ...spa];
    const known = (u: { method: string; path: string }) => contract.operations.some((o) => o.method === u.method && o.path === u.path) || UNDESCRIBED_ROUTES.some((r) => r.method === u.method && r.path === u.path);
    const missing = used.filter((u) => !known(u));
    expect(missing).toEqual([]);
    const succeeded = new Set(exchanges.filter((x) => x.status < 300).map((x) => `${x.method} ${templateOf(x) ?? x.path}`));
    const notExercised = used.filter((u) => !succeeded.has(`${u.method} ${u.path}`)).map((u) => `${u.method} ${u.path} (${u.from})`);
    expect(notExercised).toEqual([]);
  });

  it('serves only routes Appwrite serves, and lists the operations it leaves out', async () => {
    const own = routes().map((r) => ({ method: r.method, path: r.path.replace(/:([a-zA-Z]+)/g, '{$1}') }));
    const described = (r: { method: string; path: string }) => contract.operations.filter((o) => o.method === r.method && sameShape(o.path, r.path));
    const undescribed = new Set([...UNDESCRIBED_ROUTES.map((u) => `${u.method} ${u.path}`), ...STAND_IN_ONLY]);
    expect(own.filter((r) => !described(r).length && !undescribed.has(`${r.method} ${r.path}`)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // Each undescribed route is still served (else the list is stale).
    expect([...undescribed].filter((u) => !own.some((r) => `${r.method} ${r.path}` === u))).toEqual([]);
    const implemented = new Set(own.flatMap((r) => described(r).map((o) => `${o.method} ${o.path}`)));
    const left = contract.operations.filter((o) => !implemented.has(`${o.method} ${o.path}`)).map((o) => `${o.method} ${o.path}`).sort();
    expect(left.length).toBeLessThan(contract.operations.length);
    await expect(`${left.join('\n')}\n`).toMatchFileSnapshot('../contracts/appwrite/not-implemented.txt');
  });

  it('needs each recorded format change: the published model alone refuses what the stand-in answers', () => {
    const raw = new AppwriteContract(undefined, { formatChanges: false });
    const problems = exchanges.flatMap((x) => raw.check(x));
    for (const change of FORMAT_CHANGES) expect(problems.some((p) => p.includes(`/${change.property} must be`))).toBe(true);
  });
});
