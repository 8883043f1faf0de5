// Storage: buckets (from the seed or `POST /storage/buckets`) and files in them, as Appwrite's REST API
// serves them: multipart upload with `fileId` and `file` (chunked like the SDKs: 5 MB parts with
// `Content-Range: bytes a-b/total` and `x-appwrite-id` on the later parts, which may come in any order),
// get, download, delete.
// Permissions: an API key sees everything; a user needs the bucket's (or, with fileSecurity, the file's)
// permission, else the file does not exist for them (Appwrite answers 404, not 401).
import { createHash } from 'node:crypto';
import { AppwriteError, invalidParam } from './errors.ts';
import { customId, json, noContent, now, optBoolean, optString, raw, reqString, type Ctx, type Emulator, type Route } from './context.ts';
import { allows, normalisePermissions, rolesOf } from './permissions.ts';
import type { SeedBucket } from './types.ts';
import { iso, uniqueId } from './util.ts';

const BUCKETS = 'buckets';
const fileKind = (bucketId: string) => `file:${bucketId}`;
/** Appwrite's upload chunk (APP_STORAGE_CHUNK_SIZE). */
export const CHUNK_SIZE = 5 * 1024 * 1024;
const DEFAULT_MAX = 30_000_000;

interface BucketRecord {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  name: string;
  fileSecurity: boolean;
  enabled: boolean;
  maximumFileSize: number;
  allowedFileExtensions: string[];
}

interface FileRecord {
  $id: string;
  bucketId: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  name: string;
  mimeType: string;
  sizeOriginal: number;
  chunksTotal: number;
  chunksUploaded: number;
  /** The bytes, base64, once every part is in. */
  data: string;
  /** Parts received so far by index (base64), until the last one comes. */
  parts?: Record<number, string>;
}

const bucketModel = (b: BucketRecord, totalSize: number) => ({
  ...b,
  compression: 'none',
  encryption: false,
  antivirus: false,
  transformations: false,
  totalSize,
});

const fileModel = (f: FileRecord) => {
  const { data, parts: _parts, ...rest } = f;
  return { ...rest, signature: createHash('md5').update(Buffer.from(data, 'base64')).digest('hex'), encryption: false, compression: 'none' };
};

function insertBucket(emu: Emulator, project: string, seed: SeedBucket, at: string): BucketRecord {
  const bucket: BucketRecord = {
    $id: seed.id,
    $createdAt: at,
    $updatedAt: at,
    $permissions: normalisePermissions(seed.permissions ?? [], ['read', 'create', 'update', 'delete', 'write']),
    name: seed.name,
    fileSecurity: seed.fileSecurity ?? false,
    enabled: true,
    maximumFileSize: seed.maximumFileSize ?? DEFAULT_MAX,
    allowedFileExtensions: seed.allowedFileExtensions ?? [],
  };
  emu.store.insert(project, BUCKETS, bucket.$id, () => bucket);
  return bucket;
}

/** The seed's buckets, made once per project. */
export function seedBuckets(emu: Emulator, project: string): void {
  for (const b of emu.seed.buckets ?? []) {
    if (!emu.store.get(project, BUCKETS, b.id)) insertBucket(emu, project, b, iso(emu.clock()));
  }
}

function bucketOf(ctx: Ctx): BucketRecord {
  const b = ctx.emu.store.get<BucketRecord>(ctx.project, BUCKETS, ctx.params.bucketId!);
  if (!b || (ctx.auth.role !== 'applications' && !b.enabled)) throw new AppwriteError('storage_bucket_not_found');
  return b;
}

function mayRead(ctx: Ctx, bucket: BucketRecord, file: FileRecord): boolean {
  if (ctx.auth.role === 'applications') return true;
  const roles = rolesOf(ctx.auth);
  return allows(bucket.$permissions, 'read', roles) || (bucket.fileSecurity && allows(file.$permissions, 'read', roles));
}

function fileOf(ctx: Ctx, bucket: BucketRecord): FileRecord {
  const f = ctx.emu.store.get<FileRecord>(ctx.project, fileKind(bucket.$id), ctx.params.fileId!);
  if (!f || f.chunksUploaded < f.chunksTotal || !mayRead(ctx, bucket, f)) throw new AppwriteError('storage_file_not_found');
  return f;
}

const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/;

