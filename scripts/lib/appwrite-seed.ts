// The product's schema (shared/appwrite/schema.ts) as the Appwrite emulator's seed, plus the local accounts.
// Used by `npm start` (scripts/lib/emulators.ts), the Worker tests (tests/worker/global-setup.ts) and the
// emulator's CLI (`APPWRITE_EMULATOR_SEED=scripts/lib/appwrite-seed.ts node tests/emulators/appwrite/main.ts`).
import type { Seed, SeedApiKey, SeedCollection, SeedDocument, SeedUser } from '../../tests/emulators/appwrite/index.ts';
import { demoDocuments, LOCAL_MODERATOR, LOCAL_USER } from './demo-data.ts';
import { BINDING_FIELD } from '../../shared/appwrite/roles.ts';
import { buckets as productBuckets, PROFILES_COLLECTION, schema, type CollectionSpec, type DatabaseSpec, type Role } from '../../shared/appwrite/schema.ts';

/** What the Worker's key may do (and `npm run appwrite:setup`, which also creates structure). */
export const SERVER_KEY_SCOPES = [
  'users.read', 'users.write', 'documents.read', 'documents.write', 'rows.read', 'rows.write',
  'databases.read', 'databases.write', 'collections.read', 'collections.write',
  'attributes.read', 'attributes.write', 'indexes.read', 'indexes.write',
  'buckets.read', 'buckets.write', 'files.read', 'files.write',
];

/** The emulator's API key for local use: the value of APPWRITE_API_KEY in .dev.vars.example. Not a secret. */
export const LOCAL_API_KEY = 'local-appwrite-emulator-key-3b9d2e71c4';

/** The local admin account (emulator only), documented in the README. */
export const LOCAL_ADMIN = {
  id: 'local-admin',
  email: 'admin@voltalabs.local',
  password: 'volta-admin-local',
  name: 'Local Admin',
} as const;

export function seedCollection(spec: CollectionSpec): SeedCollection {
  return {
    id: spec.id,
    name: spec.name,
    permissions: [...spec.permissions],
    documentSecurity: spec.documentSecurity,
    attributes: spec.attributes.map((a) => ({
      key: a.key,
      type: a.type,
      required: a.required,
      ...(a.size !== undefined ? { size: a.size } : {}),
      ...(a.elements ? { elements: [...a.elements] } : {}),
      ...(a.default !== undefined ? { default: a.default } : {}),
      ...(a.array ? { array: true } : {}),
      ...(a.min !== undefined ? { min: a.min } : {}),
      ...(a.max !== undefined ? { max: a.max } : {}),
    })),
    indexes: spec.indexes.map((i) => ({ key: i.key, type: i.type, attributes: [...i.attributes], ...(i.orders ? { orders: [...i.orders] } : {}) })),
  };
}

export interface SeedAccount {
  id: string;
  email: string;
  password: string;
  name?: string;
  /** A profile with this role (document id = account id, readable by the user only); none when absent. */
  role?: Role;
  emailVerification?: boolean;
}

/** A seeded account, with its profile in the users collection when it has a role. */
export function seedUser(account: SeedAccount, databaseId = schema.id): SeedUser {
  return {
    id: account.id,
    email: account.email,
    password: account.password,
    name: account.name,
    emailVerification: account.emailVerification ?? true,
    // Staff carry the label of their role: the admin area's documents are readable by `label:admin` and
    // `label:moderator` (shared/appwrite/schema.ts STAFF_READ), which the Worker keeps equal to the role.
    ...(account.role && account.role !== 'user' ? { labels: [account.role] } : {}),
    ...(account.role ? {
      profile: {
        databaseId,
        collectionId: PROFILES_COLLECTION,
        data: { role: account.role, ...(account.name ? { name: account.name } : {}) },
        permissions: [`read("user:${account.id}")`],
        // Bound to the account, as the Worker binds the profiles it makes (shared/appwrite/roles.ts).
        registrationAttribute: BINDING_FIELD,
      },
    } : {}),
  };
}

export interface ProductSeedOptions {
  apiKeys: string[];
  accounts?: SeedAccount[];
  documents?: SeedDocument[];
  databaseId?: string;
  db?: DatabaseSpec;
}

/** The product's database and the given keys, accounts and documents. */
export function productSeed(options: ProductSeedOptions): Seed {
  const db = options.db ?? schema;
  const databaseId = options.databaseId ?? db.id;
  const apiKeys: SeedApiKey[] = [...new Set(options.apiKeys.filter(Boolean))].map((secret, i) => ({ secret, name: i === 0 ? 'worker' : `worker-${i + 1}`, scopes: SERVER_KEY_SCOPES }));
  return {
    projectName: 'Volta Labs',
    apiKeys,
    databases: [{ id: databaseId, name: db.name, collections: db.collections.map(seedCollection) }],
    users: (options.accounts ?? []).map((a) => seedUser(a, databaseId)),
    documents: options.documents ?? [],
    buckets: productBuckets.map((b) => ({ ...b, permissions: [...b.permissions], allowedFileExtensions: [...b.allowedFileExtensions] })),
  };
}

/**
 * The seed of `npm start`: the schema, the local accounts (admin, moderator, plain user), the local key (plus
 * the configured one) and the demo dataset of the admin area (scripts/lib/demo-data.ts).
 */
export function localSeed(options: { apiKey?: string; databaseId?: string; now?: number } = {}): Seed {
  const databaseId = options.databaseId ?? schema.id;
  return productSeed({
    apiKeys: [LOCAL_API_KEY, options.apiKey ?? ''],
    accounts: [{ ...LOCAL_ADMIN, role: 'admin' }, { ...LOCAL_MODERATOR, role: 'moderator' }, { ...LOCAL_USER, role: 'user' }],
    databaseId,
    documents: demoDocuments(databaseId, options.now),
  });
}

/** For the emulator's CLI (APPWRITE_EMULATOR_SEED). */
export const seed: Seed = localSeed();
