import { describe, expect, it } from 'vitest';
import { expectApiError } from '../kit/errors.ts';
import { workerApi } from '../kit/worker.ts';
import { accounts } from './appwrite-helpers.ts';

// The test kit's typed client (tests/kit/worker.ts) against the real Worker: the same AppType as the SPA's.

describe('workerApi', () => {
  it('calls the Worker through its typed routes, signed in or not', async () => {
    const res = await workerApi({ jwt: accounts.admin.jwt }).me.$get();
    expect(res.status).toBe(200);
    const me = await res.json();
    expect(me).toMatchObject({ role: 'admin' });
    await expectApiError(await workerApi().me.$get(), 401, 'unauthenticated');
  });

  it('knows only the routes the Worker has', () => {
    const api = workerApi();
    // @ts-expect-error no such route: a renamed or removed route fails tsc here
    expect(api.nope).toBeDefined();
  });
});
