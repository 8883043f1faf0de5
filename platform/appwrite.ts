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
  async exchange(method: string, path: string, options: { queries?: Query[]; body?: unknown } = {}): Promise<{ status: number; text: string; body: unknown }> {
    const url = new URL(`${this.settings.endpoint}${path}`);
    for (const [i, q] of (options.queries ?? []).entries()) url.searchParams.append(`queries[${i}]`, JSON.stringify(q));
    const headers: Record<string, string> = { 'X-Appwrite-Project': this.settings.projectId, Accept: 'application/json' };
    if ('key' in this.auth) headers['X-Appwrite-Key'] = this.auth.key;
    else headers['X-Appwrite-JWT'] = this.auth.jwt;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';

    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new AppwriteUnavailableError(`Appwrite request failed (${method} ${path}): ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = undefined;
    }
    return { status: res.status, text, body };
  }

  async request<T>(method: string, path: string, options: { queries?: Query[]; body?: unknown } = {}): Promise<T> {
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

  updateDocument(databaseId: string, collectionId: string, documentId: string, data: Record<string, unknown>): Promise<AppwriteDocument> {
    return this.request<AppwriteDocument>('PATCH', `${collectionPath(databaseId, collectionId)}/documents/${encodeURIComponent(documentId)}`, { body: { data } });
  }
}

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
