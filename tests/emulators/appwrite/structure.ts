// The server-side structure API of Appwrite's Databases service, for tools that set a project up with an
// API key (`npm run appwrite:setup`): databases, collections, attributes and indexes; create, get, list;
// update a collection (PUT: name, permissions, document security) and an attribute (PATCH
// /attributes/{type}/{key}: required, default, and size or elements where the type has them).
// Attributes and indexes are usable at once (status "available"); Appwrite builds them in the background,
// so clients that wait for "available" work against both. Structure created here is kept in the store
// (data file) and merged with the seed's at the next start. The structure is shared by every project, as
// the seed's is. Not implemented: deleting structure, renaming attributes (newKey), relationship
// attributes, the TablesDB flavour of these routes.
import { AppwriteError, invalidParam, missingParam } from './errors.ts';
import { customId, json, now, optBoolean, optNumber, raw, reqString, stringArray, type Ctx, type Emulator, type Route } from './context.ts';
import { normalisePermissions } from './permissions.ts';
import type { AttributeType, SeedAttribute, SeedCollection, SeedDatabase, SeedIndex } from './types.ts';
import { iso } from './util.ts';

const META_KEY = 'structure';

interface DatabaseInfo {
  name: string;
  createdAt: string;
}

/** Names and creation times of databases (the schema map only holds their collections). */
const infos = new WeakMap<Emulator, Map<string, DatabaseInfo>>();

function infoOf(emu: Emulator, db: string): DatabaseInfo {
  let map = infos.get(emu);
  if (!map) {
    map = new Map();
    infos.set(emu, map);
  }
  let info = map.get(db);
  if (!info) {
    info = { name: db, createdAt: iso(0) };
    map.set(db, info);
  }
  return info;
}

/** Keeps the current structure in the store, so a restart with the same data file still has it. */
function save(emu: Emulator) {
  const databases: SeedDatabase[] = [...emu.schema].map(([id, cols]) => ({ id, name: infoOf(emu, id).name, createdAt: infoOf(emu, id).createdAt, collections: [...cols.values()] }));
  emu.store.setMeta(META_KEY, JSON.stringify(databases));
}

/** At start: adds the structure created through the API in earlier runs to the seed's. */
export function restoreStructure(emu: Emulator, seed: SeedDatabase[]) {
  for (const db of seed) Object.assign(infoOf(emu, db.id), { name: db.name ?? db.id, createdAt: db.createdAt ?? iso(emu.clock()) });
  const stored = emu.store.meta(META_KEY);
  if (!stored) return;
  for (const db of JSON.parse(stored) as SeedDatabase[]) {
    let cols = emu.schema.get(db.id);
    if (!cols) {
      cols = new Map();
      emu.schema.set(db.id, cols);
      Object.assign(infoOf(emu, db.id), { name: db.name ?? db.id, createdAt: db.createdAt ?? iso(emu.clock()) });
    }
    for (const col of db.collections) {
      const existing = cols.get(col.id);
      if (!existing) {
        cols.set(col.id, col);
        continue;
      }
      if (col.attributes) {
        existing.attributes ??= [];
        for (const a of col.attributes) if (!existing.attributes.some((e) => e.key === a.key)) existing.attributes.push(a);
      }
      for (const index of col.indexes ?? []) {
        existing.indexes ??= [];
        if (!existing.indexes.some((e) => e.key === index.key)) existing.indexes.push(index);
      }
    }
  }
}

// --- Models (Appwrite 1.8) ---------------------------------------------------------------------------

function databaseModel(emu: Emulator, id: string) {
  const info = infoOf(emu, id);
  return { $id: id, name: info.name, $createdAt: info.createdAt, $updatedAt: info.createdAt, enabled: true, type: 'legacy' };
}

const FORMAT: Partial<Record<AttributeType, string>> = { email: 'email', enum: 'enum', url: 'url', ip: 'ip' };

