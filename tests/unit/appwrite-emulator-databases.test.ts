// The Appwrite emulator's databases against the real `appwrite` SDK: documents and rows, permissions,
// every query operator, API keys with scopes, and data kept across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Account, Client, Databases, ID, Permission, Query, Role, TablesDB } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { ADMIN, EXPIRED_KEY, READ_ONLY_KEY, SERVER_KEY, testSeed } from '../emulators/appwrite/fixtures.ts';
import { browserClient, failure } from '../emulators/appwrite/testing.ts';

const PROJECT = 'agency-db';
let aw: RunningAppwrite;

beforeAll(async () => {
  aw = await start({ port: 0, seed: testSeed });
});
afterAll(async () => {
  await aw?.close();
});


/** A server-side client: the web SDK plus the API key header (what node-appwrite's setKey sends). */
function keyClient(key: string, project = PROJECT) {
  const client = new Client().setEndpoint(aw.url).setProject(project);
  client.headers['X-Appwrite-Key'] = key;
  return client;
}

let n = 0;
async function user(name: string) {
  const b = browserClient(aw.url, PROJECT);
  const account = new Account(b.client);
  const email = `${name}.${Date.now()}.${n++}@example.com`;
  const created = await account.create({ userId: ID.unique(), email, password: 'password-123', name });
  await account.createEmailPasswordSession({ email, password: 'password-123' });
  return { client: b.client, db: new Databases(b.client), tables: new TablesDB(b.client), id: created.$id, email };
}

async function admin() {
  const b = browserClient(aw.url, PROJECT);
  await new Account(b.client).createEmailPasswordSession({ email: ADMIN.email, password: ADMIN.password });
  return { client: b.client, db: new Databases(b.client) };
}

