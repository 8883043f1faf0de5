import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { Account } from 'appwrite';
import { start as startFormSubmit } from '../emulators/formsubmit/server.ts';
import { start as startWhatsApp } from '../emulators/whatsapp/server.ts';
import { start as startOutbox } from '../emulators/outbox/server.ts';
import { start as startGemini } from '../emulators/gemini/server.ts';
import { start as startGeminiLive } from '../emulators/gemini-live/server.ts';
import { start as startAppwrite } from '../emulators/appwrite/index.ts';
import { browserClient } from '../emulators/appwrite/testing.ts';
import { productSeed, type SeedAccount } from '../../scripts/lib/appwrite-seed.ts';
import { DATABASE_ID, PROFILES_COLLECTION } from '../../shared/appwrite/schema.ts';
import { readVars } from '../../scripts/lib/vars.ts';
import { startPushRecorder } from './pushRecorder.ts';
import type { AppwriteTestContext, TestAccount } from './provided.d.ts';

// Starts the emulators the Worker talks to during tests, on ephemeral ports, and hands their addresses to
// the Worker's bindings (vitest.config.ts). Outbound requests anywhere else fail (vitest.config.ts).

const PROJECT = 'worker-tests';
const API_KEY = 'worker-tests-appwrite-key-61c0f9';
const PASSWORD = 'worker-tests-password';
const GEMINI_KEY = 'worker-tests-gemini-key-5e2a8d';

const accounts: Record<keyof AppwriteTestContext['accounts'], SeedAccount> = {
  admin: { id: 'test-admin', email: 'admin@worker.test', password: PASSWORD, name: 'Test Admin', role: 'admin' },
  moderator: { id: 'test-moderator', email: 'moderator@worker.test', password: PASSWORD, name: 'Test Moderator', role: 'moderator' },
  user: { id: 'test-user', email: 'user@worker.test', password: PASSWORD, name: 'Test User' },
  target: { id: 'test-target', email: 'target@worker.test', password: PASSWORD, name: 'Test Target' },
  emailStaff: { id: 'test-email-staff', email: 'email-staff@worker.test', password: PASSWORD, name: 'Email Staff' },
  unverified: { id: 'test-unverified', email: 'unverified@worker.test', password: PASSWORD, name: 'Unverified', emailVerification: false },
  recycled: { id: 'test-recycled', email: 'recycled@worker.test', password: PASSWORD, name: 'Recycled Address' },
  recycledTarget: { id: 'test-recycled-target', email: 'recycled-target@worker.test', password: PASSWORD, name: 'Recycled Target' },
  revoked: { id: 'test-revoked', email: 'revoked@worker.test', password: PASSWORD, name: 'Revoked', role: 'admin' },
};

/** A port where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Signs in with the real appwrite SDK (keeping the session like a browser) and asks for a JWT. */
async function signIn(endpoint: string, a: SeedAccount, revoke = false): Promise<TestAccount> {
  const { client } = browserClient(endpoint, PROJECT);
  const account = new Account(client);
  await account.createEmailPasswordSession({ email: a.email, password: a.password });
  const { jwt } = await account.createJWT({ duration: 3600 });
  if (revoke) await account.deleteSession({ sessionId: 'current' });
  return { id: a.id, email: a.email, jwt };
}