function attributeModel(a: SeedAttribute) {
  const t = a.createdAt ?? iso(0);
  const base = { key: a.key, status: 'available', error: '', required: !!a.required, array: !!a.array, $createdAt: t, $updatedAt: t };
  switch (a.type) {
    case 'string':
      return { ...base, type: 'string', size: a.size ?? 255, default: a.default ?? null, encrypt: false };
    case 'email':
    case 'url':
    case 'ip':
      return { ...base, type: 'string', format: FORMAT[a.type], default: a.default ?? null };
    case 'enum':
      return { ...base, type: 'string', format: 'enum', elements: a.elements ?? [], default: a.default ?? null };
    case 'integer':
    case 'float':
      return { ...base, type: a.type === 'integer' ? 'integer' : 'double', min: a.min ?? null, max: a.max ?? null, default: a.default ?? null };
    case 'boolean':
      return { ...base, type: 'boolean', default: a.default ?? null };
    case 'datetime':
      return { ...base, type: 'datetime', format: 'datetime', default: a.default ?? null };
  }
}

function indexModel(index: SeedIndex) {
  const t = index.createdAt ?? iso(0);
  return {
    $id: index.key, key: index.key, type: index.type, status: 'available', error: '', attributes: index.attributes,
    lengths: index.attributes.map(() => 0), orders: index.orders ?? [], $createdAt: t, $updatedAt: t,
  };
}

function collectionModel(db: string, col: SeedCollection) {
  const t = col.createdAt ?? iso(0);
  return {
    $id: col.id, $createdAt: t, $updatedAt: t, $permissions: col.permissions ?? [], databaseId: db, name: col.name ?? col.id,
    enabled: true, documentSecurity: !!col.documentSecurity,
    // No row-size limit applies here; Appwrite documents 0 for that.
    bytesMax: 0, bytesUsed: 0,
    attributes: (col.attributes ?? []).map(attributeModel), indexes: (col.indexes ?? []).map(indexModel),
  };
}

// --- Parameters --------------------------------------------------------------------------------------

function databaseOf(ctx: Ctx) {
  const cols = ctx.emu.schema.get(ctx.params.databaseId!);
  if (!cols) throw new AppwriteError('database_not_found');
  return cols;
}

function collection(ctx: Ctx): SeedCollection {
  const col = databaseOf(ctx).get(ctx.params.collectionId!);
  if (!col) throw new AppwriteError('collection_not_found');
  return col;
}

