// Databases: documents (/databases/{db}/collections/{col}/documents) and the TablesDB view of the same data
// (/tablesdb/{db}/tables/{table}/rows), with structure validation, unique indexes, queries and permissions.
import { AppwriteError, invalidParam, type ErrorType } from './errors.ts';
import { customId, json, noContent, now, optNumber, raw, type Ctx, type Emulator, type Route } from './context.ts';
import { allows, assertGrantable, normalisePermissions, rolesFor, rolesOf } from './permissions.ts';
import { attributesOf, invalidQuery, isStableOrder, orderRows, parseQueries, plan, run, type Plan, type Query } from './queries.ts';
import { DuplicateError } from './store.ts';
import type { DocumentRecord, SeedAttribute, SeedCollection } from './types.ts';
import { isEmail } from './context.ts';
import { iso, uniqueId } from './util.ts';

export type View = 'documents' | 'rows';

const V = {
  documents: {
    idParam: 'documentId', listKey: 'documents', parentKey: '$collectionId', parentWord: 'collections', itemWord: 'documents',
    notFound: 'document_not_found', exists: 'document_already_exists', structure: 'document_invalid_structure', missingPayload: 'document_missing_payload',
    parentNotFound: 'collection_not_found', attrNotFound: 'attribute_not_found', label: 'Document', structureLabel: 'document',
  },
  rows: {
    idParam: 'rowId', listKey: 'rows', parentKey: '$tableId', parentWord: 'tables', itemWord: 'rows',
    notFound: 'row_not_found', exists: 'row_already_exists', structure: 'row_invalid_structure', missingPayload: 'row_missing_payload',
    parentNotFound: 'table_not_found', attrNotFound: 'column_not_found', label: 'Row', structureLabel: 'row',
  },
} as const satisfies Record<View, Record<string, string>>;

const SYSTEM = ['$id', '$sequence', '$createdAt', '$updatedAt', '$permissions', '$collectionId', '$tableId', '$databaseId'];

export const docKind = (db: string, col: string) => `doc:${db}:${col}`;

export function collectionOf(emu: Emulator, view: View, db: string, col: string): SeedCollection {
  const database = emu.schema.get(db);
  if (!database) throw new AppwriteError('database_not_found');
  const collection = database.get(col);
  if (!collection) throw new AppwriteError(V[view].parentNotFound as ErrorType);
  return collection;
}

export function model(view: View, db: string, col: SeedCollection, doc: DocumentRecord, select?: string[]) {
  const data: Record<string, unknown> = {};
  if (col.attributes) for (const a of col.attributes) data[a.key] = doc.data[a.key] ?? (a.array ? [] : null);
  else Object.assign(data, doc.data);
  const picked = select && !select.includes('*') ? Object.fromEntries(Object.entries(data).filter(([k]) => select.includes(k))) : data;
  return {
    $id: doc.$id,
    $sequence: String(doc.$sequence),
    [V[view].parentKey]: col.id,
    $databaseId: db,
    $createdAt: doc.$createdAt,
    $updatedAt: doc.$updatedAt,
    $permissions: doc.$permissions,
    ...picked,
  };
}

/** A document as queries see it: the output shape (defaults filled in), `$sequence` numeric for ordering. */
type QueryRow = Record<string, unknown> & { __doc: DocumentRecord };

// Both derived from a store snapshot, so they live exactly as long as it does (until the next write of the
// collection): the query rows once per snapshot and view and attribute list, each order once on top.
const queryRowCache = new WeakMap<readonly DocumentRecord[], Map<string, QueryRow[]>>();
const orderCache = new WeakMap<readonly QueryRow[], Map<string, QueryRow[]>>();

