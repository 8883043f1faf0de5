import type { AppwritePublicConfig } from '../../shared/config.ts';

// The appwrite web SDK, loaded on demand (it is about 40 KB gzipped and must never be part of a page's
// first load; docs/architecture.md §12 budgets). One client per endpoint and project.
export type Sdk = typeof import('appwrite');
export interface AppwriteHandle {
  sdk: Sdk;
  client: InstanceType<Sdk['Client']>;
  account: InstanceType<Sdk['Account']>;
  config: AppwritePublicConfig;
}

let cached: { key: string; promise: Promise<AppwriteHandle> } | null = null;

export const loadSdk = (): Promise<Sdk> => import('appwrite');

export function appwrite(config: AppwritePublicConfig): Promise<AppwriteHandle> {
  const key = `${config.endpoint} ${config.projectId}`;
  if (cached?.key === key) return cached.promise;
  const promise = loadSdk().then((sdk) => {
    const client = new sdk.Client().setEndpoint(config.endpoint).setProject(config.projectId);
    return { sdk, client, account: new sdk.Account(client), config };
  });
  // A failed load (offline) is tried again next time.
  promise.catch(() => {
    if (cached?.promise === promise) cached = null;
  });
  cached = { key, promise };
  return promise;
}
