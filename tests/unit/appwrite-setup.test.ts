import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningAppwrite, type Seed } from '../emulators/appwrite/index.ts';
import { productSeed, SERVER_KEY_SCOPES } from '../../scripts/lib/appwrite-seed.ts';
import { setupAppwrite, SetupError, type SetupReport } from '../../scripts/lib/appwrite-setup.ts';
import { buckets, schema } from '../../shared/appwrite/schema.ts';
import { submissionDocument } from '../../shared/appwrite/submissions.ts';
import { uniqueId } from '../../shared/id.ts';
import { appwriteAdmin } from '../kit/appwrite.ts';

// `npm run appwrite:setup` against the Appwrite emulator's structure API (databases, collections,
// attributes, indexes), which answers like Appwrite: 201/202 when created, 409 when it exists, and builds
// the structure that then validates documents. The emulator starts empty (no database), as a new Appwrite
// project does.

const PROJECT = 'setup-tests';
const KEY = 'setup-tests-key-0c3f81';
const READ_ONLY_KEY = 'setup-tests-read-only-key';
const keysOnly: Seed = {
  apiKeys: [{ secret: KEY, scopes: SERVER_KEY_SCOPES }, { secret: READ_ONLY_KEY, scopes: ['documents.read', 'databases.read'] }],
};

const dir = mkdtempSync(join(tmpdir(), 'appwrite-setup-'));
const dataFile = join(dir, 'appwrite.sqlite');
let emulator: RunningAppwrite;
let seeded: RunningAppwrite;

