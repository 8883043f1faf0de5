import type { AppConfig } from './config.ts';
import { PROFILES_COLLECTION } from '../shared/appwrite/schema.ts';
import type { FindProfile, ProfileDocument, RoleStore } from '../shared/appwrite/roles.ts';

// A small typed client for Appwrite's REST API, for the Worker and the scripts (the `appwrite` package is a
// browser SDK; why not node-appwrite: docs/decisions/0015).
// Two ways to authenticate: the server API key (X-Appwrite-Key, a Worker secret) and a user's JWT
// (X-Appwrite-JWT, sent by the SPA from account.createJWT). Failures are one of two errors:
// AppwriteApiError (Appwrite answered {message, code, type}) or AppwriteUnavailableError (no answer,
// timeout, 5xx, or something that is not Appwrite's JSON).

/** Appwrite's JSON-encoded query: `{"method":"equal","attribute":"userId","values":["x"]}`. */
export interface Query {
  method: string;
  attribute?: string;
  values?: unknown[];
}

export const Q = {
  equal: (attribute: string, value: string | number | boolean): Query => ({ method: 'equal', attribute, values: [value] }),
  /** `equal` with several values: any of them. */
  equalAny: (attribute: string, values: readonly (string | number | boolean)[]): Query => ({ method: 'equal', attribute, values: [...values] }),
  isNull: (attribute: string): Query => ({ method: 'isNull', attribute }),
  /** An array attribute (a user's labels) that holds any of the values. */
  contains: (attribute: string, values: readonly string[]): Query => ({ method: 'contains', attribute, values: [...values] }),
  greaterThanEqual: (attribute: string, value: string | number): Query => ({ method: 'greaterThanEqual', attribute, values: [value] }),
  lessThan: (attribute: string, value: string | number): Query => ({ method: 'lessThan', attribute, values: [value] }),
  search: (attribute: string, value: string): Query => ({ method: 'search', attribute, values: [value] }),
  limit: (n: number): Query => ({ method: 'limit', values: [n] }),
  orderDesc: (attribute: string): Query => ({ method: 'orderDesc', attribute }),
  orderAsc: (attribute: string): Query => ({ method: 'orderAsc', attribute }),
  cursorAfter: (documentId: string): Query => ({ method: 'cursorAfter', values: [documentId] }),
  cursorBefore: (documentId: string): Query => ({ method: 'cursorBefore', values: [documentId] }),
  select: (attributes: readonly string[]): Query => ({ method: 'select', values: [...attributes] }),
};
export interface AppwriteDocument {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  [attribute: string]: unknown;
}

export interface DocumentList {
  total: number;
  documents: AppwriteDocument[];
}

/** The parts of Appwrite's User and Account models the Worker reads. */
export interface AppwriteUser {
  $id: string;
  email: string;
  name: string;
  emailVerification: boolean;
  status: boolean;
  labels: string[];
  /** When the account was made; what its profile is bound to (shared/appwrite/roles.ts). */
  registration: string;
}

// Fields are declared, not constructor parameter properties: the scripts import this module into Node,
// which only strips types.
export class AppwriteApiError extends Error {
  readonly status: number;
  readonly type: string;
  constructor(status: number, type: string, message: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.name = 'AppwriteApiError';
  }
}

export class AppwriteUnavailableError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
    this.name = 'AppwriteUnavailableError';
  }
}

export interface AppwriteSettings {
  endpoint: string;
  projectId: string;
  databaseId: string;
  apiKey: string | null;
}

/** Appwrite as configured; null when accounts are not configured (no endpoint or project). */
export function appwriteSettings(config: AppConfig): AppwriteSettings | null {
  if (!config.APPWRITE_ENDPOINT || !config.APPWRITE_PROJECT_ID) return null;
  return {
    endpoint: config.APPWRITE_ENDPOINT,
    projectId: config.APPWRITE_PROJECT_ID,
    databaseId: config.APPWRITE_DATABASE_ID,
    apiKey: config.APPWRITE_API_KEY,
  };
}

const TIMEOUT_MS = 8_000;

type Auth = { key: string } | { jwt: string };

export class AppwriteClient {
  private readonly settings: Pick<AppwriteSettings, 'endpoint' | 'projectId'>;
  private readonly auth: Auth;
  private readonly timeoutMs: number;
  constructor(settings: Pick<AppwriteSettings, 'endpoint' | 'projectId'>, auth: Auth, timeoutMs = TIMEOUT_MS) {
    this.settings = settings;
    this.auth = auth;
    this.timeoutMs = timeoutMs;
  }

