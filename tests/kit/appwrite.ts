// Appwrite's REST API with a server key, for tests that arrange or inspect data behind the product's back:
// the product's own client (platform/appwrite.ts), so headers, queries and errors are made one way.
import { expect } from 'vitest';
import { AppwriteClient } from '../../platform/appwrite.ts';

export interface AppwriteAdminSettings {
  /** http://localhost:PORT/v1 */
  endpoint: string;
  projectId: string;
  apiKey: string;
}

export type Answer = { status: number; body: Record<string, unknown> };

export function appwriteAdmin(settings: AppwriteAdminSettings) {
  const client = new AppwriteClient(settings, { key: settings.apiKey });
  /** Any answer, as it came: the status and the JSON body ({} when empty). */
  async function answer(method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await client.exchange(method, path, { body });
    return { status: res.status, body: (res.body ?? {}) as Record<string, unknown> };
  }
  return {
    client,
    answer,
    /** A call that must succeed (the test fails with Appwrite's answer otherwise); its JSON body. */
    async ok(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
      const res = await answer(method, path, body);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    },
  };
}