describe('documents and permissions', () => {
  it('creates a document with Appwrite’s system fields and the creator’s default permissions', async () => {
    const ama = await user('ama');
    const doc = await ama.db.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: { text: 'hello', pinned: true } });
    expect(doc).toMatchObject({
      $collectionId: 'notes',
      $databaseId: 'main',
      text: 'hello',
      pinned: true,
      $permissions: [`read("user:${ama.id}")`, `update("user:${ama.id}")`, `delete("user:${ama.id}")`],
    });
    expect(doc.$id).toMatch(/^[a-f0-9]{20}$/);
    expect(doc.$sequence).toMatch(/^\d+$/);
    expect(Date.parse(doc.$createdAt)).toBeGreaterThan(0);
    expect(doc.$updatedAt).toBe(doc.$createdAt);
    expect(await ama.db.getDocument({ databaseId: 'main', collectionId: 'notes', documentId: doc.$id })).toEqual(doc);
  });

  it('refuses another user: not found to read, unauthorized to change', async () => {
    const ama = await user('ama');
    const kojo = await user('kojo');
    const doc = await ama.db.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: { text: 'private' } });
    const args = { databaseId: 'main', collectionId: 'notes', documentId: doc.$id };

    const read = await failure(kojo.db.getDocument(args));
    expect([read.code, read.type, read.message]).toEqual([404, 'document_not_found', 'Document with the requested ID could not be found.']);
    const upd = await failure(kojo.db.updateDocument({ ...args, data: { text: 'mine now' } }));
    expect([upd.code, upd.type, upd.message]).toEqual([401, 'user_unauthorized', 'The current user is not authorized to perform the requested action.']);
    expect((await failure(kojo.db.deleteDocument(args))).type).toBe('user_unauthorized');
    const listed = await kojo.db.listDocuments({ databaseId: 'main', collectionId: 'notes', queries: [Query.equal('$id', doc.$id)] });
    expect(listed).toEqual({ total: 0, documents: [] });

    // Sharing with every signed-in user lets Kojo read it, still not change it.
    await ama.db.updateDocument({ ...args, permissions: [Permission.read(Role.users()), Permission.write(Role.user(ama.id))] });
    expect((await kojo.db.getDocument(args)).text).toBe('private');
    expect((await failure(kojo.db.updateDocument({ ...args, data: { text: 'x' } }))).type).toBe('user_unauthorized');
    const updated = await ama.db.updateDocument({ ...args, data: { text: 'edited' } });
    expect(updated.text).toBe('edited');
    expect(updated.$permissions).toEqual(['read("users")', `update("user:${ama.id}")`, `delete("user:${ama.id}")`]);
    expect(Date.parse(updated.$updatedAt)).toBeGreaterThanOrEqual(Date.parse(updated.$createdAt));
    await ama.db.deleteDocument(args);
    expect((await failure(ama.db.getDocument(args))).type).toBe('document_not_found');
  });

  it('lets a user grant only roles it holds, and refuses guests without create permission', async () => {
    const ama = await user('ama');
    const kojo = await user('kojo');
    const e = await failure(ama.db.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: {}, permissions: [Permission.read(Role.user(kojo.id))] }));
    expect([e.code, e.type]).toEqual([401, 'user_unauthorized']);
    expect(e.message).toBe(`Permissions must be one of: (any, users, user:${ama.id}, users/unverified, user:${ama.id}/unverified)`);
    const guest = new Databases(new Client().setEndpoint(aw.url).setProject(PROJECT));
    expect((await failure(guest.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: {} }))).type).toBe('user_unauthorized');
    const bad = await failure(ama.db.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: {}, permissions: ['create("any")'] }));
    expect([bad.code, bad.type]).toEqual([400, 'general_argument_invalid']);
  });

  it('applies collection permissions: guests submit leads, only admins read them', async () => {
    const guest = new Databases(new Client().setEndpoint(aw.url).setProject(PROJECT));
    const lead = await guest.createDocument({ databaseId: 'main', collectionId: 'leads', documentId: ID.unique(), data: { name: 'Efua', email: 'efua@example.com' } });
    expect(lead).toMatchObject({ status: 'New', vip: false, tags: [], budget: null, $permissions: [] });
    expect((await failure(guest.getDocument({ databaseId: 'main', collectionId: 'leads', documentId: lead.$id }))).type).toBe('document_not_found');
    const { db } = await admin();
    expect((await db.getDocument({ databaseId: 'main', collectionId: 'leads', documentId: lead.$id })).name).toBe('Efua');
  });

  it('lets collection-level read("any") serve everyone when document security is off', async () => {
    const server = new Databases(keyClient(SERVER_KEY));
    const news = await server.createDocument({ databaseId: 'main', collectionId: 'announcements', documentId: ID.unique(), data: { title: 'Open day' }, permissions: [] });
    const guest = new Databases(new Client().setEndpoint(aw.url).setProject(PROJECT));
    expect((await guest.getDocument({ databaseId: 'main', collectionId: 'announcements', documentId: news.$id })).title).toBe('Open day');
    expect((await guest.listDocuments({ databaseId: 'main', collectionId: 'announcements' })).total).toBeGreaterThan(0);
    const refused = await failure(guest.createDocument({ databaseId: 'main', collectionId: 'announcements', documentId: ID.unique(), data: {} }));
    expect([refused.code, refused.type]).toEqual([401, 'user_unauthorized']);
    const ama = await user('ama');
    expect((await failure(ama.db.updateDocument({ databaseId: 'main', collectionId: 'announcements', documentId: news.$id, data: { title: 'x' } }))).type).toBe('user_unauthorized');
    // No collection read permission and no document security: listing is refused outright.
    expect((await failure(ama.db.listDocuments({ databaseId: 'main', collectionId: 'audit' }))).type).toBe('user_unauthorized');
  });

  it('validates structure against the schema and enforces unique indexes', async () => {
    const key = new Databases(keyClient(SERVER_KEY));
    const create = (data: Record<string, unknown>) => key.createDocument({ databaseId: 'main', collectionId: 'leads', documentId: ID.unique(), data });
    const missing = await failure(create({ name: 'No email' }));
    expect([missing.code, missing.type, missing.message]).toEqual([400, 'document_invalid_structure', 'Invalid document structure: Missing required attribute "email"']);
    expect((await failure(create({ name: 'A', email: 'a@b.co', colour: 'red' }))).message).toBe('Invalid document structure: Unknown attribute: "colour"');
    expect((await failure(create({ name: 'A', email: 'a@b.co', budget: 'lots' }))).message).toBe('Invalid document structure: Attribute "budget" has invalid type. Value must be a valid integer');
    expect((await failure(create({ name: 'A', email: 'a@b.co', budget: -5 }))).message).toBe('Invalid document structure: Attribute "budget" has invalid type. Value must be a valid range between 0 and 1,000,000');
    expect((await failure(create({ name: 'A', email: 'a@b.co', status: 'Lost' }))).message).toBe('Invalid document structure: Attribute "status" has invalid type. Value must be one of (New, Contacted, Won)');
    expect((await failure(create({ name: 'A', email: 'not-email' }))).message).toBe('Invalid document structure: Attribute "email" has invalid type. Value must be a valid email address');
    expect((await failure(create({ name: 'A', email: 'a@b.co', tags: 'one' }))).message).toBe('Invalid document structure: Attribute "tags" must be an array');

    const id = ID.unique();
    await key.createDocument({ databaseId: 'main', collectionId: 'users', documentId: id, data: { userId: 'u-1', email: 'u1@example.com' } });
    const dupId = await failure(key.createDocument({ databaseId: 'main', collectionId: 'users', documentId: id, data: { userId: 'u-2', email: 'u2@example.com' } }));
    expect([dupId.code, dupId.type]).toEqual([409, 'document_already_exists']);
    expect(dupId.message).toBe('Document with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.');
    const dupUnique = await failure(key.createDocument({ databaseId: 'main', collectionId: 'users', documentId: ID.unique(), data: { userId: 'u-1', email: 'other@example.com' } }));
    expect(dupUnique.type).toBe('document_already_exists');

    expect((await failure(key.listDocuments({ databaseId: 'main', collectionId: 'nope' }))).type).toBe('collection_not_found');
    expect((await failure(key.listDocuments({ databaseId: 'nope', collectionId: 'leads' }))).type).toBe('database_not_found');
  });

  it('upserts, increments and decrements', async () => {
    const key = new Databases(keyClient(SERVER_KEY));
    const args = { databaseId: 'main', collectionId: 'leads', documentId: `lead-${Date.now()}` };
    const created = await key.upsertDocument({ ...args, data: { name: 'Akua', email: 'akua@example.com', budget: 10, phone: '+233' } });
    expect(created.budget).toBe(10);
    const replaced = await key.upsertDocument({ ...args, data: { name: 'Akua B', email: 'akua@example.com' } });
    expect(replaced).toMatchObject({ name: 'Akua B', phone: null, budget: null, $createdAt: created.$createdAt });
    await key.updateDocument({ ...args, data: { budget: 5 } });
    expect((await key.incrementDocumentAttribute({ ...args, attribute: 'budget', value: 3 })).budget).toBe(8);
    expect((await key.decrementDocumentAttribute({ ...args, attribute: 'budget' })).budget).toBe(7);
    const over = await failure(key.incrementDocumentAttribute({ ...args, attribute: 'budget', value: 10, max: 10 }));
    expect([over.code, over.type]).toEqual([400, 'attribute_limit_exceeded']);
    expect((await failure(key.decrementDocumentAttribute({ ...args, attribute: 'budget', value: 8, min: 0 }))).type).toBe('attribute_limit_exceeded');
    expect((await failure(key.incrementDocumentAttribute({ ...args, attribute: 'missing' }))).type).toBe('attribute_not_found');
    expect((await failure(key.updateDocument({ ...args }))).type).toBe('document_missing_payload');
  });
});

