import { expect } from 'vitest';
import { appwriteAdmin } from '../kit/appwrite.ts';
import type { PeopleResponse } from '../../functions/admin/index.ts';
import { uniqueId } from '../../shared/id.ts';
import { accounts, appwrite, callApi, documentPath } from './appwrite-helpers.ts';

// People and roles in the admin area's Worker tests (tests/worker/admin-team.test.ts, admin-roles.test.ts):
// fresh accounts signed up as a visitor would, Appwrite's REST API in any project, and the role routes.

export async function body<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export { expectApiError as expectError } from '../kit/errors.ts';

export interface Fresh { id: string; email: string; jwt: string }

/** Appwrite's REST API with the server key, in any project (the Worker tests' project by default); the call must succeed. */
export const rest = (method: string, path: string, data?: unknown, project = appwrite.projectId) =>
  appwriteAdmin({ endpoint: appwrite.endpoint, projectId: project, apiKey: appwrite.apiKey }).ok(method, path, data);

/** Signs up as a visitor would (POST /account, choosing the account id), and a JWT of the account. */
export async function signUp(id: string, email: string, name: string, project = appwrite.projectId): Promise<Fresh> {
  const signedUp = await fetch(`${appwrite.endpoint}/account`, {
    method: 'POST',
    headers: { 'X-Appwrite-Project': project, 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: id, email, password: 'fresh-account-password', name }),
  });
  expect(signedUp.status, await signedUp.clone().text()).toBe(201);
  const session = await rest('POST', `/users/${id}/sessions`, undefined, project);
  const jwt = await fetch(`${appwrite.endpoint}/account/jwts`, {
    method: 'POST',
    headers: { 'X-Appwrite-Project': project, 'X-Appwrite-Session': String(session.secret), 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(jwt.status, await jwt.clone().text()).toBe(201);
  return { id, email, jwt: ((await jwt.json()) as { jwt: string }).jwt };
}

/**
 * A new account (signed up as a visitor would), optionally with a profile role written straight into
 * Appwrite (as an operator would, unbound: the Worker binds it at the first lookup), and a JWT of its own.
 */
export async function newAccount(tag: string, role?: 'admin' | 'moderator', project = appwrite.projectId): Promise<Fresh> {
  const id = `t-${tag}-${uniqueId().slice(-8)}`;
  const email = `${id}@worker.test`;
  const fresh = await signUp(id, email, `Fresh ${tag}`, project);
  if (role) {
    await rest('POST', documentPath('users'), { documentId: id, data: { userId: id, email, role }, permissions: [`read("user:${id}")`] }, project);
    await rest('PUT', `/users/${id}/labels`, { labels: [role] }, project);
  }
  return fresh;
}

export const labelsOf = async (id: string, project = appwrite.projectId) => (await rest('GET', `/users/${id}`, undefined, project)).labels as string[];
export const setRole = (userId: string, role: string, jwt = accounts.admin.jwt) => callApi(`/api/admin/users/${userId}/role`, { method: 'PATCH', jwt, body: { role } });
export const people = async (query: string, jwt = accounts.moderator.jwt) => body<PeopleResponse>(await callApi(`/api/admin/users${query}`, { jwt }), 200);

