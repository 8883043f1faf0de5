// Local Appwrite emulator: a stand-in for Appwrite's REST and realtime APIs (the subset the product uses),
// faithful enough for the unmodified `appwrite` SDK. Never part of a production deployment.
//
//   const appwrite = await start({ port: 8790, dataFile: '.data/appwrite.sqlite', origins: ['http://localhost:8787'], seed });
//   appwrite.url        // http://localhost:8790/v1
//   appwrite.mailboxUrl // http://localhost:8790/mailbox (JSON: appwrite.mailboxApiUrl)
import { accountRoutes } from './account.ts';
import { findUserByEmail, getUser, insertUser } from './accounts.ts';
import type { Emulator, RealtimeEvent, Route } from './context.ts';
import { collectionOf, databaseRoutes, docKind, insertDocument } from './databases.ts';
import { mfaRoutes } from './mfa.ts';
import { oauthRoutes } from './oauth.ts';
import { normalisePermissions } from './permissions.ts';
import { RealtimeHub } from './realtime.ts';
import { restoreStructure, structureRoutes } from './structure.ts';
import { seedBuckets, storageRoutes } from './storage.ts';
import { createApp } from './server.ts';
import { type LoopbackServer, serveOnLoopback } from '../lib/http.ts';
import { Store } from './store.ts';
import type { Seed, SeedCollection } from './types.ts';
import { hashPassword, secret, type Clock } from './util.ts';
import { usersRoutes } from './users.ts';

export type { Seed, SeedApiKey, SeedBucket, SeedAttribute, SeedCollection, SeedDatabase, SeedDocument, SeedIndex, SeedUser } from './types.ts';

export interface StartOptions {
  /** 0 picks a free port. */
  port: number;
  /** SQLite file that keeps the data across restarts; ':memory:' (the default) keeps nothing. */
  dataFile?: string;
  /** Web origins allowed to call with credentials (CORS), e.g. http://localhost:8787. Unset: any origin. */
  origins?: string[];
  /** Schema, API keys, users and documents applied to every project on first use (idempotent). */
  seed?: Seed;
  /** Interface to listen on; default 127.0.0.1 (and ::1 when available). */
  host?: string;
  /** Time source in ms, for tests of expiry. */
  clock?: Clock;
}

export interface RunningAppwrite {
  name: 'Appwrite';
  /** http://localhost:PORT/v1 */
  url: string;
  /** The readable mailbox page, http://localhost:PORT/mailbox */
  mailboxUrl: string;
  /** The mailbox as JSON, http://localhost:PORT/v1/__mailbox */
  mailboxApiUrl: string;
  port: number;
  close(): Promise<void>;
}

/** Every REST route the stand-in answers (the contract test holds them to Appwrite's description). */
export const routes = (): Route[] => [...oauthRoutes(), ...mfaRoutes(), ...accountRoutes(), ...databaseRoutes(), ...structureRoutes(), ...usersRoutes(), ...storageRoutes()];

function buildSchema(seed: Seed): Map<string, Map<string, SeedCollection>> {
  const schema = new Map<string, Map<string, SeedCollection>>();
  for (const db of seed.databases ?? []) {
    const cols = new Map<string, SeedCollection>();
    for (const col of db.collections) {
      normalisePermissions(col.permissions ?? [], ['read', 'create', 'update', 'delete', 'write']);
      // A copy: the structure API may add attributes and indexes, which must not change the caller's seed.
      cols.set(col.id, structuredClone(col));
    }
    schema.set(db.id, cols);
  }
  return schema;
}