describe('queries', () => {
  const ids: string[] = [];
  let key: Databases;
  const list = async (...queries: string[]) => (await key.listDocuments({ databaseId: 'main', collectionId: 'leads', queries: [Query.startsWith('name', 'Q-'), ...queries] })).documents.map((d) => d.name as string);

  beforeAll(async () => {
    key = new Databases(keyClient(SERVER_KEY));
    const rows = [
      { name: 'Q-Abena', email: 'abena@example.com', budget: 100, score: 1.5, tags: ['web', 'seo'], status: 'New', summary: 'Website redesign for a bakery', followUp: '2025-03-01T10:00:00.000Z', vip: true },
      { name: 'Q-Bright', email: 'bright@example.org', budget: 500, score: 2.5, tags: ['app'], status: 'Contacted', summary: 'Mobile application for deliveries', vip: false },
      { name: 'Q-Comfort', email: 'comfort@example.com', budget: 900, tags: ['web'], status: 'Won', summary: 'E-commerce website with payments', followUp: '2025-05-01T10:00:00.000Z' },
      { name: 'Q-Dela', email: 'dela@example.net', budget: 50, score: 0.5, tags: [], status: 'New', phone: '+233201234567' },
    ];
    for (const data of rows) ids.push((await key.createDocument({ databaseId: 'main', collectionId: 'leads', documentId: ID.unique(), data })).$id);
  });

  it('filters with equal, notEqual and the comparisons', async () => {
    expect(await list(Query.equal('status', 'New'))).toEqual(['Q-Abena', 'Q-Dela']);
    expect(await list(Query.equal('status', ['Won', 'Contacted']))).toEqual(['Q-Bright', 'Q-Comfort']);
    expect(await list(Query.notEqual('status', 'New'))).toEqual(['Q-Bright', 'Q-Comfort']);
    expect(await list(Query.lessThan('budget', 500))).toEqual(['Q-Abena', 'Q-Dela']);
    expect(await list(Query.lessThanEqual('budget', 500))).toEqual(['Q-Abena', 'Q-Bright', 'Q-Dela']);
    expect(await list(Query.greaterThan('budget', 500))).toEqual(['Q-Comfort']);
    expect(await list(Query.greaterThanEqual('score', 1.5))).toEqual(['Q-Abena', 'Q-Bright']);
    expect(await list(Query.between('budget', 50, 100))).toEqual(['Q-Abena', 'Q-Dela']);
    expect(await list(Query.equal('vip', true))).toEqual(['Q-Abena']);
    expect(await list(Query.greaterThan('followUp', '2025-04-01T00:00:00.000+00:00'))).toEqual(['Q-Comfort']);
  });

  it('filters with isNull, isNotNull, startsWith, endsWith, search and contains', async () => {
    expect(await list(Query.isNull('score'))).toEqual(['Q-Comfort']);
    expect(await list(Query.isNotNull('phone'))).toEqual(['Q-Dela']);
    expect(await list(Query.endsWith('email', '.org'))).toEqual(['Q-Bright']);
    expect(await list(Query.search('summary', 'website'))).toEqual(['Q-Abena', 'Q-Comfort']);
    expect(await list(Query.search('summary', 'deliv'))).toEqual(['Q-Bright']);
    expect(await list(Query.contains('tags', 'web'))).toEqual(['Q-Abena', 'Q-Comfort']);
    expect(await list(Query.contains('tags', ['app', 'seo']))).toEqual(['Q-Abena', 'Q-Bright']);
    expect(await list(Query.contains('summary', 'payments'))).toEqual(['Q-Comfort']);
    expect(await list(Query.or([Query.equal('status', 'Won'), Query.lessThan('budget', 60)]))).toEqual(['Q-Comfort', 'Q-Dela']);
    expect(await list(Query.and([Query.equal('status', 'New'), Query.greaterThan('budget', 60)]))).toEqual(['Q-Abena']);
  });

  it('orders, pages with limit, offset and cursors, selects attributes and counts the total', async () => {
    expect(await list(Query.orderDesc('budget'))).toEqual(['Q-Comfort', 'Q-Bright', 'Q-Abena', 'Q-Dela']);
    expect(await list(Query.orderAsc('name'))).toEqual(['Q-Abena', 'Q-Bright', 'Q-Comfort', 'Q-Dela']);
    const page = await key.listDocuments({ databaseId: 'main', collectionId: 'leads', queries: [Query.startsWith('name', 'Q-'), Query.orderAsc('budget'), Query.limit(2), Query.offset(1)] });
    expect(page.total).toBe(4);
    expect(page.documents.map((d) => d.name)).toEqual(['Q-Abena', 'Q-Bright']);
    expect(await list(Query.orderAsc('budget'), Query.cursorAfter(ids[0]!), Query.limit(1))).toEqual(['Q-Bright']);
    expect(await list(Query.orderAsc('budget'), Query.cursorBefore(ids[2]!), Query.limit(2))).toEqual(['Q-Abena', 'Q-Bright']);
    const selected = await key.listDocuments({ databaseId: 'main', collectionId: 'leads', queries: [Query.equal('$id', ids[0]!), Query.select(['name', 'budget'])] });
    expect(Object.keys(selected.documents[0]!).filter((k) => !k.startsWith('$')).sort()).toEqual(['budget', 'name']);
    const noTotal = await key.listDocuments({ databaseId: 'main', collectionId: 'leads', queries: [Query.startsWith('name', 'Q-')], total: false });
    expect(noTotal.total).toBe(0);
    expect(noTotal.documents).toHaveLength(4);
  });

  it('answers every list from the data as it is now: each write, permission change and delete shows at once', async () => {
    // The emulator keeps a collection's parsed documents, query rows and orders between writes; this reads
    // the same views before and after each kind of write.
    const db = 'main';
    const col = 'leads';
    const made = async (name: string, budget: number, followUp: string) =>
      (await key.createDocument({ databaseId: db, collectionId: col, documentId: ID.unique(), data: { name, email: 'cache@example.com', budget, followUp } })).$id;
    const byFollowUp = async () => (await key.listDocuments({ databaseId: db, collectionId: col, queries: [Query.startsWith('name', 'C-'), Query.orderDesc('followUp'), Query.limit(10)] })).documents.map((d) => d.name);
    const a = await made('C-Ama', 10, '2025-01-01T09:00:00.000+00:00');
    const b = await made('C-Kofi', 20, '2025-02-01T09:00:00.000+00:00');
    expect(await byFollowUp()).toEqual(['C-Kofi', 'C-Ama']);
    expect(await byFollowUp()).toEqual(['C-Kofi', 'C-Ama']);

    await key.updateDocument({ databaseId: db, collectionId: col, documentId: a, data: { followUp: '2025-03-01T09:00:00.000+01:00' } });
    expect(await byFollowUp()).toEqual(['C-Ama', 'C-Kofi']);
    const c = await made('C-Esi', 30, '2025-02-15T00:00:00.000Z');
    expect(await byFollowUp()).toEqual(['C-Ama', 'C-Esi', 'C-Kofi']);
    await key.incrementDocumentAttribute({ databaseId: db, collectionId: col, documentId: c, attribute: 'budget', value: 100 });
    expect((await key.listDocuments({ databaseId: db, collectionId: col, queries: [Query.greaterThan('budget', 100), Query.startsWith('name', 'C-')] })).documents.map((d) => d.name)).toEqual(['C-Esi']);
    await key.deleteDocument({ databaseId: db, collectionId: col, documentId: b });
    expect(await byFollowUp()).toEqual(['C-Ama', 'C-Esi']);

    // A count alone (limit 0) counts the current matches; a cursor on the deleted document is refused.
    const count = await key.listDocuments({ databaseId: db, collectionId: col, queries: [Query.startsWith('name', 'C-'), Query.limit(0)] });
    expect([count.total, count.documents.length]).toEqual([2, 0]);
    expect((await failure(key.listDocuments({ databaseId: db, collectionId: col, queries: [Query.cursorAfter(b)] }))).type).toBe('general_cursor_not_found');

    // Document security follows a permission change: a user reads the lead only once it is granted.
    const reader = await user('CacheReader');
    const mine = async () => (await reader.db.listDocuments({ databaseId: db, collectionId: col, queries: [Query.startsWith('name', 'C-')] })).documents.map((d) => d.name);
    expect(await mine()).toEqual([]);
    await key.updateDocument({ databaseId: db, collectionId: col, documentId: c, permissions: [Permission.read(Role.user(reader.id))] });
    expect(await mine()).toEqual(['C-Esi']);
  });

  it('refuses unknown attributes, search without a full-text index and a missing cursor', async () => {
    const e = await failure(key.listDocuments({ databaseId: 'main', collectionId: 'leads', queries: [Query.equal('colour', 'red')] }));
    expect([e.code, e.type, e.message]).toEqual([400, 'general_query_invalid', 'Invalid query: Attribute not found in schema: colour']);
    expect((await failure(key.listDocuments({ databaseId: 'main', collectionId: 'leads', queries: [Query.search('name', 'Q')] }))).message).toBe('Invalid query: Searching by attribute "name" requires a fulltext index.');
    const c = await failure(key.listDocuments({ databaseId: 'main', collectionId: 'leads', queries: [Query.cursorAfter('missing-id')] }));
    expect([c.code, c.type, c.message]).toEqual([400, 'general_cursor_not_found', "Document 'missing-id' for the 'cursor' value not found."]);
    const raw = await fetch(`${aw.url}/databases/main/collections/leads/documents?queries[0]=${encodeURIComponent('{"method":"nope"}')}`, { headers: { 'X-Appwrite-Project': PROJECT, 'X-Appwrite-Key': SERVER_KEY } });
    expect(await raw.json()).toMatchObject({ code: 400, type: 'general_query_invalid', message: 'Invalid query: Invalid query method: nope' });
  });

  it('finds a profile by userId, by document id and by email (the product’s role lookups)', async () => {
    const { db } = await admin();
    const byUserId = await db.listDocuments({ databaseId: 'main', collectionId: 'users', queries: [Query.equal('userId', ADMIN.id)] });
    expect(byUserId.documents.map((d) => d.role)).toEqual(['admin']);
    expect((await db.listDocuments({ databaseId: 'main', collectionId: 'users', queries: [Query.equal('$id', ADMIN.id)] })).total).toBe(1);
    expect((await db.listDocuments({ databaseId: 'main', collectionId: 'users', queries: [Query.equal('email', ADMIN.email)] })).total).toBe(1);
  });
});