  /**
   * One call and Appwrite's answer as it came: the status and the parsed JSON (null when empty, undefined
   * when not JSON). Throws AppwriteUnavailableError only when no answer came. `request` reads it for the
   * product; tests read it to see the statuses (tests/kit/appwrite.ts).
   */
  async exchange(method: string, path: string, options: RequestOptions = {}): Promise<{ status: number; text: string; body: unknown }> {
    const res = await this.send(method, path, options);
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = undefined;
    }
    return { status: res.status, text, body };
  }

  /** The HTTP exchange itself; AppwriteUnavailableError when no answer came. */
  private async send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const url = new URL(`${this.settings.endpoint}${path}`);
    for (const [i, q] of (options.queries ?? []).entries()) url.searchParams.append(`queries[${i}]`, JSON.stringify(q));
    const headers: Record<string, string> = { 'X-Appwrite-Project': this.settings.projectId, Accept: 'application/json', ...options.headers };
    if ('key' in this.auth) headers['X-Appwrite-Key'] = this.auth.key;
    else headers['X-Appwrite-JWT'] = this.auth.jwt;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await fetch(url, {
        method,
        headers,
        // A FormData body sets its own multipart Content-Type.
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new AppwriteUnavailableError(`Appwrite request failed (${method} ${path}): ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const { status, text, body } = await this.exchange(method, path, options);
    if (status >= 500) {
      throw new AppwriteUnavailableError(`Appwrite answered HTTP ${status} (${method} ${path}): ${text.slice(0, 200)}`, status);
    }
    if (status < 200 || status >= 300) {
      const e = (body ?? {}) as { message?: unknown; type?: unknown };
      if (typeof e.type !== 'string') {
        throw new AppwriteUnavailableError(`Appwrite answered HTTP ${status} without an Appwrite error (${method} ${path}): ${text.slice(0, 200)}`, status);
      }
      throw new AppwriteApiError(status, e.type, typeof e.message === 'string' ? e.message : `HTTP ${status}`);
    }
    if (status === 204) return undefined as T;
    if (body === undefined) throw new AppwriteUnavailableError(`Appwrite answered HTTP ${status} with something that is not JSON (${method} ${path})`, status);
    return body as T;
  }

  /** GET /account: the user the JWT belongs to. */
  account(): Promise<AppwriteUser> {
    return this.request<AppwriteUser>('GET', '/account');
  }

  /** GET /users/{userId} (server key, scope users.read). */
  user(userId: string): Promise<AppwriteUser> {
    return this.request<AppwriteUser>('GET', `/users/${encodeURIComponent(userId)}`);
  }

  listDocuments(databaseId: string, collectionId: string, queries: Query[] = []): Promise<DocumentList> {
    return this.request<DocumentList>('GET', `${collectionPath(databaseId, collectionId)}/documents`, { queries });
  }

  createDocument(databaseId: string, collectionId: string, documentId: string, data: Record<string, unknown>, permissions?: string[]): Promise<AppwriteDocument> {
    return this.request<AppwriteDocument>('POST', `${collectionPath(databaseId, collectionId)}/documents`, {
      body: { documentId, data, ...(permissions ? { permissions } : {}) },
    });
  }

  /** GET one document, or null when Appwrite says it does not exist. */
  async findDocument(databaseId: string, collectionId: string, documentId: string): Promise<AppwriteDocument | null> {
    try {
      return await this.request<AppwriteDocument>('GET', `${collectionPath(databaseId, collectionId)}/documents/${encodeURIComponent(documentId)}`);
    } catch (err) {
      if (err instanceof AppwriteApiError && err.status === 404) return null;
      throw err;
    }
  }

  updateDocument(databaseId: string, collectionId: string, documentId: string, data: Record<string, unknown>): Promise<AppwriteDocument> {
    return this.request<AppwriteDocument>('PATCH', `${collectionPath(databaseId, collectionId)}/documents/${encodeURIComponent(documentId)}`, { body: { data } });
  }

  /**
   * POST /storage/buckets/{bucketId}/files (scope files.write), in parts of 5 MB as Appwrite's SDKs send
   * them (Content-Range, and x-appwrite-id on the later parts). Permissions: none (server key only).
   */
  async createFile(bucketId: string, fileId: string, file: { name: string; type: string; bytes: Uint8Array }): Promise<AppwriteFile> {
    const total = file.bytes.byteLength;
    let result: AppwriteFile | undefined;
    for (let start = 0; start < total || start === 0; start += UPLOAD_CHUNK) {
      const end = Math.min(start + UPLOAD_CHUNK, total);
      const form = new FormData();
      form.append('fileId', fileId);
      form.append('file', new File([new Uint8Array(file.bytes.subarray(start, end))], file.name, { type: file.type }));
      const headers: Record<string, string> = {};
      if (total > UPLOAD_CHUNK) headers['Content-Range'] = `bytes ${start}-${end - 1}/${total}`;
      if (start > 0) headers['x-appwrite-id'] = fileId;
      result = await this.request<AppwriteFile>('POST', `${filesPath(bucketId)}`, { form, headers });
      if (total === 0) break;
    }
    return result!;
  }

  /** GET …/files/{fileId} (scope files.read), or null when there is no such file. */
  async getFile(bucketId: string, fileId: string): Promise<AppwriteFile | null> {
    try {
      return await this.request<AppwriteFile>('GET', `${filesPath(bucketId)}/${encodeURIComponent(fileId)}`);
    } catch (err) {
      if (err instanceof AppwriteApiError && err.status === 404) return null;
      throw err;
    }
  }

  /** GET …/files/{fileId}/download (scope files.read): the bytes as stored, or null when there is no such file. */
  async downloadFile(bucketId: string, fileId: string): Promise<ArrayBuffer | null> {
    const path = `${filesPath(bucketId)}/${encodeURIComponent(fileId)}/download`;
    const res = await this.send('GET', path, {});
    if (res.ok) return res.arrayBuffer();
    if (res.status === 404) return null;
    const text = await res.text().catch(() => '');
    throw new AppwriteUnavailableError(`Appwrite answered HTTP ${res.status} (GET ${path}): ${text.slice(0, 200)}`, res.status);
  }

  /** DELETE …/files/{fileId} (scope files.write); a file already gone counts as deleted. */
  async deleteFile(bucketId: string, fileId: string): Promise<void> {
    try {
      await this.request('DELETE', `${filesPath(bucketId)}/${encodeURIComponent(fileId)}`);
    } catch (err) {
      if (err instanceof AppwriteApiError && err.status === 404) return;
      throw err;
    }
  }
}

interface RequestOptions {
  queries?: Query[];
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

/** Appwrite's upload part (its SDKs' chunk size). */
const UPLOAD_CHUNK = 5 * 1024 * 1024;

/** The parts of Appwrite's File model the Worker reads. */
export interface AppwriteFile {
  $id: string;
  bucketId: string;
  name: string;
  mimeType: string;
  sizeOriginal: number;
  chunksTotal: number;
  chunksUploaded: number;
}

const filesPath = (bucketId: string) => `/storage/buckets/${encodeURIComponent(bucketId)}/files`;

const collectionPath = (databaseId: string, collectionId: string) =>
  `/databases/${encodeURIComponent(databaseId)}/collections/${encodeURIComponent(collectionId)}`;

/** The server's client (API key). */
export const serverClient = (settings: AppwriteSettings & { apiKey: string }) => new AppwriteClient(settings, { key: settings.apiKey });

/** A client acting as the user whose JWT this is. */
export const jwtClient = (settings: AppwriteSettings, jwt: string) => new AppwriteClient(settings, { jwt });

/** Profiles, read and written with the server key, for shared/appwrite/roles.ts. */
export function profileStore(client: AppwriteClient, databaseId: string, onError?: (error: unknown) => void): RoleStore {
  // A handful is plenty: one address has at most a few stale profiles, and the oldest claimable one wins.
  const find: FindProfile = async (field, value) => {
    const list = await client.listDocuments(databaseId, PROFILES_COLLECTION, [Q.equal(field, value), Q.orderAsc('$createdAt'), Q.limit(25)]);
    return list.documents as ProfileDocument[];
  };
  return {
    find,
    update: (documentId, data) => client.updateDocument(databaseId, PROFILES_COLLECTION, documentId, data),
    // The profile's id is the account id (so the second lookup finds it too); only its user may read it.
    create: (p) => client.createDocument(databaseId, PROFILES_COLLECTION, p.userId, p, [`read("user:${p.userId}")`]),
    onError,
  };
}