async function applySeed(emu: Emulator, project: string) {
  const { seed } = emu;
  seedBuckets(emu, project);
  for (const u of seed.users ?? []) {
    let user = findUserByEmail(emu, project, u.email) ?? (u.id ? getUser(emu, project, u.id) : undefined);
    if (!user) {
      const passwordHash = await hashPassword(u.password);
      user = findUserByEmail(emu, project, u.email) ?? insertUser(emu, project, {
        id: u.id ?? 'unique()', email: u.email, passwordHash, name: u.name, labels: u.labels, emailVerification: u.emailVerification ?? true, prefs: u.prefs, phone: u.phone,
      });
    }
    if (u.profile) {
      const col = collectionOf(emu, 'documents', u.profile.databaseId, u.profile.collectionId);
      if (!emu.store.get(project, docKind(u.profile.databaseId, col.id), user.$id)) {
        const names = col.attributes?.map((a) => a.key);
        const extra: Record<string, unknown> = {};
        if (!names || names.includes('userId')) extra.userId = user.$id;
        if (!names || names.includes('email')) extra.email = user.email;
        if (u.profile.registrationAttribute) extra[u.profile.registrationAttribute] = user.registration;
        const perms = u.profile.permissions ?? [`read("user:${user.$id}")`, `update("user:${user.$id}")`];
        insertDocument(emu, project, 'documents', u.profile.databaseId, col, user.$id, { ...extra, ...u.profile.data }, normalisePermissions(perms));
      }
    }
  }
  for (const d of seed.documents ?? []) {
    const col = collectionOf(emu, 'documents', d.databaseId, d.collectionId);
    if (emu.store.get(project, docKind(d.databaseId, col.id), d.documentId)) continue;
    insertDocument(emu, project, 'documents', d.databaseId, col, d.documentId, d.data, normalisePermissions(d.permissions ?? []));
  }
}

export async function start(options: StartOptions | number): Promise<RunningAppwrite> {
  const opts: StartOptions = typeof options === 'number' ? { port: options } : options;
  const store = new Store(opts.dataFile ?? ':memory:');
  let jwtKey = store.meta('jwtKey');
  if (!jwtKey) {
    jwtKey = secret(32);
    store.setMeta('jwtKey', jwtKey);
  }
  const seed = opts.seed ?? {};
  const seeding = new Map<string, Promise<void>>();
  let hub: RealtimeHub | undefined;
  const emu: Emulator = {
    store,
    seed,
    clock: opts.clock ?? Date.now,
    jwtKey,
    origin: 'http://localhost:0',
    origins: opts.origins,
    schema: buildSchema(seed),
    ensureProject(project: string) {
      let p = seeding.get(project);
      if (!p) {
        p = applySeed(emu, project);
        seeding.set(project, p);
        p.catch(() => seeding.delete(project));
      }
      return p;
    },
    publish(event: RealtimeEvent) {
      hub?.publish(event);
    },
  };
  restoreStructure(emu, seed.databases ?? []);
  // Fail at start, not on the first request, when the seed names a collection it does not declare.
  for (const ref of [...(seed.users ?? []).flatMap((u) => (u.profile ? [u.profile] : [])), ...(seed.documents ?? [])]) {
    try {
      collectionOf(emu, 'documents', ref.databaseId, ref.collectionId);
    } catch (error) {
      store.close();
      throw new Error(`Appwrite emulator seed: ${ref.databaseId}/${ref.collectionId}: ${(error as Error).message}`);
    }
  }
  hub = new RealtimeHub(emu);
  let server: LoopbackServer;
  try {
    // Browsers may resolve localhost to ::1 first: without a host it answers there too.
    server = await serveOnLoopback(opts.port, createApp(emu, routes()), opts.host);
  } catch (error) {
    store.close();
    throw error;
  }
  for (const s of server.servers) {
    s.on('upgrade', (req, socket, head) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/v1/realtime') hub!.handleUpgrade(req, socket, head);
      else socket.destroy();
    });
  }
  const port = server.port;
  emu.origin = `http://localhost:${port}`;
  return {
    name: 'Appwrite',
    url: `${emu.origin}/v1`,
    mailboxUrl: `${emu.origin}/mailbox`,
    mailboxApiUrl: `${emu.origin}/v1/__mailbox`,
    port,
    async close() {
      hub?.close();
      await server.close();
      await Promise.allSettled(seeding.values());
      store.close();
    },
  };
}
