// A test seed shaped like the product's schema (database `main`), used by the emulator's own tests.
import type { Seed } from './types.ts';

export const ADMIN = { id: 'admin', email: 'admin@agency.test', password: 'admin-password-1' } as const;
export const SERVER_KEY = 'server-key-for-tests';
export const READ_ONLY_KEY = 'read-only-key-for-tests';
export const EXPIRED_KEY = 'expired-key-for-tests';

export const testSeed: Seed = {
  projectName: 'Agency',
  apiKeys: [
    { secret: SERVER_KEY, name: 'worker', scopes: ['users.read', 'users.write', 'documents.read', 'documents.write', 'rows.read', 'rows.write'] },
    { secret: READ_ONLY_KEY, name: 'reader', scopes: ['documents.read'] },
    { secret: EXPIRED_KEY, name: 'old', scopes: ['documents.read'], expire: '2000-01-01T00:00:00.000+00:00' },
  ],
  users: [
    {
      id: ADMIN.id,
      email: ADMIN.email,
      password: ADMIN.password,
      name: 'Local Admin',
      labels: ['admin'],
      profile: { databaseId: 'main', collectionId: 'users', data: { role: 'admin' } },
    },
  ],
  databases: [
    {
      id: 'main',
      collections: [
        {
          id: 'users',
          permissions: ['create("users")', 'read("label:admin")', 'update("label:admin")'],
          documentSecurity: true,
          attributes: [
            { key: 'userId', type: 'string', size: 36, required: true },
            { key: 'email', type: 'email', required: true },
            { key: 'role', type: 'enum', elements: ['admin', 'moderator', 'user'], default: 'user' },
          ],
          indexes: [{ key: 'userId_unique', type: 'unique', attributes: ['userId'] }],
        },
        {
          id: 'leads',
          permissions: ['create("any")', 'read("label:admin")', 'update("label:admin")', 'delete("label:admin")'],
          documentSecurity: true,
          attributes: [
            { key: 'name', type: 'string', size: 100, required: true },
            { key: 'email', type: 'email', required: true },
            { key: 'phone', type: 'string', size: 30 },
            { key: 'budget', type: 'integer', min: 0, max: 1_000_000 },
            { key: 'score', type: 'float' },
            { key: 'tags', type: 'string', size: 30, array: true },
            { key: 'status', type: 'enum', elements: ['New', 'Contacted', 'Won'], default: 'New' },
            { key: 'summary', type: 'string', size: 1000 },
            { key: 'followUp', type: 'datetime' },
            { key: 'vip', type: 'boolean', default: false },
          ],
          indexes: [{ key: 'summary_search', type: 'fulltext', attributes: ['summary'] }],
        },
        { id: 'notes', permissions: ['create("users")'], documentSecurity: true },
        { id: 'announcements', permissions: ['read("any")'], documentSecurity: false },
        { id: 'audit', permissions: ['create("users")'], documentSecurity: false },
      ],
    },
  ],
};
