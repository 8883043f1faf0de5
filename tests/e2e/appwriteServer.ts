import { expect } from '@playwright/test';
import { LOCAL_API_KEY } from '../../scripts/lib/appwrite-seed.ts';
import { LOCAL_APPWRITE_PROJECT } from '../../scripts/lib/emulators.ts';

/**
 * Appwrite's REST API with the local server key, straight to a site's Appwrite stand-in (`endpoint`:
 * http://localhost:PORT/v1), for browser tests that arrange or inspect data behind the product's back.
 * A call that must succeed: the test fails with Appwrite's answer otherwise.
 */
export const appwriteServer = (endpoint: string) => async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${endpoint}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Appwrite-Project': LOCAL_APPWRITE_PROJECT, 'X-Appwrite-Key': LOCAL_API_KEY },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
};

/** The id of the lead from `email`, once the queue has recorded it (polled). */
export async function leadIdByEmail(server: ReturnType<typeof appwriteServer>, email: string): Promise<string> {
  const q = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'email', values: [email] }));
  let id = '';
  await expect.poll(async () => {
    id = ((await server('GET', `/databases/main/collections/inquiries/documents?queries[0]=${q}`)) as { documents: { $id: string }[] }).documents[0]?.$id ?? '';
    return id;
  }, { timeout: 20_000 }).not.toBe('');
  return id;
}
