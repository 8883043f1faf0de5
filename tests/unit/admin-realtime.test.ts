// Staff-only realtime for the team channels (docs/decisions/0017): the product's schema on the Appwrite
// emulator, accounts labelled as the Worker labels them (shared/admin/team.ts labelsForRole), the real SDK's
// Realtime subscribed to the channels and messages collections. Staff receive every event; a plain user
// subscribed to the same channels receives nothing, and cannot read the documents either.
import { Account, Client, Databases, Realtime, type RealtimeResponseEvent } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSeed, type SeedAccount } from '../../scripts/lib/appwrite-seed.ts';
import { labelsForRole } from '../../shared/admin/team.ts';
import { COLLECTIONS, DATABASE_ID } from '../../shared/appwrite/schema.ts';
import type { Role } from '../../shared/roles.ts';
import { start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { browserClient, sessionOf } from '../emulators/appwrite/testing.ts';
import { appwriteAdmin } from '../kit/appwrite.ts';

const PROJECT = 'admin-realtime';
const KEY = 'admin-realtime-key';
const PASSWORD = 'admin-realtime-password';
const people: Record<Role, SeedAccount> = {
  admin: { id: 'rt-admin', email: 'admin@rt.test', password: PASSWORD, name: 'RT Admin', role: 'admin' },
  moderator: { id: 'rt-moderator', email: 'moderator@rt.test', password: PASSWORD, name: 'RT Moderator', role: 'moderator' },
  user: { id: 'rt-user', email: 'user@rt.test', password: PASSWORD, name: 'RT User' },
};

let aw: RunningAppwrite;
const closers: (() => Promise<void>)[] = [];

const server = (method: string, path: string, body?: unknown) => appwriteAdmin({ endpoint: aw.url, projectId: PROJECT, apiKey: KEY }).ok(method, path, body);

beforeAll(async () => {
  (globalThis as { window?: unknown }).window ??= globalThis; // the SDK's heartbeat uses window.setInterval
  aw = await start({ port: 0, seed: productSeed({ apiKeys: [KEY], accounts: Object.values(people) }) });
  // What the Worker does on every role change and at sign-in.
  for (const [role, a] of Object.entries(people) as [Role, SeedAccount][]) {
    await server('PUT', `/users/${a.id}/labels`, { labels: labelsForRole([], role) });
  }
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await new Promise((r) => setTimeout(r, 50));
  await aw?.close();
});

type Event = RealtimeResponseEvent<Record<string, unknown>>;

async function subscribed(a: SeedAccount) {
  const b = browserClient(aw.url, PROJECT);
  await new Account(b.client).createEmailPasswordSession({ email: a.email, password: a.password });
  const client = new Client().setEndpoint(aw.url).setProject(PROJECT).setSession(sessionOf(b.jar, PROJECT)!);
  const received: Event[] = [];
  const sub = await new Realtime(client).subscribe([
    `databases.${DATABASE_ID}.collections.${COLLECTIONS.channels}.documents`,
    `databases.${DATABASE_ID}.collections.${COLLECTIONS.messages}.documents`,
  ], (e) => received.push(e as Event));
  closers.push(() => sub.close());
  return { received, db: new Databases(b.client) };
}

describe('team channels in realtime', () => {
  it('reach admins and moderators, never a plain user', async () => {
    const [admin, moderator, user] = await Promise.all([subscribed(people.admin), subscribed(people.moderator), subscribed(people.user)]);
    const has = (r: Event[], id: string) => r.some((e) => e.payload.$id === id);

    // The SDK authenticates after `connected`: write (as the Worker does, with the server key) until staff see it.
    const written: string[] = [];
    await expect.poll(async () => {
      const id = `m${Date.now().toString(16)}${written.length}`;
      await server('POST', `/databases/${DATABASE_ID}/collections/${COLLECTIONS.messages}/documents`, {
        documentId: id, data: { channelId: 'general', userId: people.moderator.id, authorName: 'RT Moderator', text: 'Hello team', postedAt: new Date().toISOString() },
      });
      written.push(id);
      await new Promise((r) => setTimeout(r, 100));
      return has(admin.received, id) && has(moderator.received, id);
    }, { timeout: 5000, interval: 50 }).toBe(true);

    const last = written.at(-1)!;
    await server('PATCH', `/databases/${DATABASE_ID}/collections/${COLLECTIONS.messages}/documents/${last}`, {
      data: { text: null, deletedById: people.admin.id, deletedByName: 'RT Admin', deletedAt: new Date().toISOString() },
    });
    const channel = await server('POST', `/databases/${DATABASE_ID}/collections/${COLLECTIONS.channels}/documents`, { documentId: 'sales', data: { name: 'sales' } });
    await expect.poll(() => admin.received.some((e) => e.events.some((n) => n.endsWith(`${last}.update`))) && has(moderator.received, String(channel.$id))).toBe(true);
    expect(moderator.received.find((e) => e.events.some((n) => n.endsWith(`${last}.update`)))?.payload).toMatchObject({ deletedByName: 'RT Admin', text: null });

    // The plain user was subscribed all along and got nothing; reading directly is refused too.
    await new Promise((r) => setTimeout(r, 300));
    expect(user.received).toEqual([]);
    const list = await user.db.listDocuments({ databaseId: DATABASE_ID, collectionId: COLLECTIONS.messages }).catch((e: { code: number }) => e.code);
    expect(list === 401 || (typeof list === 'object' && list.total === 0)).toBe(true);
  });
});
