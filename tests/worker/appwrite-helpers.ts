import { exports } from 'cloudflare:workers';
import { inject } from 'vitest';
import type { AppwriteTestContext } from './provided.d.ts';
import { appwriteAdmin } from '../kit/appwrite.ts';

// Shared by the /api/me, /api/admin and Appwrite delivery tests: the Appwrite emulator started by
// global-setup.ts (seeded with the product's schema and the test accounts), and calls through the real Worker.

export const appwrite: AppwriteTestContext = inject('appwriteTest');
export const accounts = appwrite.accounts;

let ip = 0;
/** A client address of its own per call, so that tests do not share a rate-limit budget. */
export const freshIp = () => `203.0.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;

/** A request to the Worker, with `Authorization: Bearer <jwt>` when a JWT is given. */
export function callApi(path: string, options: { jwt?: string; method?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {}) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': options.ip ?? freshIp(), ...options.headers };
  if (options.jwt) headers.Authorization = `Bearer ${options.jwt}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return exports.default.fetch(`http://localhost${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
}

/** Appwrite's REST API with the server key, straight to the emulator (not through the Worker). */
export const appwriteRest = appwriteAdmin({ endpoint: appwrite.endpoint, projectId: appwrite.projectId, apiKey: appwrite.apiKey }).answer;

export const documentPath = (collectionId: string, documentId?: string) =>
  `/databases/${appwrite.databaseId}/collections/${collectionId}/documents${documentId ? `/${documentId}` : ''}`;

/** The profile documents whose `field` equals `value`. */
export async function profilesWhere(field: string, value: string) {
  const q = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: field, values: [value] }));
  const res = await appwriteRest('GET', `${documentPath('users')}?queries[0]=${q}`);
  return res.body.documents as Record<string, unknown>[];
}