describe('API keys', () => {
  it('bypasses document permissions with a key that has the scopes', async () => {
    const ama = await user('ama');
    const doc = await ama.db.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: { text: 'secret' } });
    const server = new Databases(keyClient(SERVER_KEY));
    expect((await server.getDocument({ databaseId: 'main', collectionId: 'notes', documentId: doc.$id })).text).toBe('secret');
    const created = await server.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: { text: 'by server' } });
    expect(created.$permissions).toEqual([]);
    expect((await failure(ama.db.getDocument({ databaseId: 'main', collectionId: 'notes', documentId: created.$id }))).type).toBe('document_not_found');
  });

  it('refuses a key without the scope, a wrong key, an expired key, and a key with a session', async () => {
    const reader = new Databases(keyClient(READ_ONLY_KEY));
    await reader.listDocuments({ databaseId: 'main', collectionId: 'leads' });
    const e = await failure(reader.createDocument({ databaseId: 'main', collectionId: 'leads', documentId: ID.unique(), data: { name: 'x', email: 'x@y.co' } }));
    expect([e.code, e.type, e.message]).toEqual([401, 'general_unauthorized_scope', `app.${PROJECT}@service.localhost (role: applications) missing scopes (["documents.write","rows.write"])`]);
    const wrong = await failure(new Databases(keyClient('not-a-key')).listDocuments({ databaseId: 'main', collectionId: 'leads' }));
    expect([wrong.code, wrong.type, wrong.message]).toEqual([401, 'user_unauthorized', 'The current user is not authorized to perform the requested action.']);
    expect((await failure(new Databases(keyClient(EXPIRED_KEY)).listDocuments({ databaseId: 'main', collectionId: 'leads' }))).type).toBe('project_key_expired');
    const ama = await user('ama');
    ama.client.headers['X-Appwrite-Key'] = SERVER_KEY;
    const both = await failure(ama.db.listDocuments({ databaseId: 'main', collectionId: 'leads' }));
    expect([both.code, both.type]).toEqual([403, 'user_api_key_and_session_set']);
  });

  it('serves the Users API to a key with users.read', async () => {
    const ama = await user('ama');
    const headers = { 'X-Appwrite-Project': PROJECT, 'X-Appwrite-Key': SERVER_KEY };
    const got = await fetch(`${aw.url}/users/${ama.id}`, { headers });
    expect(await got.json()).toMatchObject({ $id: ama.id, email: ama.email, hash: 'scrypt' });
    const found = await fetch(`${aw.url}/users?search=${encodeURIComponent(ama.email)}`, { headers });
    expect(await found.json()).toMatchObject({ total: 1, users: [{ $id: ama.id }] });
    const missing = await fetch(`${aw.url}/users/nobody`, { headers });
    expect([missing.status, ((await missing.json()) as { type: string }).type]).toEqual([404, 'user_not_found']);
    const reader = await fetch(`${aw.url}/users`, { headers: { ...headers, 'X-Appwrite-Key': READ_ONLY_KEY } });
    expect(await reader.json()).toMatchObject({ code: 401, type: 'general_unauthorized_scope', message: `app.${PROJECT}@service.localhost (role: applications) missing scopes (["users.read"])` });
    const asUser = await fetch(`${aw.url}/users`, { headers: { 'X-Appwrite-Project': PROJECT } });
    expect(await asUser.json()).toMatchObject({ message: 'User (role: guests) missing scopes (["users.read"])' });
  });
});