beforeAll(async () => {
  emulator = await start({ port: 0, dataFile, seed: keysOnly });
  seeded = await start({ port: 0, seed: productSeed({ apiKeys: [KEY] }) });
});
afterAll(async () => {
  await Promise.all([emulator?.close(), seeded?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const run = (endpoint = emulator.url, apiKey = KEY) => setupAppwrite({ endpoint, projectId: PROJECT, apiKey, pollMs: 10 });

const rest = (base: string, method: string, path: string, body?: unknown) => appwriteAdmin({ endpoint: base, projectId: PROJECT, apiKey: KEY }).answer(method, path, body);

/** Everything the schema names, as the setup labels it. */
const everything = [
  'database main',
  ...schema.collections.flatMap((c) => [
    `collection ${c.id}`,
    ...c.attributes.map((a) => `attribute ${c.id}.${a.key}`),
    ...c.indexes.map((i) => `index ${c.id}.${i.key}`),
  ]),
  ...buckets.map((b) => `bucket ${b.id}`),
];

/** A collection as Appwrite describes it, without the timestamps. */
function shape(collection: Record<string, unknown>) {
  const strip = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== '$createdAt' && k !== '$updatedAt'));
  return {
    ...strip(collection),
    attributes: (collection.attributes as Record<string, unknown>[]).map(strip),
    indexes: (collection.indexes as Record<string, unknown>[]).map(strip),
  };
}

describe('npm run appwrite:setup', () => {
  let first: SetupReport;

  it('creates the database, every collection, attribute and index in an empty project', async () => {
    expect((await rest(emulator.url, 'GET', '/databases/main')).status).toBe(404);
    first = await run();
    expect(first.created).toEqual(everything);
    expect(first.existing).toEqual([]);
    expect(first.differences).toEqual([]);
  }, 30_000);

  it('builds exactly what the emulator seed (the same schema, the other target) describes', async () => {
    for (const col of schema.collections) {
      const made = await rest(emulator.url, 'GET', `/databases/main/collections/${col.id}`);
      const fromSeed = await rest(seeded.url, 'GET', `/databases/main/collections/${col.id}`);
      expect(made.status, col.id).toBe(200);
      expect(shape(made.body), col.id).toEqual(shape(fromSeed.body));
    }
    for (const b of buckets) {
      const made = await rest(emulator.url, 'GET', `/storage/buckets/${b.id}`);
      const fromSeed = await rest(seeded.url, 'GET', `/storage/buckets/${b.id}`);
      const strip = (o: unknown) => Object.fromEntries(Object.entries(o as Record<string, unknown>).filter(([k]) => k !== '$createdAt' && k !== '$updatedAt'));
      expect(made.status, b.id).toBe(200);
      // No client permissions: only the Worker's key reads attachments.
      expect(made.body).toMatchObject({ $permissions: [], maximumFileSize: b.maximumFileSize, allowedFileExtensions: b.allowedFileExtensions });
      expect(strip(made.body)).toEqual(strip(fromSeed.body));
    }
  });

  it('is safe to run again: everything is there, nothing is created or reported', async () => {
    const second = await run();
    expect(second.created).toEqual([]);
    expect(second.existing).toEqual(everything);
    expect(second.differences).toEqual([]);
  });

  it('leaves a project whose collections validate documents like the schema says', async () => {
    const m = { v: 1 as const, id: uniqueId(), kind: 'contact', submittedAt: new Date().toISOString(), fields: { name: 'Ama', email: 'ama@example.com', service: 'SEO', message: 'Hello there, a new site please.' } };
    const doc = submissionDocument(m)!;
    const path = `/databases/main/collections/${doc.collectionId}/documents`;
    expect((await rest(emulator.url, 'POST', path, { documentId: doc.documentId, data: doc.data })).status).toBe(201);
    expect((await rest(emulator.url, 'POST', path, { documentId: doc.documentId, data: doc.data })).body.type).toBe('document_already_exists');
    expect((await rest(emulator.url, 'POST', path, { documentId: uniqueId(), data: { ...doc.data, colour: 'red' } })).body.type).toBe('document_invalid_structure');
    expect((await rest(emulator.url, 'POST', path, { documentId: uniqueId(), data: { ...doc.data, status: 'lost' } })).body.type).toBe('document_invalid_structure');
    const noDate = { ...doc.data } as Record<string, string>;
    delete noDate.submittedAt;
    expect((await rest(emulator.url, 'POST', path, { documentId: uniqueId(), data: noDate })).body.message).toMatch(/Missing required attribute "submittedAt"/);
  });

  it('keeps what it built across an emulator restart (same data file)', async () => {
    await emulator.close();
    emulator = await start({ port: 0, dataFile, seed: keysOnly });
    const again = await run();
    expect(again.created).toEqual([]);
    expect(again.differences).toEqual([]);
  });

  /** An Appwrite project whose profiles collection drifted from the schema. */
  const drifted = () => start({
    port: 0,
    seed: {
      ...keysOnly,
      databases: [{
        id: 'main',
        collections: [{
          id: 'users',
          permissions: ['create("users")', 'update("users")'],
          documentSecurity: false,
          attributes: [
            { key: 'userId', type: 'string', size: 64, required: true },
            { key: 'email', type: 'email', required: true },
            { key: 'role', type: 'string', size: 20 },
          ],
        }],
      }],
    },
  });

  it('reports (and does not touch) what exists with other settings', async () => {
    const other = await drifted();
    try {
      const report = await run(other.url);
      expect(report.differences).toEqual([
        'collection users has permissions [create("users"), update("users")], the schema says []',
        'collection users has document security off, the schema says on',
        'attribute users.userId has size 64, the schema says 36',
        'attribute users.userId is required, the schema says not required',
        'attribute users.role is string, the schema says string/enum',
      ]);
      expect(report.fixed).toEqual([]);
      expect(report.existing).toEqual(expect.arrayContaining(['database main', 'collection users', 'attribute users.role']));
      expect(report.created).toEqual(expect.arrayContaining(['attribute users.name', 'index users.userId_unique', 'collection contact_messages']));
      const users = await rest(other.url, 'GET', '/databases/main/collections/users');
      expect(users.body.$permissions).toEqual(['create("users")', 'update("users")']);
    } finally {
      await other.close();
    }
  });

  it('with fix, repairs permission drift and attribute settings in place and says what it changed', async () => {
    const other = await drifted();
    try {
      const report = await setupAppwrite({ endpoint: other.url, projectId: PROJECT, apiKey: KEY, pollMs: 10, fix: true });
      expect(report.fixed).toEqual([
        'collection users has permissions [create("users"), update("users")], the schema says []',
        'collection users has document security off, the schema says on',
        'attribute users.userId has size 64, the schema says 36',
        'attribute users.userId is required, the schema says not required',
      ]);
      // A type cannot change in place: still reported.
      expect(report.differences).toEqual(['attribute users.role is string, the schema says string/enum']);
      const users = await rest(other.url, 'GET', '/databases/main/collections/users');
      expect(users.body).toMatchObject({ $permissions: [], documentSecurity: true });
      expect((users.body.attributes as Record<string, unknown>[]).find((a) => a.key === 'userId')).toMatchObject({ size: 36, required: false });
      // Run again: nothing left to fix.
      const again = await setupAppwrite({ endpoint: other.url, projectId: PROJECT, apiKey: KEY, pollMs: 10, fix: true });
      expect(again.fixed).toEqual([]);
      expect(again.differences).toEqual(['attribute users.role is string, the schema says string/enum']);
    } finally {
      await other.close();
    }
  });

  it('stops with a clear message for a key without the scopes, a wrong project key, or no Appwrite at all', async () => {
    await expect(run(emulator.url, READ_ONLY_KEY)).rejects.toThrow(/^Could not create database main: Appwrite answered HTTP 401 general_unauthorized_scope: .*Check APPWRITE_API_KEY and its scopes/);
    await expect(run(emulator.url, 'unknown-key')).rejects.toThrow(/HTTP 401 user_unauthorized/);
    const err = await run('http://127.0.0.1:9/v1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SetupError);
    expect((err as Error).message).toMatch(/^Could not reach Appwrite at http:\/\/127\.0\.0\.1:9\/v1 .*Check APPWRITE_ENDPOINT/);
  });

  it('gives every record from before the inbox an inquiry (status New) and a received event, page by page, without touching those that have one', async () => {
    const at = (i: number) => new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString();
    const contacts = Array.from({ length: 130 }, (_, i) => ({
      databaseId: 'main', collectionId: 'contact_messages', documentId: `old-contact-${i}`,
      data: { name: `Old ${i}`, email: `old${i}@example.com`, service: 'SEO', message: `Message number ${i}`, submittedAt: at(i), status: 'answered' },
    }));
    const lead = { databaseId: 'main', collectionId: 'leads', documentId: 'old-lead', data: { name: 'Chat Person', email: 'chat@example.com', serviceInterest: 'AI', projectSummary: 'A bot', messages: 'Visitor: hi\nBot: hello', submittedAt: at(0) } };
    // One already has its inquiry, worked on: it must stay as it is.
    const worked = { databaseId: 'main', collectionId: 'inquiries', documentId: 'old-contact-0', data: { kind: 'contact', name: 'Old 0', status: 'won', receivedAt: at(0), dueAt: at(0) } };
    const old = await start({ port: 0, seed: productSeed({ apiKeys: [KEY], documents: [...contacts, lead, worked] }) });
    try {
      const report = await run(old.url);
      expect(report.backfilled).toBe(130);
      const inquiries = async () => (await rest(old.url, 'GET', `/databases/main/collections/inquiries/documents?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [500] }))}`)).body;
      const all = await inquiries();
      expect(all.total).toBe(131);
      const byId = new Map((all.documents as Record<string, unknown>[]).map((d) => [d.$id, d]));
      expect(byId.get('old-contact-0')).toMatchObject({ status: 'won' });
      expect(byId.get('old-contact-129')).toMatchObject({ kind: 'contact', status: 'new', email: 'old129@example.com', summary: 'SEO · Message number 129' });
      expect(byId.get('old-lead')).toMatchObject({ kind: 'lead', name: 'Chat Person', status: 'new', serviceInterest: 'AI' });
      const received = await rest(old.url, 'GET', `/databases/main/collections/lead_activity/documents/old-lead`);
      expect(received.body).toMatchObject({ leadId: 'old-lead', type: 'received' });
      // The records themselves are unchanged, and a second run adds nothing.
      expect((await rest(old.url, 'GET', '/databases/main/collections/contact_messages/documents/old-contact-5')).body).toMatchObject({ status: 'answered', name: 'Old 5' });
      expect((await run(old.url)).backfilled).toBe(0);
      expect((await inquiries()).total).toBe(131);
    } finally {
      await old.close();
    }
  }, 30_000);

  it('runs as a command: variables from the environment, a summary line, exit code 0', async () => {
    const child = spawn(process.execPath, ['scripts/appwrite-setup.ts'], {
      env: { ...process.env, APPWRITE_ENDPOINT: emulator.url, APPWRITE_PROJECT_ID: PROJECT, APPWRITE_API_KEY: KEY, APPWRITE_DATABASE_ID: '' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(out).toContain(`Appwrite setup: 0 created, ${everything.length} already there, 0 fixed, 0 different from the schema.`);
    expect(code).toBe(0);
  }, 30_000);
});