async function upload(ctx: Ctx) {
  const bucket = bucketOf(ctx);
  if (ctx.auth.role !== 'applications' && !allows(bucket.$permissions, 'create', rolesOf(ctx.auth))) {
    throw new AppwriteError('user_unauthorized', 'The current user is not authorized to perform the requested action.');
  }
  const file = raw(ctx, 'file');
  if (!(file instanceof File)) throw new AppwriteError('storage_invalid_file');
  const range = ctx.req.headers['content-range'];
  const chunkId = ctx.req.headers['x-appwrite-id'];
  let fileId = typeof chunkId === 'string' && chunkId ? chunkId : customId(ctx, 'fileId');
  if (fileId === 'unique()') fileId = uniqueId(now(ctx));
  const bytes = Buffer.from(await file.arrayBuffer());
  let start = 0;
  let total = bytes.byteLength;
  if (typeof range === 'string') {
    const m = CONTENT_RANGE.exec(range);
    if (!m || Number(m[2]) - Number(m[1]) + 1 !== bytes.byteLength || Number(m[2]) >= Number(m[3])) throw new AppwriteError('storage_invalid_content_range');
    start = Number(m[1]);
    total = Number(m[3]);
  }
  if (total > bucket.maximumFileSize) throw new AppwriteError('storage_invalid_file_size');
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (bucket.allowedFileExtensions.length && !bucket.allowedFileExtensions.includes(ext)) throw new AppwriteError('storage_file_type_unsupported');
  const permissions = normalisePermissions(raw(ctx, 'permissions') ?? [], ['read', 'update', 'delete', 'write']);
  const kind = fileKind(bucket.$id);
  const at = iso(now(ctx));
  const existing = ctx.emu.store.get<FileRecord>(ctx.project, kind, fileId);
  const chunksTotal = Math.max(1, Math.ceil(total / CHUNK_SIZE));
  // Parts may come in any order (the SDKs send up to 8 at once): each is kept by its index until all are in.
  const index = start / CHUNK_SIZE;
  if (!Number.isInteger(index) || start + bytes.byteLength !== Math.min(start + CHUNK_SIZE, total)) throw new AppwriteError('storage_invalid_content_range');
  if (existing && (existing.chunksUploaded >= existing.chunksTotal || existing.sizeOriginal !== total || existing.parts?.[index] !== undefined)) {
    throw new AppwriteError('storage_file_already_exists');
  }
  const base: FileRecord = existing ?? {
    $id: fileId,
    bucketId: bucket.$id,
    $createdAt: at,
    $updatedAt: at,
    $permissions: permissions,
    name: file.name,
    mimeType: file.type || 'application/octet-stream',
    sizeOriginal: total,
    chunksTotal,
    chunksUploaded: 0,
    data: '',
    parts: {},
  };
  const parts = { ...base.parts, [index]: bytes.toString('base64') };
  const done = Object.keys(parts).length === chunksTotal;
  const record: FileRecord = {
    ...base,
    $updatedAt: at,
    chunksUploaded: Object.keys(parts).length,
    // The first part names the type when a later one carries none.
    mimeType: base.mimeType === 'application/octet-stream' && file.type ? file.type : base.mimeType,
    ...(done
      ? { data: Buffer.concat(Array.from({ length: chunksTotal }, (_, i) => Buffer.from(parts[i]!, 'base64'))).toString('base64'), parts: undefined }
      : { parts }),
  };
  if (existing) ctx.emu.store.update(ctx.project, kind, fileId, record);
  else ctx.emu.store.insert(ctx.project, kind, fileId, () => record);
  return json(fileModel(record), 201);
}

export function storageRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/storage/buckets',
      scope: 'buckets.write',
      handler: (ctx) => {
        const id = customId(ctx, 'bucketId');
        const bucketId = id === 'unique()' ? uniqueId(now(ctx)) : id;
        if (ctx.emu.store.get(ctx.project, BUCKETS, bucketId)) throw new AppwriteError('storage_bucket_already_exists');
        const max = raw(ctx, 'maximumFileSize');
        if (max !== undefined && (typeof max !== 'number' || !Number.isInteger(max) || max < 1)) throw invalidParam('maximumFileSize', 'Value must be a valid range between 1 and 30,000,000');
        const exts = raw(ctx, 'allowedFileExtensions');
        if (exts !== undefined && (!Array.isArray(exts) || exts.some((e) => typeof e !== 'string'))) throw invalidParam('allowedFileExtensions', 'Value must a valid array');
        const bucket = insertBucket(ctx.emu, ctx.project, {
          id: bucketId,
          name: reqString(ctx, 'name', 128),
          permissions: (raw(ctx, 'permissions') as string[] | undefined) ?? [],
          fileSecurity: optBoolean(ctx, 'fileSecurity') ?? false,
          maximumFileSize: max as number | undefined,
          allowedFileExtensions: (exts as string[] | undefined)?.map((e) => e.toLowerCase()),
        }, iso(now(ctx)));
        if (optBoolean(ctx, 'enabled') === false) ctx.emu.store.update(ctx.project, BUCKETS, bucketId, { ...bucket, enabled: false });
        return json(bucketModel(ctx.emu.store.get<BucketRecord>(ctx.project, BUCKETS, bucketId)!, 0), 201);
      },
    },
    {
      method: 'GET',
      path: '/storage/buckets/:bucketId',
      scope: 'buckets.read',
      handler: (ctx) => {
        const b = bucketOf(ctx);
        const total = ctx.emu.store.list<FileRecord>(ctx.project, fileKind(b.$id)).reduce((n, f) => n + f.sizeOriginal, 0);
        return json(bucketModel(b, total));
      },
    },
    { method: 'POST', path: '/storage/buckets/:bucketId/files', scope: 'files.write', handler: upload },
    { method: 'GET', path: '/storage/buckets/:bucketId/files/:fileId', scope: 'files.read', handler: (ctx) => json(fileModel(fileOf(ctx, bucketOf(ctx)))) },
    {
      method: 'GET',
      path: '/storage/buckets/:bucketId/files/:fileId/download',
      scope: 'files.read',
      handler: (ctx) => {
        optString(ctx, 'token');
        const f = fileOf(ctx, bucketOf(ctx));
        ctx.headers['Content-Disposition'] = `attachment; filename="${encodeURIComponent(f.name)}"`;
        return { bytes: new Uint8Array(Buffer.from(f.data, 'base64')), type: f.mimeType };
      },
    },
    {
      method: 'DELETE',
      path: '/storage/buckets/:bucketId/files/:fileId',
      scope: 'files.write',
      handler: (ctx) => {
        const bucket = bucketOf(ctx);
        const f = ctx.emu.store.get<FileRecord>(ctx.project, fileKind(bucket.$id), ctx.params.fileId!);
        const roles = rolesOf(ctx.auth);
        const may = ctx.auth.role === 'applications' || allows(bucket.$permissions, 'delete', roles) || (bucket.fileSecurity && !!f && allows(f.$permissions, 'delete', roles));
        if (!f || !may) throw new AppwriteError('storage_file_not_found');
        ctx.emu.store.delete(ctx.project, fileKind(bucket.$id), f.$id);
        return noContent();
      },
    },
  ];
}