describe('TablesDB', () => {
  it('reads and writes the same data as rows', async () => {
    const ama = await user('ama');
    const row = await ama.tables.createRow({ databaseId: 'main', tableId: 'notes', rowId: ID.unique(), data: { text: 'as a row', count: 1 } });
    expect(row).toMatchObject({ $tableId: 'notes', $databaseId: 'main', text: 'as a row' });
    expect(row).not.toHaveProperty('$collectionId');
    const asDoc = await ama.db.getDocument({ databaseId: 'main', collectionId: 'notes', documentId: row.$id });
    expect(asDoc).toMatchObject({ $id: row.$id, $collectionId: 'notes', text: 'as a row' });
    const rows = await ama.tables.listRows({ databaseId: 'main', tableId: 'notes', queries: [Query.equal('$id', row.$id)] });
    expect(rows.total).toBe(1);
    expect(rows.rows[0]!.$id).toBe(row.$id);
    expect((await ama.tables.updateRow({ databaseId: 'main', tableId: 'notes', rowId: row.$id, data: { text: 'edited' } })).text).toBe('edited');
    expect((await ama.tables.incrementRowColumn({ databaseId: 'main', tableId: 'notes', rowId: row.$id, column: 'count', value: 2 })).count).toBe(3);
    await ama.tables.deleteRow({ databaseId: 'main', tableId: 'notes', rowId: row.$id });
    const gone = await failure(ama.tables.getRow({ databaseId: 'main', tableId: 'notes', rowId: row.$id }));
    expect([gone.code, gone.type, gone.message]).toEqual([404, 'row_not_found', 'Row with the requested ID could not be found.']);
    expect((await failure(ama.tables.listRows({ databaseId: 'main', tableId: 'nope' }))).type).toBe('table_not_found');
  });
});

