import { describe, expect, it } from 'vitest';
import {
  COLLECTIONS, collectionSpec, DATABASE_ID, ROLES, schema, SUBMISSION_META_KEYS, submissionCollections, submissionKinds,
  type AttributeSpec,
} from '../../shared/appwrite/schema.ts';
import { submissionDocument, submissionSummary } from '../../shared/appwrite/submissions.ts';
import { formDefinitions, formKinds } from '../../shared/forms/index.ts';
import { seedCollection } from '../../scripts/lib/appwrite-seed.ts';
import { uniqueId } from '../../shared/id.ts';

// The one description of database `main` (issue 3, section 2): what the emulator is seeded with and what
// `npm run appwrite:setup` creates. Checked against Appwrite's own rules, so that a real project accepts it.

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

/** Appwrite (MariaDB) counts each attribute against a 65,535-byte row: strings over 16,381 chars are TEXT. */
function rowWidth(attributes: readonly AttributeSpec[]): number {
  return attributes.reduce((sum, a) => {
    if (a.type === 'string') {
      const size = a.size ?? 255;
      return sum + (size > 16_381 ? 20 : size * 4 + (size > 255 ? 2 : 1));
    }
    if (a.type === 'email' || a.type === 'enum') return sum + 255 * 4 + 1;
    return sum + 8;
  }, 0);
}

const sample = (): Record<string, Record<string, string>> => ({
  contact: { name: 'Ama Mensah', email: 'Ama@Example.com', phone: '', company: 'Mensah Foods', service: 'Web Development', budget: '$5k - $10k', timeline: 'ASAP', message: 'We need an online shop.' },
  booking: { name: 'Kofi', email: 'kofi@example.com', date: '2031-01-02', timeWindow: 'Any time', timeZone: 'Africa/Accra', topic: 'A new project', notes: '' },
});

describe('database main', () => {
  it('has the collections of the issue, each once, with valid ids', () => {
    expect(schema.id).toBe('main');
    expect(DATABASE_ID).toBe('main');
    const ids = schema.collections.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([
      'affiliate_applications', 'appointments', 'booking_requests', 'career_applications', 'channels', 'contact_messages',
      'inquiries', 'lead_activity', 'leads', 'live_chats', 'messages', 'notification_settings', 'pricing_requests', 'push_subscriptions',
      'saved_replies', 'seo_audits', 'users', 'wa_refs', 'whatsapp_conversations',
    ]);
    for (const id of ids) expect(id).toMatch(KEY);
  });

  it('follows Appwrite\'s rules for attributes and indexes', () => {
    for (const col of schema.collections) {
      const keys = col.attributes.map((a) => a.key);
      expect(new Set(keys).size, col.id).toBe(keys.length);
      for (const a of col.attributes) {
        const where = `${col.id}.${a.key}`;
        expect(a.key, where).toMatch(KEY);
        if (a.type === 'string') expect(a.size, where).toBeGreaterThanOrEqual(1);
        if (a.type === 'enum') expect(a.elements?.length, where).toBeGreaterThan(0);
        if (a.default !== undefined) expect(a.required, `${where}: a required attribute cannot have a default`).toBe(false);
        if (a.type === 'enum' && a.default !== undefined) expect(a.elements, where).toContain(a.default);
      }
      expect(rowWidth(col.attributes), `${col.id} fits in Appwrite's row`).toBeLessThan(65_535);
      const indexKeys = col.indexes.map((i) => i.key);
      expect(new Set(indexKeys).size, col.id).toBe(indexKeys.length);
      for (const index of col.indexes) {
        expect(index.key).toMatch(KEY);
        for (const attribute of index.attributes) expect(keys, `${col.id} index ${index.key}`).toContain(attribute);
        if (index.orders) expect(index.orders.length).toBe(index.attributes.length);
      }
    }
  });

  it('grants clients nothing at collection level but staff reading the inbox and the team channels (profiles carry the role; submissions are server-only)', () => {
    const staffRead = new Set<string>([COLLECTIONS.inquiries, COLLECTIONS.leadActivity, COLLECTIONS.channels, COLLECTIONS.messages]);
    for (const col of schema.collections) {
      if (staffRead.has(col.id)) {
        // Staff labels only, and read only: every write goes through the Worker.
        expect(col.permissions, col.id).toEqual(['read("label:admin")', 'read("label:moderator")']);
        expect(col.documentSecurity, col.id).toBe(false);
        continue;
      }
      expect(col.permissions, col.id).toEqual([]);
      expect(col.documentSecurity, col.id).toBe(true);
    }
  });

  it('keeps profiles as docs/product.md §17.1 says: userId, email, role (admin, moderator, user)', () => {
    const users = collectionSpec(COLLECTIONS.users)!;
    expect(users.attributes.find((a) => a.key === 'role')).toEqual({ key: 'role', type: 'enum', required: false, elements: ROLES, default: 'user' });
    // userId is optional: a profile made for an address before its account exists is claimed by it later.
    expect(users.attributes.filter((a) => a.required).map((a) => a.key)).toEqual(['email']);
    expect(users.attributes.find((a) => a.key === 'userId')).toMatchObject({ type: 'string', size: 36 });
    expect(users.indexes.find((i) => i.type === 'unique')?.attributes).toEqual(['userId']);
  });

  it('has a collection for every submission kind, with every field of its form and the bookkeeping', () => {
    expect(Object.keys(submissionCollections).sort()).toEqual([...submissionKinds].sort());
    for (const kind of formKinds) {
      const col = collectionSpec(submissionCollections[kind])!;
      for (const field of formDefinitions[kind].fields) {
        const a = col.attributes.find((x) => x.key === field.name);
        expect(a, `${kind}.${field.name}`).toMatchObject({ type: 'string', required: false });
        expect(a!.size, `${kind}.${field.name}`).toBeGreaterThanOrEqual(field.max);
      }
      for (const key of SUBMISSION_META_KEYS) expect(col.attributes.map((x) => x.key), kind).toContain(key);
      expect(col.indexes.find((i) => i.attributes[0] === 'email'), `${kind} is searchable by e-mail`).toBeDefined();
    }
  });
});