/** The value cached under `key`, made and kept on first use. */
function cached<K, V>(cache: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

function queryRows(view: View, db: string, col: SeedCollection, docs: readonly DocumentRecord[]): QueryRow[] {
  const byShape = cached(queryRowCache, docs, () => new Map<string, QueryRow[]>());
  // The structure API may add or remove attributes, which changes the empty values a query sees.
  const shape = `${view}|${col.attributes ? col.attributes.map((a) => `${a.key}${a.array ? '[]' : ''}`).join(',') : '*'}`;
  return cached(byShape, shape, () => docs.map((d) => ({ ...model(view, db, col, d), $sequence: d.$sequence, __doc: d })));
}

/** The rows in a plan's order, sorted once per snapshot; undefined for a random order. */
function orderedRows(rows: QueryRow[], orders: Plan['orders']): QueryRow[] | undefined {
  if (!isStableOrder(orders)) return undefined;
  if (!orders.length) return rows; // insertion order is `$sequence` order
  const byOrder = cached(orderCache, rows, () => new Map<string, QueryRow[]>());
  return cached(byOrder, JSON.stringify(orders), () => orderRows(rows, orders));
}

function structureError(view: View, message: string) {
  return new AppwriteError(V[view].structure as ErrorType, `Invalid ${V[view].structureLabel} structure: ${message}`);
}

function checkValue(view: View, a: SeedAttribute, value: unknown): unknown {
  const bad = (description: string) => structureError(view, `Attribute "${a.key}" has invalid type. ${description}`);
  switch (a.type) {
    case 'string': {
      const size = a.size ?? 255;
      if (typeof value !== 'string' || value.length > size) throw bad(`Value must be a valid string and no longer than ${size} chars`);
      return value;
    }
    case 'integer':
    case 'float': {
      const isOk = typeof value === 'number' && Number.isFinite(value) && (a.type === 'float' || Number.isInteger(value));
      if (!isOk) throw bad(a.type === 'integer' ? 'Value must be a valid integer' : 'Value must be a valid float');
      if ((a.min !== undefined && (value as number) < a.min) || (a.max !== undefined && (value as number) > a.max)) {
        throw bad(`Value must be a valid range between ${(a.min ?? -Number.MAX_SAFE_INTEGER).toLocaleString('en-US')} and ${(a.max ?? Number.MAX_SAFE_INTEGER).toLocaleString('en-US')}`);
      }
      return value;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw bad('Value must be a valid boolean');
      return value;
    case 'datetime': {
      const ms = typeof value === 'string' ? Date.parse(value) : NaN;
      if (!Number.isFinite(ms)) throw bad('Value must be valid date between 0000-01-01 00:00:00 and 9999-12-31 23:59:59.');
      return iso(ms);
    }
    case 'email':
      if (typeof value !== 'string' || !isEmail(value)) throw bad('Value must be a valid email address');
      return value;
    case 'url': {
      let ok = false;
      try {
        ok = typeof value === 'string' && /^https?:$/.test(new URL(value).protocol);
      } catch {
        ok = false;
      }
      if (!ok) throw bad('Value must be a valid URL');
      return value;
    }
    case 'ip':
      if (typeof value !== 'string' || !/^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+:[0-9a-fA-F:]*)$/.test(value)) throw bad('Value must be a valid IP address');
      return value;
    case 'enum':
      if (typeof value !== 'string' || !(a.elements ?? []).includes(value)) throw bad(`Value must be one of (${(a.elements ?? []).join(', ')})`);
      return value;
  }
}

/** Appwrite's structure validation; returns the stored data with defaults applied. */
export function validateData(view: View, col: SeedCollection, data: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (!k.startsWith('$')) clean[k] = v;
  if (!col.attributes) return clean;
  const known = new Map(col.attributes.map((a) => [a.key, a]));
  for (const k of Object.keys(clean)) if (!known.has(k)) throw structureError(view, `Unknown attribute: "${k}"`);
  const out: Record<string, unknown> = {};
  for (const a of col.attributes) {
    let value = clean[a.key];
    if (value === undefined || value === null) value = a.default ?? null;
    if (value === null) {
      if (a.required) throw structureError(view, `Missing required attribute "${a.key}"`);
      out[a.key] = a.array ? [] : null;
      continue;
    }
    if (a.array) {
      if (!Array.isArray(value)) throw structureError(view, `Attribute "${a.key}" must be an array`);
      out[a.key] = value.map((item) => checkValue(view, a, item));
    } else out[a.key] = checkValue(view, a, value);
  }
  return out;
}

function checkUnique(view: View, emu: Emulator, project: string, db: string, col: SeedCollection, id: string, data: Record<string, unknown>) {
  for (const index of col.indexes ?? []) {
    if (index.type !== 'unique') continue;
    const key = (d: Record<string, unknown>) => JSON.stringify(index.attributes.map((a) => d[a] ?? null));
    if (index.attributes.every((a) => data[a] === null || data[a] === undefined)) continue;
    const mine = key(data);
    const clash = emu.store.snapshot<DocumentRecord>(project, docKind(db, col.id)).some((d) => d.$id !== id && key(d.data) === mine);
    if (clash) throw new AppwriteError(V[view].exists as ErrorType);
  }
}

function readRoles(col: SeedCollection, doc: DocumentRecord): string[] {
  const colRead = rolesFor(col.permissions ?? [], 'read');
  return col.documentSecurity ? [...new Set([...colRead, ...rolesFor(doc.$permissions, 'read')])] : colRead;
}

/** Realtime event names for both APIs, with Appwrite's wildcard expansions. */
function eventNames(db: string, col: string, id: string, action: string): string[] {
  const out: string[] = [];
  for (const [parent, item] of [['collections', 'documents'], ['tables', 'rows']] as const) {
    for (const d of [db, '*']) for (const c of [col, '*']) for (const i of [id, '*']) {
      const base = `databases.${d}.${parent}.${c}.${item}.${i}`;
      out.push(`${base}.${action}`, base);
    }
  }
  return [...new Set(out)];
}

export function publishDocument(emu: Emulator, project: string, view: View, db: string, col: SeedCollection, doc: DocumentRecord, action: 'create' | 'update' | 'delete') {
  emu.publish({
    project,
    events: eventNames(db, col.id, doc.$id, action),
    channels: [
      'rows', `databases.${db}.tables.${col.id}.rows`, `databases.${db}.tables.${col.id}.rows.${doc.$id}`,
      'documents', `databases.${db}.collections.${col.id}.documents`, `databases.${db}.collections.${col.id}.documents.${doc.$id}`,
    ],
    roles: readRoles(col, doc),
    payload: model(view, db, col, doc),
  });
}

/** Inserts a validated document (used by the API and by the seed). */
export function insertDocument(emu: Emulator, project: string, view: View, db: string, col: SeedCollection, id: string, data: Record<string, unknown>, permissions: string[]): DocumentRecord {
  const t = iso(emu.clock());
  const clean = validateData(view, col, data);
  checkUnique(view, emu, project, db, col, id, clean);
  let record!: DocumentRecord;
  try {
    emu.store.insert(project, docKind(db, col.id), id, (seq) => (record = { $id: id, $sequence: seq, $createdAt: t, $updatedAt: t, $permissions: permissions, data: clean }));
  } catch (error) {
    if (error instanceof DuplicateError) throw new AppwriteError(V[view].exists as ErrorType);
    throw error;
  }
  publishDocument(emu, project, view, db, col, record, 'create');
  return record;
}

function routesFor(view: View): Route[] {
  const v = V[view];
  const base = view === 'documents' ? '/databases/:databaseId/collections/:collectionId/documents' : '/tablesdb/:databaseId/tables/:collectionId/rows';
  const itemPath = `${base}/:documentId`;
  const readScope = ['documents.read', 'rows.read'];
  const writeScope = ['documents.write', 'rows.write'];

  const target = (ctx: Ctx) => {
    if (raw(ctx, 'transactionId') !== undefined && raw(ctx, 'transactionId') !== null) {
      throw new AppwriteError('general_bad_request', 'Transactions are not supported by the local Appwrite emulator.');
    }
    const db = ctx.params.databaseId!;
    const col = collectionOf(ctx.emu, view, db, ctx.params.collectionId!);
    return { db, col, kind: docKind(db, col.id), isKey: ctx.auth.role === 'applications', roles: rolesOf(ctx.auth) };
  };

  const checkQueries = (col: SeedCollection, queries: Query[]) => {
    if (!col.attributes) return;
    const known = new Set([...SYSTEM, ...col.attributes.map((a) => a.key)]);
    for (const a of attributesOf(queries)) if (!known.has(a)) throw invalidQuery(`Attribute not found in schema: ${a}`);
    const searches = (qs: Query[]): Query[] => qs.flatMap((q) => (q.method === 'or' || q.method === 'and' ? searches(q.values as Query[]) : q.method === 'search' || q.method === 'notSearch' ? [q] : []));
    for (const q of searches(queries)) {
      const indexed = (col.indexes ?? []).some((i) => i.type === 'fulltext' && i.attributes.length === 1 && i.attributes[0] === q.attribute);
      if (!indexed) throw invalidQuery(`Searching by attribute "${q.attribute}" requires a fulltext index.`);
    }
  };

  const canRead = (t: ReturnType<typeof target>, doc: DocumentRecord) =>
    t.isKey || allows(t.col.permissions ?? [], 'read', t.roles) || (!!t.col.documentSecurity && allows(doc.$permissions, 'read', t.roles));
  const canWrite = (t: ReturnType<typeof target>, doc: DocumentRecord, action: 'update' | 'delete') =>
    t.isKey || allows(t.col.permissions ?? [], action, t.roles) || (!!t.col.documentSecurity && allows(doc.$permissions, action, t.roles));

  const dataParam = (ctx: Ctx, required: boolean): Record<string, unknown> | undefined => {
    const data = raw(ctx, 'data');
    if (data === undefined || data === null) {
      if (required) throw new AppwriteError('general_argument_invalid', 'Param "data" is not optional.');
      return undefined;
    }
    if (typeof data !== 'object' || Array.isArray(data)) throw invalidParam('data', 'Value must be a valid object.');
    return data as Record<string, unknown>;
  };

  const permissionsParam = (ctx: Ctx, t: ReturnType<typeof target>): string[] | undefined => {
    const p = raw(ctx, 'permissions');
    if (p === undefined || p === null) return undefined;
    const perms = normalisePermissions(p);
    if (!t.isKey) assertGrantable(perms, t.roles);
    return perms;
  };

  const defaultPermissions = (ctx: Ctx) =>
    ctx.auth.role === 'users' ? [`read("user:${ctx.auth.user.$id}")`, `update("user:${ctx.auth.user.$id}")`, `delete("user:${ctx.auth.user.$id}")`] : [];

  const create = (ctx: Ctx, t: ReturnType<typeof target>, id: string, data: Record<string, unknown>) => {
    if (!t.isKey && !allows(t.col.permissions ?? [], 'create', t.roles)) throw new AppwriteError('user_unauthorized');
    const perms = permissionsParam(ctx, t) ?? defaultPermissions(ctx);
    const record = insertDocument(ctx.emu, ctx.project, view, t.db, t.col, id, data, perms);
    return json(model(view, t.db, t.col, record), 201);
  };

  const update = (ctx: Ctx, t: ReturnType<typeof target>, doc: DocumentRecord, data: Record<string, unknown> | undefined, replace: boolean) => {
    const perms = permissionsParam(ctx, t);
    if (data === undefined && perms === undefined) throw new AppwriteError(v.missingPayload as ErrorType);
    if (!canWrite(t, doc, 'update')) throw new AppwriteError('user_unauthorized');
    const merged = replace ? { ...(data ?? {}) } : { ...doc.data, ...(data ?? {}) };
    const clean = validateData(view, t.col, merged);
    checkUnique(view, ctx.emu, ctx.project, t.db, t.col, doc.$id, clean);
    doc.data = clean;
    if (perms !== undefined) doc.$permissions = perms;
    doc.$updatedAt = iso(now(ctx));
    ctx.emu.store.update(ctx.project, t.kind, doc.$id, doc);
    publishDocument(ctx.emu, ctx.project, view, t.db, t.col, doc, 'update');
    return json(model(view, t.db, t.col, doc));
  };

  const existing = (ctx: Ctx, t: ReturnType<typeof target>) => ctx.emu.store.get<DocumentRecord>(ctx.project, t.kind, ctx.params.documentId!);

  const step = (direction: 1 | -1) => (ctx: Ctx) => {
    const t = target(ctx);
    const attribute = ctx.params.attribute!;
    const def = t.col.attributes?.find((a) => a.key === attribute);
    if (t.col.attributes && !def) throw new AppwriteError(v.attrNotFound as ErrorType);
    if (def && def.type !== 'integer' && def.type !== 'float') throw new AppwriteError('attribute_type_invalid', `Attribute "${attribute}" must be an integer or float`);
    const doc = existing(ctx, t);
    if (!doc) throw new AppwriteError(v.notFound as ErrorType);
    if (!canWrite(t, doc, 'update')) throw new AppwriteError('user_unauthorized');
    const by = optNumber(ctx, 'value') ?? 1;
    if (by <= 0) throw invalidParam('value', 'Value must be a valid range between 0 and 1.7976931348623157e+308');
    const limit = optNumber(ctx, direction === 1 ? 'max' : 'min');
    const current = doc.data[attribute];
    if (current !== undefined && current !== null && typeof current !== 'number') throw new AppwriteError('attribute_type_invalid', `Attribute "${attribute}" must be an integer or float`);
    const next = Number(current ?? 0) + direction * by;
    if (limit !== undefined && (direction === 1 ? next > limit : next < limit)) {
      throw new AppwriteError('attribute_limit_exceeded', `Attribute "${attribute}" has reached the ${direction === 1 ? 'maximum' : 'minimum'} value of ${limit}`);
    }
    const clean = validateData(view, t.col, { ...doc.data, [attribute]: next });
    doc.data = clean;
    doc.$updatedAt = iso(now(ctx));
    ctx.emu.store.update(ctx.project, t.kind, doc.$id, doc);
    publishDocument(ctx.emu, ctx.project, view, t.db, t.col, doc, 'update');
    return json(model(view, t.db, t.col, doc));
  };

  return [
    {
      method: 'GET',
      path: base,
      scope: readScope,
      handler: (ctx) => {
        const t = target(ctx);
        if (!t.isKey && !t.col.documentSecurity && !allows(t.col.permissions ?? [], 'read', t.roles)) throw new AppwriteError('user_unauthorized');
        const queries = parseQueries(ctx.query.queries);
        checkQueries(t.col, queries);
        const p = plan(queries);
        // Filters and orders run on cached query rows; only the page is turned into response models.
        const rows = queryRows(view, t.db, t.col, ctx.emu.store.snapshot<DocumentRecord>(ctx.project, t.kind));
        const ordered = orderedRows(rows, p.orders);
        const everyRow = t.isKey || allows(t.col.permissions ?? [], 'read', t.roles);
        const source = ordered ?? rows;
        const readable = everyRow ? source : source.filter((r) => canRead(t, r.__doc));
        const result = run(readable, p, '$id', { ordered: ordered !== undefined });
        if (result.cursorMissing) throw new AppwriteError('general_cursor_not_found', `${v.label} '${result.cursorMissing}' for the 'cursor' value not found.`);
        const withTotal = ctx.query.total !== 'false';
        return json({ total: withTotal ? result.total : 0, [v.listKey]: result.page.map((r) => model(view, t.db, t.col, r.__doc, p.select)) });
      },
    },
    {
      method: 'POST',
      path: base,
      scope: writeScope,
      handler: (ctx) => {
        const t = target(ctx);
        const requested = customId(ctx, v.idParam);
        const data = dataParam(ctx, true)!;
        return create(ctx, t, requested === 'unique()' ? uniqueId(now(ctx)) : requested, data);
      },
    },
    {
      method: 'GET',
      path: itemPath,
      scope: readScope,
      handler: (ctx) => {
        const t = target(ctx);
        const queries = parseQueries(ctx.query.queries);
        checkQueries(t.col, queries);
        const doc = existing(ctx, t);
        if (!doc || !canRead(t, doc)) throw new AppwriteError(v.notFound as ErrorType);
        return json(model(view, t.db, t.col, doc, plan(queries).select));
      },
    },
    {
      method: 'PATCH',
      path: itemPath,
      scope: writeScope,
      handler: (ctx) => {
        const t = target(ctx);
        const doc = existing(ctx, t);
        if (!doc) throw new AppwriteError(v.notFound as ErrorType);
        return update(ctx, t, doc, dataParam(ctx, false), false);
      },
    },
    {
      method: 'PUT',
      path: itemPath,
      scope: writeScope,
      handler: (ctx) => {
        const t = target(ctx);
        const doc = existing(ctx, t);
        const data = dataParam(ctx, false);
        if (!doc) return create(ctx, t, ctx.params.documentId!, data ?? {});
        return update(ctx, t, doc, data, true);
      },
    },
    {
      method: 'DELETE',
      path: itemPath,
      scope: writeScope,
      handler: (ctx) => {
        const t = target(ctx);
        const doc = existing(ctx, t);
        if (!doc) throw new AppwriteError(v.notFound as ErrorType);
        if (!canWrite(t, doc, 'delete')) throw new AppwriteError('user_unauthorized');
        ctx.emu.store.delete(ctx.project, t.kind, doc.$id);
        publishDocument(ctx.emu, ctx.project, view, t.db, t.col, doc, 'delete');
        return noContent();
      },
    },
    { method: 'PATCH', path: `${itemPath}/:attribute/increment`, scope: writeScope, handler: step(1) },
    { method: 'PATCH', path: `${itemPath}/:attribute/decrement`, scope: writeScope, handler: step(-1) },
  ];
}

export function databaseRoutes(): Route[] {
  return [...routesFor('documents'), ...routesFor('rows')];
}