describe('persistence', () => {
  it('keeps users, sessions, documents and JWTs across a restart with a file-backed database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'appwrite-emulator-'));
    const dataFile = join(dir, 'appwrite.sqlite');
    try {
      let first: RunningAppwrite | undefined = await start({ port: 0, dataFile, seed: testSeed });
      const b = browserClient(first.url, 'persist');
      const account = new Account(b.client);
      await account.create({ userId: 'kept-user', email: 'kept@example.com', password: 'password-123' });
      await account.createEmailPasswordSession({ email: 'kept@example.com', password: 'password-123' });
      const { jwt } = await account.createJWT();
      const doc = await new Databases(b.client).createDocument({ databaseId: 'main', collectionId: 'notes', documentId: 'kept-note', data: { text: 'still here' } });
      await first.close();
      first = undefined;

      const second = await start({ port: 0, dataFile, seed: testSeed });
      try {
        const again = browserClient(second.url, 'persist');
        again.jar.cookies = b.jar.cookies;
        const restored = new Account(again.client);
        expect((await restored.get()).$id).toBe('kept-user');
        expect((await new Databases(again.client).getDocument({ databaseId: 'main', collectionId: 'notes', documentId: 'kept-note' })).$sequence).toBe(doc.$sequence);
        expect((await new Account(new Client().setEndpoint(second.url).setProject('persist').setJWT(jwt)).get()).$id).toBe('kept-user');
        await new Account(browserClient(second.url, 'persist').client).createEmailPasswordSession({ email: 'kept@example.com', password: 'password-123' });
        const admins = await fetch(`${second.url}/users?search=admin`, { headers: { 'X-Appwrite-Project': 'persist', 'X-Appwrite-Key': SERVER_KEY } });
        expect(((await admins.json()) as { total: number }).total).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
