// The staff inbox's realtime (docs/decisions/0016): staff browsers subscribe with the appwrite SDK's
// client.subscribe to the `inquiries` and `lead_activity` channels; the collections grant read to the
// labels admin and moderator only, so a plain user on the same channels receives nothing. Against the
// Appwrite emulator seeded with the product's schema, with the real SDK.
import { Account, Client, type RealtimeResponseEvent } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { browserClient, sessionOf } from '../emulators/appwrite/testing.ts';
import { productSeed } from '../../scripts/lib/appwrite-seed.ts';
import { activityDocument, inquiryDocument } from '../../shared/admin/inquiry.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { inboxChannels } from '../../shared/admin/realtime.ts';
import { appwriteAdmin } from '../kit/appwrite.ts';

const PROJECT = 'inbox-rt';
const KEY = 'inbox-rt-key-5b1e0c';
const PASSWORD = 'inbox-rt-password';
const people = {
  admin: { id: 'rt-admin', email: 'admin@rt.test', password: PASSWORD, name: 'RT Admin', role: 'admin' as const },
  moderator: { id: 'rt-moderator', email: 'moderator@rt.test', password: PASSWORD, name: 'RT Moderator', role: 'moderator' as const },
  user: { id: 'rt-user', email: 'user@rt.test', password: PASSWORD, name: 'RT User' },
};

let aw: RunningAppwrite;
const g = globalThis as { window?: unknown };

const rest = (method: string, path: string, body?: unknown) => appwriteAdmin({ endpoint: aw.url, projectId: PROJECT, apiKey: KEY }).ok(method, path, body);

beforeAll(async () => {
  g.window = globalThis; // the SDK's heartbeat uses window.setInterval
  aw = await start({ port: 0, seed: productSeed({ apiKeys: [KEY], accounts: Object.values(people) }) });
  // The Worker keeps each account's labels equal to its role (as Appwrite's Users API sets them).
  await rest('PUT', `/users/${people.admin.id}/labels`, { labels: ['admin'] });
  await rest('PUT', `/users/${people.moderator.id}/labels`, { labels: ['moderator'] });
});
afterAll(async () => {
  await aw?.close();
  delete g.window;
});

/** A signed-in SDK client subscribed to the inbox's channels, collecting what it receives. */
async function subscriber(who: { email: string; password: string }) {
  const b = browserClient(aw.url, PROJECT);
  await new Account(b.client).createEmailPasswordSession({ email: who.email, password: who.password });
  const client = new Client().setEndpoint(aw.url).setProject(PROJECT).setSession(sessionOf(b.jar, PROJECT) ?? '');
  const received: RealtimeResponseEvent<Record<string, unknown>>[] = [];
  const unsubscribe = client.subscribe(inboxChannels('main'), (e) => received.push(e as RealtimeResponseEvent<Record<string, unknown>>));
  return { received, unsubscribe };
}

/** What the queue's sink writes for a new lead, with the server key. */
async function newLead() {
  const m = { id: uniqueId(), kind: 'contact', submittedAt: new Date().toISOString(), fields: { name: 'Realtime Visitor', email: 'visitor@example.com', message: 'Hello' } };
  const inquiry = inquiryDocument(m);
  await rest('POST', `/databases/main/collections/${COLLECTIONS.inquiries}/documents`, { documentId: inquiry.documentId, data: inquiry.data });
  return inquiry.documentId;
}

describe('realtime of the staff inbox', () => {
  it('staff receive new leads and colleagues\' changes; a plain user on the same channels receives nothing', async () => {
    const admin = await subscriber(people.admin);
    const moderator = await subscriber(people.moderator);
    const user = await subscriber(people.user);
    try {
      // The SDK authenticates after `connected`; keep making leads until the staff sockets get one.
      const ids: string[] = [];
      await expect.poll(async () => {
        ids.push(await newLead());
        await new Promise((r) => setTimeout(r, 100));
        return [admin, moderator].every((s) => s.received.some((e) => ids.includes(String(e.payload.$id))));
      }, { timeout: 8000, interval: 200 }).toBe(true);

      const id = ids[ids.length - 1] ?? '';
      await rest('PATCH', `/databases/main/collections/${COLLECTIONS.inquiries}/documents/${id}`, { data: { status: 'contacted' } });
      const note = activityDocument({ documentId: uniqueId(), leadId: id, type: 'note', at: new Date().toISOString(), actor: { id: people.moderator.id, name: 'RT Moderator' }, text: 'Called' });
      await rest('POST', `/databases/main/collections/${COLLECTIONS.leadActivity}/documents`, { documentId: note.documentId, data: note.data });
      await expect.poll(() => admin.received.some((e) => e.events.includes(`databases.main.collections.inquiries.documents.${id}.update`) && e.payload.status === 'contacted'), { timeout: 3000 }).toBe(true);
      await expect.poll(() => admin.received.some((e) => e.payload.leadId === id && e.payload.type === 'note'), { timeout: 3000 }).toBe(true);

      // By now the user's socket has long been authenticated too (it connected with the others).
      await new Promise((r) => setTimeout(r, 300));
      expect(user.received).toEqual([]);
    } finally {
      admin.unsubscribe();
      moderator.unsubscribe();
      user.unsubscribe();
    }
  });
});
