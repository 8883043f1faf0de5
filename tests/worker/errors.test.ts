import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppwriteApiError, AppwriteUnavailableError } from '../../platform/appwrite.ts';
import type { AppEnv } from '../../functions/env.ts';
import { ApiRefusal } from '../../functions/errors.ts';
import { apiOnError, requestContext } from '../../functions/pipeline.ts';
import type { ApiError } from '../../shared/api.ts';
import { accounts, appwrite } from './appwrite-helpers.ts';

// Handlers throw; the API's one onError (functions/pipeline.ts) answers with the ApiError shape and the
// status of the failure, and logs the route it happened on (docs/decisions/0013).

afterEach(() => vi.restoreAllMocks());

/** The error lines the request logged, parsed. */
function errorLines() {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => spy.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
}

const failing = (err: () => unknown) => new Hono<AppEnv>()
  .use('*', requestContext)
  .get('/things/:id', () => { throw err(); })
  .onError(apiOnError);

async function answer(err: () => unknown) {
  const res = await failing(err).request('/things/42', {}, env);
  return { res, body: (await res.json()) as ApiError };
}

describe('the API onError', () => {
  it('maps an unreachable Appwrite to 503 accounts_unreachable, with Retry-After, and logs the route', async () => {
    const lines = errorLines();
    const { res, body } = await answer(() => new AppwriteUnavailableError('Appwrite request failed: connection refused'));
    expect(res.status).toBe(503);
    expect(body).toEqual({ error: 'accounts_unreachable', message: expect.any(String) });
    expect(res.headers.get('Retry-After')).toBe('30');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(lines()).toContainEqual(expect.objectContaining({ event: 'appwrite.unavailable', what: 'GET /things/:id' }));
  });

  it('maps an Appwrite answer we cannot use to 502 accounts_error, logging its type and the route', async () => {
    const lines = errorLines();
    const { res, body } = await answer(() => new AppwriteApiError(401, 'general_unauthorized_scope', 'missing scope'));
    expect(res.status).toBe(502);
    expect(body.error).toBe('accounts_error');
    expect(lines()).toContainEqual(expect.objectContaining({ event: 'appwrite.error', type: 'general_unauthorized_scope', what: 'GET /things/:id' }));
  });

  it('maps a timeout to 504 timeout', async () => {
    const lines = errorLines();
    const { res, body } = await answer(() => new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    expect(res.status).toBe(504);
    expect(body.error).toBe('timeout');
    expect(lines()).toContainEqual(expect.objectContaining({ event: 'api.timeout', route: 'GET /things/:id' }));
  });

  it('answers a thrown refusal with its own status, code, message and fields', async () => {
    const { res, body } = await answer(() => new ApiRefusal(422, 'not_staff', 'Not staff.', { fields: { assigneeId: 'Not staff.' } }));
    expect(res.status).toBe(422);
    expect(body).toEqual({ error: 'not_staff', message: 'Not staff.', fields: { assigneeId: 'Not staff.' } });
  });

  it('answers invalid input thrown as a ZodError with 422 validation and a message per field', async () => {
    const { res, body } = await answer(() => z.object({ name: z.string({ error: 'Give a name.' }) }).safeParse({}).error);
    expect(res.status).toBe(422);
    expect(body).toEqual({ error: 'validation', message: 'name: Give a name.', fields: { name: 'Give a name.' } });
  });

  it('keeps anything else a 500 of ours, logged with the route', async () => {
    const lines = errorLines();
    const { res, body } = await answer(() => new TypeError('x is undefined'));
    expect(res.status).toBe(500);
    expect(body.error).toBe('internal');
    expect(lines()).toContainEqual(expect.objectContaining({ event: 'api.error', route: 'GET /things/:id', error: 'x is undefined' }));
  });
});

describe('through the Worker', () => {
  it('an admin route whose guard cannot reach Appwrite answers 503 and logs the admin route', async () => {
    const lines = errorLines();
    const { default: worker } = await import('../../functions/index.ts');
    const res = await worker.fetch(new Request('http://localhost/api/admin/leads/abc123', { headers: { Authorization: `Bearer ${accounts.admin.jwt}` } }),
      { ...env, APPWRITE_ENDPOINT: appwrite.downEndpoint } as Env, createExecutionContext());
    expect(res.status).toBe(503);
    expect(((await res.json()) as ApiError).error).toBe('accounts_unreachable');
    expect(lines()).toContainEqual(expect.objectContaining({ event: 'appwrite.unavailable', what: 'GET /api/admin/leads/:id' }));
  });
});
