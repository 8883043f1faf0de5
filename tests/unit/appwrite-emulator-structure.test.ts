// The Appwrite emulator's structure API (databases, collections, attributes, indexes with an API key), the
// part `npm run appwrite:setup` uses: Appwrite's status codes and errors, scopes, and its effect on documents.
import { Account, AppwriteException, Client, Databases, ID, Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { ADMIN, READ_ONLY_KEY, testSeed } from '../emulators/appwrite/fixtures.ts';
import { browserClient, sessionOf } from '../emulators/appwrite/testing.ts';
import { appwriteAdmin } from '../kit/appwrite.ts';

const PROJECT = 'agency-structure';
const STRUCTURE_KEY = 'structure-key-for-tests';
let aw: RunningAppwrite;
const seed = {
  ...testSeed,
  apiKeys: [...testSeed.apiKeys!, { secret: STRUCTURE_KEY, scopes: ['databases.read', 'databases.write', 'collections.read', 'collections.write', 'attributes.read', 'attributes.write', 'indexes.read', 'indexes.write', 'documents.read', 'documents.write'] }],
};
const seedBefore = JSON.stringify(seed);

beforeAll(async () => {
  aw = await start({ port: 0, seed });
});
afterAll(async () => {
  await aw?.close();
});

const call = (method: string, path: string, body?: unknown, key = STRUCTURE_KEY) => appwriteAdmin({ endpoint: aw.url, projectId: PROJECT, apiKey: key }).answer(method, path, body);

describe('structure API', () => {
  it('creates a database and a collection (201), and answers 409 for ids that exist', async () => {
    const db = await call('POST', '/databases', { databaseId: 'crm', name: 'CRM' });
    expect(db.status).toBe(201);
    expect(db.body).toMatchObject({ $id: 'crm', name: 'CRM', enabled: true });
    expect((await call('POST', '/databases', { databaseId: 'crm', name: 'CRM' })).body).toMatchObject({ code: 409, type: 'database_already_exists' });
    expect((await call('POST', '/databases', { databaseId: 'main', name: 'Main' })).body.type).toBe('database_already_exists');

    const col = await call('POST', '/databases/crm/collections', { collectionId: 'deals', name: 'Deals', permissions: ['read("users")'], documentSecurity: true });
    expect(col.status).toBe(201);
    expect(col.body).toMatchObject({ $id: 'deals', databaseId: 'crm', name: 'Deals', $permissions: ['read("users")'], documentSecurity: true, attributes: [], indexes: [] });
    expect((await call('POST', '/databases/crm/collections', { collectionId: 'deals', name: 'Deals' })).body.type).toBe('collection_already_exists');
    expect((await call('POST', '/databases/main/collections', { collectionId: 'users', name: 'Users' })).body.type).toBe('collection_already_exists');
    expect((await call('POST', '/databases/nope/collections', { collectionId: 'x', name: 'X' })).body.type).toBe('database_not_found');
  });

  it('creates attributes (202, available at once) with Appwrite\'s models and checks', async () => {
    const path = '/databases/crm/collections/deals/attributes';
    const title = await call('POST', `${path}/string`, { key: 'title', size: 80, required: true });
    expect(title.status).toBe(202);
    expect(title.body).toMatchObject({ key: 'title', type: 'string', size: 80, required: true, status: 'available' });
    expect((await call('POST', `${path}/enum`, { key: 'stage', elements: ['lead', 'won'], required: false, default: 'lead' })).body)
      .toMatchObject({ key: 'stage', type: 'string', format: 'enum', elements: ['lead', 'won'], default: 'lead' });
    expect((await call('POST', `${path}/email`, { key: 'contact', required: false })).body).toMatchObject({ type: 'string', format: 'email' });
    expect((await call('POST', `${path}/integer`, { key: 'value', required: false, min: 0, max: 100 })).body).toMatchObject({ type: 'integer', min: 0, max: 100 });

    expect((await call('POST', `${path}/string`, { key: 'title', size: 10, required: false })).body).toMatchObject({ code: 409, type: 'attribute_already_exists' });
    expect((await call('POST', `${path}/string`, { key: 'x', size: 10, required: true, default: 'y' })).body.type).toBe('attribute_default_unsupported');
    expect((await call('POST', `${path}/enum`, { key: 'y', elements: ['a'], required: false, default: 'b' })).body.type).toBe('attribute_value_invalid');
    expect((await call('POST', `${path}/string`, { key: 'z', required: false })).body.message).toBe('Param "size" is not optional.');
    expect((await call('GET', `${path}/stage`)).body).toMatchObject({ key: 'stage', status: 'available' });
    expect((await call('GET', `${path}/nope`)).body.type).toBe('attribute_not_found');
    expect((await call('GET', path)).body.total).toBe(4);
  });

  it('creates indexes on known attributes only; a unique index is enforced', async () => {
    const path = '/databases/crm/collections/deals/indexes';
    const made = await call('POST', path, { key: 'title_unique', type: 'unique', attributes: ['title'] });
    expect(made.status).toBe(202);
    expect(made.body).toMatchObject({ key: 'title_unique', type: 'unique', attributes: ['title'], status: 'available' });
    expect((await call('POST', path, { key: 'title_unique', type: 'key', attributes: ['title'] })).body.type).toBe('index_already_exists');
    expect((await call('POST', path, { key: 'bad', type: 'key', attributes: ['colour'] })).body.type).toBe('attribute_unknown');
    expect((await call('GET', `${path}/missing`)).body.type).toBe('index_not_found');

    const client = new Client().setEndpoint(aw.url).setProject(PROJECT);
    client.headers['X-Appwrite-Key'] = STRUCTURE_KEY;
    const docs = new Databases(client);
    await docs.createDocument({ databaseId: 'crm', collectionId: 'deals', documentId: ID.unique(), data: { title: 'Bakery site' } });
    const err = await docs.createDocument({ databaseId: 'crm', collectionId: 'deals', documentId: ID.unique(), data: { title: 'Bakery site' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppwriteException);
    expect((err as AppwriteException).type).toBe('document_already_exists');
    const unknown = await docs.createDocument({ databaseId: 'crm', collectionId: 'deals', documentId: ID.unique(), data: { title: 'T', colour: 'red' } }).catch((e: unknown) => e);
    expect((unknown as AppwriteException).type).toBe('document_invalid_structure');
  });

  it('lets queries see documents written before a new attribute as lists show them, at once', async () => {
    const client = new Client().setEndpoint(aw.url).setProject(PROJECT);
    client.headers['X-Appwrite-Key'] = STRUCTURE_KEY;
    const docs = new Databases(client);
    const list = (queries: string[]) => docs.listDocuments({ databaseId: 'crm', collectionId: 'deals', queries });
    // Listed once before the attributes exist (the emulator keeps query rows between writes).
    expect((await list([Query.equal('title', 'Bakery site')])).documents[0]).not.toHaveProperty('owner');
    const path = '/databases/crm/collections/deals/attributes/string';
    expect((await call('POST', path, { key: 'owner', size: 40, required: false })).status).toBe(202);
    expect((await call('POST', path, { key: 'labels', size: 20, required: false, array: true })).status).toBe(202);
    // Shown as null and [] (Appwrite's empty values), and queried as such: an empty list is not null.
    const old = (await list([Query.isNull('owner'), Query.equal('title', 'Bakery site')])).documents;
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({ title: 'Bakery site', owner: null, labels: [] });
    expect((await list([Query.isNull('labels'), Query.equal('title', 'Bakery site')])).total).toBe(0);
    expect((await list([Query.isNotNull('labels'), Query.equal('title', 'Bakery site')])).total).toBe(1);
  });

  it('is closed to keys without the scope, signed-in users and guests', async () => {
    expect((await call('POST', '/databases', { databaseId: 'other', name: 'O' }, READ_ONLY_KEY)).body).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    const { client, jar } = browserClient(aw.url, PROJECT);
    await new Account(client).createEmailPasswordSession({ email: ADMIN.email, password: ADMIN.password });
    const post = (headers: Record<string, string>) => fetch(`${aw.url}/databases`, {
      method: 'POST',
      headers: { 'X-Appwrite-Project': PROJECT, 'Content-Type': 'application/json', ...headers },
      body: '{"databaseId":"mine","name":"Mine"}',
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    const asUser = await post({ 'X-Appwrite-Session': sessionOf(jar, PROJECT)! });
    expect(asUser.body).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    expect(asUser.body.message).toMatch(/role: users/);
    expect((await post({})).body).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
  });

  it('never changes the seed it was given', () => {
    expect(JSON.stringify(seed)).toBe(seedBefore);
  });
});