export default async function setup(project: TestProject) {
  const formSubmit = await startFormSubmit(0);
  const outbox = await startOutbox(0);
  const gemini = await startGemini(0, { apiKeys: [GEMINI_KEY] });
  const live = await startGeminiLive(0, { apiKeys: [GEMINI_KEY] });
  const appwrite = await startAppwrite({
    port: 0,
    seed: productSeed({
      apiKeys: [API_KEY],
      accounts: Object.values(accounts),
      // Profiles from before the account existed, found only by e-mail (docs/product.md §3, third lookup).
      documents: [
        { databaseId: DATABASE_ID, collectionId: PROFILES_COLLECTION, documentId: 'older-profile-1', data: { email: accounts.emailStaff.email, role: 'moderator' } },
        // A former staff member's profile: the address now belongs to another account, which must not inherit it.
        { databaseId: DATABASE_ID, collectionId: PROFILES_COLLECTION, documentId: 'stale-staff-profile', data: { userId: 'former-employee', email: accounts.recycled.email, role: 'admin' } },
        { databaseId: DATABASE_ID, collectionId: PROFILES_COLLECTION, documentId: 'stale-target-profile', data: { userId: 'another-former-employee', email: accounts.recycledTarget.email, role: 'admin' } },
        { databaseId: DATABASE_ID, collectionId: PROFILES_COLLECTION, documentId: 'older-profile-2', data: { userId: 'old-account-2', email: accounts.unverified.email, role: 'admin' } },
      ],
    }),
  });
  const devVars = readVars('.dev.vars.example');
  // The Graph API stand-in of WhatsApp (tests/emulators/whatsapp), with the token and number id of .dev.vars.example.
  const whatsapp = await startWhatsApp({ port: 0, token: devVars.WHATSAPP_TOKEN ?? '', phoneNumberId: devVars.WHATSAPP_PHONE_NUMBER_ID ?? '', appSecret: devVars.WHATSAPP_APP_SECRET ?? '' });
  const push = await startPushRecorder(devVars.VAPID_PUBLIC_KEY ?? '');
  const downEndpoint = `http://127.0.0.1:${await closedPort()}/v1`;

  const signedIn = Object.fromEntries(await Promise.all(
    Object.entries(accounts).map(async ([k, a]) => [k, await signIn(appwrite.url, a, k === 'revoked')] as const),
  )) as AppwriteTestContext['accounts'];

  const workerBindings: Record<string, string> = {
    FORMSUBMIT_ENDPOINT: `${formSubmit.url}/ajax/worker-tests-token`,
    APPWRITE_ENDPOINT: appwrite.url,
    APPWRITE_PROJECT_ID: PROJECT,
    APPWRITE_DATABASE_ID: DATABASE_ID,
    APPWRITE_API_KEY: API_KEY,
    // Not read by the Worker: listed so that the fail-closed outbound service lets requests to it through.
    APPWRITE_DOWN_ENDPOINT: downEndpoint,
    // The real Gemini path against the emulator (tests/worker/chat*.test.ts); a test that wants the local
    // assistant runs the app with GEMINI_API_KEY empty.
    GEMINI_BASE_URL: gemini.url,
    GEMINI_API_KEY: GEMINI_KEY,
    // Voice (tests/worker/voice*.test.ts): the Gemini Live emulator, same key; its control API is on the
    // same port (GEMINI_LIVE_CONTROL is not read by the Worker).
    GEMINI_LIVE_URL: live.url,
    GEMINI_LIVE_CONTROL: live.controlUrl,
    // Mail out (tests/worker/mail-out.test.ts): the outbox stand-in takes what the EMAIL binding would send
    // (read at /__outbox, tests/kit/outbox.ts).
    MAIL_OUTBOX_URL: outbox.url,
    // Web Push to staff devices (tests/worker/alerts.test.ts): the push recorder, which also decrypts each
    // push with the test kit in Node and has modes the outbox's /push lacks (flaky, 403); `npm start` uses the outbox.
    PUSH_LOCAL_ORIGIN: push.url,
    // WhatsApp (tests/worker/whatsapp*.test.ts): the Graph API stand-in; its control routes (/__received,
    // /__media, /__inbound) are on the same origin (tests/kit/whatsapp.ts graphStandIn).
    WHATSAPP_GRAPH_URL: `${whatsapp.url}/v24.0`,
    WHATSAPP_STANDIN: whatsapp.url,
  };
  project.provide('workerBindings', workerBindings);
  project.provide('pushTest', { origin: push.url, keys: push.keys });
  project.provide('appwriteTest', {
    endpoint: appwrite.url, projectId: PROJECT, databaseId: DATABASE_ID, apiKey: API_KEY, downEndpoint, accounts: signedIn,
  });
  return async () => {
    await Promise.all([formSubmit.close(), outbox.close(), appwrite.close(), gemini.close(), live.close(), push.close(), whatsapp.close()]);
  };
}
