// Creates the product's database in an Appwrite project (shared/appwrite/schema.ts), through Appwrite's
// server REST API with an API key (platform/appwrite.ts, the Worker's client): the database, each collection, its attributes (then waits until Appwrite
// has built them) and its indexes. What exists already is left alone (409 = there = fine), so it is safe to
// run again; what exists but differs from the schema is reported and, with `fix`, repaired where Appwrite
// can change it in place: a collection's permissions and document security (a drift there can open data
// to people who must not read it), an attribute's required flag, default, string size and enum elements.
// Attribute types and indexes are never changed (that would mean deleting them): they stay reported.
import { AppwriteApiError, AppwriteClient, AppwriteUnavailableError } from '../../platform/appwrite.ts';
// Last, every submission record without an inquiry (the staff inbox's index) gets one, with status New.
import { inquiryDocument, receivedActivity } from '../../shared/admin/inquiry.ts';
import { submissionSummary } from '../../shared/appwrite/submissions.ts';
import {
  buckets as productBuckets, COLLECTIONS, submissionCollections, submissionKinds, schema as productSchema, type AttributeSpec, type BucketSpec, type CollectionSpec, type DatabaseSpec, type IndexSpec,
} from '../../shared/appwrite/schema.ts';

const BACKFILL_PAGE = 100;

export interface SetupOptions {
  endpoint: string;
  projectId: string;
  apiKey: string;
  /** Default: the schema's id ("main"). */
  databaseId?: string;
  db?: DatabaseSpec;
  /** Storage buckets; default the product's (shared/appwrite/schema.ts). */
  buckets?: readonly BucketSpec[];
  log?: (line: string) => void;
  /** Repair what Appwrite can change in place (see above) instead of only reporting it. */
  fix?: boolean;
  /** How long to wait for Appwrite to build the attributes of one collection. */
  attributeTimeoutMs?: number;
  pollMs?: number;
}

export interface SetupReport {
  created: string[];
  existing: string[];
  /** Things that exist with other settings than the schema's and are still so (not fixed). */
  differences: string[];
  /** Differences repaired (with `fix`), in the same words. */
  fixed: string[];
  /** Inquiries made for records that had none (the staff inbox's index, docs/decisions/0016). */
  backfilled: number;
}

export class SetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SetupError';
  }
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

type AttributeModel = { key: string; type: string; format?: string; size?: number; required: boolean; array?: boolean; elements?: string[]; status?: string; error?: string };
type CollectionModel = { $permissions: string[]; documentSecurity: boolean; attributes: AttributeModel[]; indexes: { key: string; type: string; attributes: string[] }[] };

/** The REST path and body that create an attribute. */
export function attributeRequest(a: AttributeSpec): { type: string; body: Record<string, unknown> } {
  const body: Record<string, unknown> = { key: a.key, required: a.required };
  if (a.type === 'string') body.size = a.size ?? 255;
  if (a.type === 'enum') body.elements = [...(a.elements ?? [])];
  if (a.min !== undefined) body.min = a.min;
  if (a.max !== undefined) body.max = a.max;
  if (a.default !== undefined && !a.required) body.default = a.default;
  if (a.array) body.array = true;
  return { type: a.type, body };
}

/** What Appwrite's attribute model says for a spec (type and format). */
function expectedModel(a: AttributeSpec): { type: string; format?: string } {
  switch (a.type) {
    case 'email':
    case 'enum':
      return { type: 'string', format: a.type };
    default:
      return { type: a.type };
  }
}