describe('a submission as a document', () => {
  it('maps the fields by name, lower-cases the e-mail, leaves out empty fields, starts as new', () => {
    const id = uniqueId();
    const doc = submissionDocument({ v: 1, id, kind: 'contact', submittedAt: '2030-01-01T10:00:00.000Z', fields: sample().contact! });
    expect(doc).toEqual({
      collectionId: 'contact_messages',
      documentId: id,
      data: {
        name: 'Ama Mensah', email: 'ama@example.com', company: 'Mensah Foods', service: 'Web Development', budget: '$5k - $10k',
        timeline: 'ASAP', message: 'We need an online shop.', status: 'new', submittedAt: '2030-01-01T10:00:00.000Z', source: 'website',
      },
    });
    // Every key is an attribute of the collection (Appwrite refuses unknown attributes).
    const keys = collectionSpec('contact_messages')!.attributes.map((a) => a.key);
    for (const k of Object.keys(doc!.data)) expect(keys).toContain(k);
  });

  it('drops fields the schema does not know and refuses kinds it does not know', () => {
    const doc = submissionDocument({ v: 1, id: uniqueId(), kind: 'booking', submittedAt: '2030-01-01T10:00:00.000Z', fields: { ...sample().booking!, _honey: 'x', extra: 'y' } });
    expect(Object.keys(doc!.data)).not.toContain('extra');
    expect(Object.keys(doc!.data)).not.toContain('_honey');
    expect(submissionDocument({ v: 1, id: uniqueId(), kind: 'newsletter', submittedAt: '2030-01-01T10:00:00.000Z', fields: {} })).toBeNull();
  });

  it('reads back into the summary the dashboard shows', () => {
    const id = uniqueId();
    const doc = submissionDocument({ v: 1, id, kind: 'booking', submittedAt: '2030-01-01T10:00:00.000Z', fields: sample().booking! })!;
    const stored = { $id: id, $createdAt: '2030-01-01T10:00:01.000+00:00', ...doc.data, notes: null, status: 'answered', submittedAt: '2030-01-01T10:00:00.000+00:00' };
    expect(submissionSummary('booking', stored)).toEqual({
      id, kind: 'booking', submittedAt: '2030-01-01T10:00:00.000+00:00', status: 'answered',
      fields: { name: 'Kofi', email: 'kofi@example.com', date: '2031-01-02', timeWindow: 'Any time', timeZone: 'Africa/Accra', topic: 'A new project' },
    });
    expect(submissionSummary('booking', { ...stored, status: 'weird' }).status).toBe('new');
  });
});

describe('the emulator seed adapter', () => {
  it('carries every collection over unchanged', () => {
    for (const col of schema.collections) {
      const seeded = seedCollection(col);
      expect(seeded.id).toBe(col.id);
      expect(seeded.permissions).toEqual(col.permissions);
      expect(seeded.documentSecurity).toBe(col.documentSecurity);
      expect(seeded.attributes).toEqual(col.attributes.map((a) => ({ ...a, elements: a.elements ? [...a.elements] : undefined })).map((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined))));
      expect(seeded.indexes).toEqual(col.indexes.map((i) => ({ ...i })));
    }
  });
});