function name(ctx: Ctx): string {
  return reqString(ctx, 'name', 128);
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
function key(ctx: Ctx): string {
  const value = reqString(ctx, 'key', 36);
  if (!KEY.test(value)) throw invalidParam('key', "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char");
  return value;
}

function requiredParam(ctx: Ctx, param: string): boolean {
  const value = optBoolean(ctx, param);
  if (value === undefined) throw missingParam(param);
  return value;
}

const TYPES: AttributeType[] = ['string', 'email', 'enum', 'url', 'ip', 'integer', 'float', 'boolean', 'datetime'];

function attributeFrom(ctx: Ctx, type: AttributeType): SeedAttribute {
  const a: SeedAttribute = { key: key(ctx), type, required: requiredParam(ctx, 'required'), array: optBoolean(ctx, 'array') ?? false };
  const def = raw(ctx, 'default');
  if (type === 'string') {
    const size = optNumber(ctx, 'size');
    if (size === undefined) throw missingParam('size');
    if (!Number.isInteger(size) || size < 1 || size > 1_073_741_824) throw invalidParam('size', 'Value must be a valid range between 1 and 1,073,741,824');
    a.size = size;
  }
  if (type === 'enum') {
    const elements = stringArray(ctx, 'elements');
    if (!elements) throw missingParam('elements');
    if (!elements.length || elements.some((e) => !e || e.length > 255)) throw invalidParam('elements', 'Value must a valid array no longer than 100 items and Value must be a valid string and at least 1 chars and no longer than 255 chars');
    a.elements = [...new Set(elements)];
  }
  if (type === 'integer' || type === 'float') {
    a.min = optNumber(ctx, 'min');
    a.max = optNumber(ctx, 'max');
    if (a.min !== undefined && a.max !== undefined && a.min > a.max) throw new AppwriteError('attribute_value_invalid', 'Minimum value must be lesser than maximum value');
  }
  if (def !== undefined && def !== null) {
    if (a.required) throw new AppwriteError('attribute_default_unsupported');
    if (type === 'enum' && !a.elements!.includes(def as string)) throw new AppwriteError('attribute_value_invalid', 'Default value not found in elements');
    a.default = def;
  }
  return a;
}

const INDEX_TYPES = ['key', 'unique', 'fulltext'] as const;

// --- Routes ------------------------------------------------------------------------------------------

export function structureRoutes(): Route[] {
  const databasesRead = ['databases.read'];
  const databasesWrite = ['databases.write'];
  const collectionsRead = ['collections.read', 'tables.read'];
  const collectionsWrite = ['collections.write', 'tables.write'];
  const attributesRead = ['attributes.read', 'columns.read'];
  const attributesWrite = ['attributes.write', 'columns.write'];
  const indexesRead = ['indexes.read'];
  const indexesWrite = ['indexes.write'];
  const base = '/databases/:databaseId/collections/:collectionId';

  return [
    {
      method: 'GET',
      path: '/databases',
      scope: databasesRead,
      handler: (ctx) => {
        const databases = [...ctx.emu.schema.keys()].map((id) => databaseModel(ctx.emu, id));
        return json({ total: databases.length, databases });
      },
    },
    {
      method: 'POST',
      path: '/databases',
      scope: databasesWrite,
      handler: (ctx) => {
        const id = customId(ctx, 'databaseId');
        const n = name(ctx);
        if (ctx.emu.schema.has(id)) throw new AppwriteError('database_already_exists');
        ctx.emu.schema.set(id, new Map());
        Object.assign(infoOf(ctx.emu, id), { name: n, createdAt: iso(now(ctx)) });
        save(ctx.emu);
        return json(databaseModel(ctx.emu, id), 201);
      },
    },
    { method: 'GET', path: '/databases/:databaseId', scope: databasesRead, handler: (ctx) => {
      databaseOf(ctx);
      return json(databaseModel(ctx.emu, ctx.params.databaseId!));
    } },
    {
      method: 'GET',
      path: '/databases/:databaseId/collections',
      scope: collectionsRead,
      handler: (ctx) => {
        const db = ctx.params.databaseId!;
        const collections = [...databaseOf(ctx).values()].map((c) => collectionModel(db, c));
        return json({ total: collections.length, collections });
      },
    },
    {
      method: 'POST',
      path: '/databases/:databaseId/collections',
      scope: collectionsWrite,
      handler: (ctx) => {
        const cols = databaseOf(ctx);
        const id = customId(ctx, 'collectionId');
        const n = name(ctx);
        const permissions = normalisePermissions(raw(ctx, 'permissions') ?? [], ['read', 'create', 'update', 'delete', 'write']);
        const documentSecurity = optBoolean(ctx, 'documentSecurity') ?? false;
        if (cols.has(id)) throw new AppwriteError('collection_already_exists');
        const col: SeedCollection = { id, name: n, permissions, documentSecurity, attributes: [], indexes: [], createdAt: iso(now(ctx)) };
        cols.set(id, col);
        save(ctx.emu);
        return json(collectionModel(ctx.params.databaseId!, col), 201);
      },
    },
    { method: 'GET', path: base, scope: collectionsRead, handler: (ctx) => json(collectionModel(ctx.params.databaseId!, collection(ctx))) },
    {
      // Appwrite's updateCollection: name is required; permissions and documentSecurity replace what is there.
      method: 'PUT',
      path: base,
      scope: collectionsWrite,
      handler: (ctx) => {
        const col = collection(ctx);
        col.name = name(ctx);
        const permissions = raw(ctx, 'permissions');
        if (permissions !== undefined && permissions !== null) col.permissions = normalisePermissions(permissions, ['read', 'create', 'update', 'delete', 'write']);
        const documentSecurity = optBoolean(ctx, 'documentSecurity');
        if (documentSecurity !== undefined) col.documentSecurity = documentSecurity;
        save(ctx.emu);
        return json(collectionModel(ctx.params.databaseId!, col));
      },
    },
    {
      // Appwrite's update{Type}Attribute: `required` and `default` (null for none) are required parameters.
      method: 'PATCH',
      path: `${base}/attributes/:type/:key`,
      scope: attributesWrite,
      handler: (ctx) => {
        const a = collection(ctx).attributes?.find((e) => e.key === ctx.params.key);
        if (!a || a.type !== ctx.params.type) throw new AppwriteError('attribute_not_found');
        const required = requiredParam(ctx, 'required');
        if (!('default' in ctx.body)) throw missingParam('default');
        const def = raw(ctx, 'default');
        if (required && def !== null && def !== undefined) throw new AppwriteError('attribute_default_unsupported');
        if (a.type === 'string') {
          const size = optNumber(ctx, 'size');
          if (size !== undefined) a.size = size;
        }
        if (a.type === 'enum') {
          const elements = stringArray(ctx, 'elements');
          if (!elements) throw missingParam('elements');
          a.elements = [...new Set(elements)];
        }
        a.required = required;
        if (def === null || def === undefined) delete a.default;
        else a.default = def;
        save(ctx.emu);
        return json(attributeModel(a));
      },
    },
    {
      method: 'GET',
      path: `${base}/attributes`,
      scope: attributesRead,
      handler: (ctx) => {
        const attributes = (collection(ctx).attributes ?? []).map(attributeModel);
        return json({ total: attributes.length, attributes });
      },
    },
    {
      method: 'POST',
      path: `${base}/attributes/:type`,
      scope: attributesWrite,
      handler: (ctx) => {
        const col = collection(ctx);
        const type = ctx.params.type as AttributeType;
        if (!TYPES.includes(type)) throw new AppwriteError('general_route_not_found');
        const a = attributeFrom(ctx, type);
        if (col.attributes?.some((e) => e.key === a.key)) throw new AppwriteError('attribute_already_exists');
        a.createdAt = iso(now(ctx));
        col.attributes = [...(col.attributes ?? []), a];
        save(ctx.emu);
        return json(attributeModel(a), 202);
      },
    },
    {
      method: 'GET',
      path: `${base}/attributes/:key`,
      scope: attributesRead,
      handler: (ctx) => {
        const a = collection(ctx).attributes?.find((e) => e.key === ctx.params.key);
        if (!a) throw new AppwriteError('attribute_not_found');
        return json(attributeModel(a));
      },
    },
    {
      method: 'GET',
      path: `${base}/indexes`,
      scope: indexesRead,
      handler: (ctx) => {
        const indexes = (collection(ctx).indexes ?? []).map(indexModel);
        return json({ total: indexes.length, indexes });
      },
    },
    {
      method: 'POST',
      path: `${base}/indexes`,
      scope: indexesWrite,
      handler: (ctx) => {
        const col = collection(ctx);
        const k = key(ctx);
        const type = reqString(ctx, 'type') as SeedIndex['type'];
        if (!INDEX_TYPES.includes(type)) throw invalidParam('type', `Value must be one of (${INDEX_TYPES.join(', ')})`);
        const attributes = stringArray(ctx, 'attributes');
        if (!attributes?.length) throw missingParam('attributes');
        const orders = stringArray(ctx, 'orders');
        if (orders?.some((o) => o !== 'ASC' && o !== 'DESC')) throw invalidParam('orders', 'Value must be one of (ASC, DESC)');
        if (col.indexes?.some((e) => e.key === k)) throw new AppwriteError('index_already_exists');
        const known = new Set(['$id', '$createdAt', '$updatedAt', ...(col.attributes ?? []).map((a) => a.key)]);
        const unknown = attributes.find((a) => !known.has(a));
        if (unknown) throw new AppwriteError('attribute_unknown', `Unknown attribute: ${unknown}. Verify the attribute name or create the attribute.`);
        const index: SeedIndex = { key: k, type, attributes, ...(orders?.length ? { orders: orders as ('ASC' | 'DESC')[] } : {}), createdAt: iso(now(ctx)) };
        col.indexes = [...(col.indexes ?? []), index];
        save(ctx.emu);
        return json(indexModel(index), 202);
      },
    },
    {
      method: 'GET',
      path: `${base}/indexes/:key`,
      scope: indexesRead,
      handler: (ctx) => {
        const index = collection(ctx).indexes?.find((e) => e.key === ctx.params.key);
        if (!index) throw new AppwriteError('index_not_found');
        return json(indexModel(index));
      },
    },
  ];
}