function attributeDifferences(collection: string, a: AttributeSpec, m: AttributeModel): string[] {
  const out: string[] = [];
  const where = `attribute ${collection}.${a.key}`;
  const want = expectedModel(a);
  if (m.type !== want.type || (want.format && m.format !== want.format)) {
    out.push(`${where} is ${m.format ? `${m.type}/${m.format}` : m.type}, the schema says ${want.format ? `${want.type}/${want.format}` : want.type}`);
    return out;
  }
  if (a.type === 'string' && m.size !== a.size) out.push(`${where} has size ${m.size}, the schema says ${a.size}`);
  if (!!m.required !== a.required) out.push(`${where} is ${m.required ? '' : 'not '}required, the schema says ${a.required ? '' : 'not '}required`);
  if (a.type === 'enum') {
    const have = [...(m.elements ?? [])].sort().join(', ');
    const want2 = [...(a.elements ?? [])].sort().join(', ');
    if (have !== want2) out.push(`${where} allows (${have}), the schema says (${want2})`);
  }
  return out;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

export async function setupAppwrite(options: SetupOptions): Promise<SetupReport> {
  const db = options.db ?? productSchema;
  const databaseId = options.databaseId ?? db.id;
  const log = options.log ?? (() => {});
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const pollMs = options.pollMs ?? 500;
  const report: SetupReport = { created: [], existing: [], differences: [], fixed: [], backfilled: 0 };

  // The Worker's client (one place for Appwrite's headers, time limit and errors), with a longer time limit.
  const client = new AppwriteClient({ endpoint, projectId: options.projectId }, { key: options.apiKey }, 20_000);

  /** An Appwrite error answer comes back (its status decides); no answer or no Appwrite JSON stops the setup. */
  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    try {
      return { status: 200, body: (await client.request<Record<string, unknown> | undefined>(method, path, { body })) ?? {} };
    } catch (err) {
      if (err instanceof AppwriteApiError) return { status: err.status, body: { type: err.type, message: err.message } };
      const why = err instanceof Error ? err.message : String(err);
      if (err instanceof AppwriteUnavailableError && err.status !== null) {
        throw new SetupError(`Appwrite at ${endpoint} did not answer ${method} ${path} as Appwrite does: ${why}. Is APPWRITE_ENDPOINT the API endpoint (ending in /v1)?`);
      }
      throw new SetupError(`Could not reach Appwrite at ${endpoint} (${method} ${path}): ${why}. Check APPWRITE_ENDPOINT.`);
    }
  }

  const fail = (what: string, a: Answer): never => {
    const type = String(a.body.type ?? 'unknown');
    const message = String(a.body.message ?? '');
    let hint = '';
    if (a.status === 401 || a.status === 403) hint = ' Check APPWRITE_API_KEY and its scopes (databases, collections, attributes, indexes, buckets and files: read and write).';
    if (type === 'project_not_found') hint = ' Check APPWRITE_PROJECT_ID.';
    throw new SetupError(`Could not ${what}: Appwrite answered HTTP ${a.status} ${type}: ${message}${hint}`);
  };

  /** POST; 2xx = created, 409 = exists; anything else stops the setup. */
  async function create(label: string, path: string, body: unknown): Promise<'created' | 'exists'> {
    const a = await call('POST', path, body);
    if (a.status >= 200 && a.status < 300) {
      report.created.push(label);
      log(`  created  ${label}`);
      return 'created';
    }
    if (a.status === 409) {
      report.existing.push(label);
      log(`  exists   ${label}`);
      return 'exists';
    }
    return fail(`create ${label}`, a);
  }

  const differ = (line: string) => {
    report.differences.push(line);
    log(`  DIFFERS  ${line}`);
  };

  /** Reports the lines; with `fix`, repairs them with one request and reports them as fixed instead. */
  async function repair(lines: string[], what: string, method: string, path: string, body: unknown) {
    if (!lines.length) return;
    if (!options.fix) return lines.forEach(differ);
    const a = await call(method, path, body);
    if (a.status < 200 || a.status >= 300) fail(`fix ${what}`, a);
    for (const line of lines) {
      report.fixed.push(line);
      log(`  FIXED    ${line}`);
    }
  }

  log(`Appwrite ${endpoint}, project ${options.projectId}, database ${databaseId}`);
  await create(`database ${databaseId}`, '/databases', { databaseId, name: db.name });
  const dbPath = `/databases/${encodeURIComponent(databaseId)}`;

  for (const col of db.collections) {
    const colPath = `${dbPath}/collections/${encodeURIComponent(col.id)}`;
    const made = await create(`collection ${col.id}`, `${dbPath}/collections`, {
      collectionId: col.id, name: col.name, permissions: [...col.permissions], documentSecurity: col.documentSecurity,
    });
    let current: CollectionModel | null = null;
    if (made === 'exists') {
      const got = await call('GET', colPath);
      if (got.status !== 200) fail(`read collection ${col.id}`, got);
      current = got.body as unknown as CollectionModel;
      const drift: string[] = [];
      if (!sameSet(current.$permissions ?? [], col.permissions)) {
        drift.push(`collection ${col.id} has permissions [${(current.$permissions ?? []).join(', ')}], the schema says [${col.permissions.join(', ')}]`);
      }
      if (!!current.documentSecurity !== col.documentSecurity) {
        drift.push(`collection ${col.id} has document security ${current.documentSecurity ? 'on' : 'off'}, the schema says ${col.documentSecurity ? 'on' : 'off'}`);
      }
      await repair(drift, `collection ${col.id}`, 'PUT', colPath, {
        name: col.name, permissions: [...col.permissions], documentSecurity: col.documentSecurity,
      });
    }
    await setupAttributes(col, colPath, current);
    await setupIndexes(col, colPath, current);
  }

  // Buckets: made when missing (their limits are the Worker's second line; shared/mail/attachments.ts is the first).
  for (const b of options.buckets ?? productBuckets) {
    await create(`bucket ${b.id}`, '/storage/buckets', {
      bucketId: b.id, name: b.name, permissions: [...b.permissions], fileSecurity: b.fileSecurity, enabled: true,
      maximumFileSize: b.maximumFileSize, allowedFileExtensions: [...b.allowedFileExtensions],
    });
  }

  if (db.collections.some((c) => c.id === COLLECTIONS.inquiries)) await backfillInquiries();

  /**
   * Every record of the seven kinds gets an inquiry (status New, as docs/product.md says of records from
   * before the inbox) and its received event, unless it has one: a page of records at a time (cursor),
   * one query for which of them have an inquiry, then a create each, 409 counting as there. Nothing is
   * changed or deleted, so running it again adds nothing.
   */
  async function backfillInquiries() {
    const docs = (collection: string) => `${dbPath}/collections/${encodeURIComponent(collection)}/documents`;
    const query = (q: Record<string, unknown>[]) => q.map((x, i) => `queries[${i}]=${encodeURIComponent(JSON.stringify(x))}`).join('&');
    for (const kind of submissionKinds) {
      let cursor: string | null = null;
      for (;;) {
        const page: Answer = await call('GET', `${docs(submissionCollections[kind])}?${query([
          { method: 'orderAsc', attribute: '$sequence' }, { method: 'limit', values: [BACKFILL_PAGE] },
          ...(cursor ? [{ method: 'cursorAfter', values: [cursor] }] : []),
        ])}`);
        if (page.status !== 200) fail(`read the ${submissionCollections[kind]} records`, page);
        const records = (page.body.documents ?? []) as Record<string, unknown>[];
        if (!records.length) break;
        const ids = records.map((r) => String(r.$id));
        const have = await call('GET', `${docs(COLLECTIONS.inquiries)}?${query([
          { method: 'equal', attribute: '$id', values: ids }, { method: 'limit', values: [BACKFILL_PAGE] }, { method: 'select', values: ['$id'] },
        ])}`);
        if (have.status !== 200) fail('read the inquiries', have);
        const known = new Set(((have.body.documents ?? []) as { $id: string }[]).map((d) => d.$id));
        for (const record of records) {
          if (known.has(String(record.$id))) continue;
          const summary = submissionSummary(kind, record);
          const inquiry = inquiryDocument({ id: summary.id, kind, submittedAt: summary.submittedAt, fields: summary.fields });
          const received = receivedActivity(inquiry.documentId, inquiry.data.receivedAt);
          for (const [collection, doc] of [[COLLECTIONS.inquiries, inquiry], [COLLECTIONS.leadActivity, received]] as const) {
            const made = await call('POST', docs(collection), { documentId: doc.documentId, data: doc.data });
            if (made.status >= 300 && made.status !== 409) fail(`make the inquiry of ${kind} record ${summary.id}`, made);
          }
          report.backfilled += 1;
        }
        cursor = ids[ids.length - 1] ?? null;
        if (records.length < BACKFILL_PAGE) break;
      }
    }
    if (report.backfilled) log(`  backfilled ${report.backfilled} inquiries (status New) for records that had none`);
  }

  async function setupAttributes(col: CollectionSpec, colPath: string, current: CollectionModel | null) {
    for (const a of col.attributes) {
      const existing = current?.attributes?.find((m) => m.key === a.key);
      const label = `attribute ${col.id}.${a.key}`;
      if (existing) {
        report.existing.push(label);
        log(`  exists   ${label}`);
        await checkAttribute(col, colPath, a, existing);
        continue;
      }
      const { type, body } = attributeRequest(a);
      const made = await create(label, `${colPath}/attributes/${type}`, body);
      if (made === 'exists') {
        const got = await call('GET', `${colPath}/attributes/${encodeURIComponent(a.key)}`);
        if (got.status === 200) await checkAttribute(col, colPath, a, got.body as unknown as AttributeModel);
      }
    }
    // Appwrite builds attributes in the background; an index needs them "available".
    const until = Date.now() + (options.attributeTimeoutMs ?? 120_000);
    for (;;) {
      const got = await call('GET', `${colPath}/attributes`);
      if (got.status !== 200) fail(`list the attributes of ${col.id}`, got);
      const models = (got.body.attributes ?? []) as AttributeModel[];
      const ours = models.filter((m) => col.attributes.some((a) => a.key === m.key));
      const broken = ours.find((m) => m.status === 'failed' || m.status === 'stuck');
      if (broken) throw new SetupError(`Appwrite could not build attribute ${col.id}.${broken.key} (status ${broken.status}): ${broken.error ?? ''}`);
      if (ours.every((m) => m.status === undefined || m.status === 'available')) return;
      if (Date.now() > until) throw new SetupError(`The attributes of ${col.id} were still being built after ${(options.attributeTimeoutMs ?? 120_000) / 1000} s; run the setup again later.`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  /** A type mismatch is only reported; the rest can be repaired with Appwrite's update-attribute call. */
  async function checkAttribute(col: CollectionSpec, colPath: string, a: AttributeSpec, model: AttributeModel) {
    const lines = attributeDifferences(col.id, a, model);
    const want = expectedModel(a);
    const sameType = model.type === want.type && (!want.format || model.format === want.format);
    if (!sameType) return lines.forEach(differ);
    const { type, body } = attributeRequest(a);
    // Appwrite's update call takes `default` always (null for none) and never `key` or `array`.
    const { key: _key, array: _array, min: _min, max: _max, ...update } = body;
    await repair(lines, `attribute ${col.id}.${a.key}`, 'PATCH', `${colPath}/attributes/${type}/${encodeURIComponent(a.key)}`, {
      ...update, default: update.default ?? null,
    });
  }

  async function setupIndexes(col: CollectionSpec, colPath: string, current: CollectionModel | null) {
    for (const index of col.indexes) {
      const label = `index ${col.id}.${index.key}`;
      const existing = current?.indexes?.find((i) => i.key === index.key);
      const check = (m: { type: string; attributes: string[] }) => {
        if (m.type !== index.type || m.attributes.join(',') !== index.attributes.join(',')) {
          differ(`${label} is ${m.type} on (${m.attributes.join(', ')}), the schema says ${index.type} on (${index.attributes.join(', ')})`);
        }
      };
      if (existing) {
        report.existing.push(label);
        log(`  exists   ${label}`);
        check(existing);
        continue;
      }
      const made = await create(label, `${colPath}/indexes`, indexBody(index));
      if (made === 'exists') {
        const got = await call('GET', `${colPath}/indexes/${encodeURIComponent(index.key)}`);
        if (got.status === 200) check(got.body as unknown as { type: string; attributes: string[] });
      }
    }
  }

  return report;
}

export function indexBody(index: IndexSpec): Record<string, unknown> {
  return { key: index.key, type: index.type, attributes: [...index.attributes], ...(index.orders ? { orders: [...index.orders] } : {}) };
}
