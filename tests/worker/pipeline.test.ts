import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../shared/api.ts';
import { accounts, callApi, freshIp } from './appwrite-helpers.ts';
import { validSamples } from './helpers.ts';

// One table over every API endpoint (docs/decisions/0013): each refuses with the one ApiError shape, from
// the one request pipeline (functions/pipeline.ts, functions/validate.ts):
//   wrong method → 405 with Allow · anonymous where sign-in is needed → 401
//   and for those that take a body: malformed JSON → 400 · not JSON → 415 · invalid fields → 422, a message per field.

interface Endpoint {
  method: string;
  path: string;
  /** The Allow header of a wrong method. */
  allow: string;
  /** Sign-in needed: anonymous callers get 401; the body checks run with this JWT. */
  jwt?: string;
  /** A JSON body route: an invalid body and the fields it must name. */
  body?: { invalid: unknown; fields: string[] };
}

const samples = validSamples();

const endpoints: Endpoint[] = [
  { method: 'GET', path: '/api/health', allow: 'GET, HEAD' },
  { method: 'GET', path: '/api/config', allow: 'GET, HEAD' },
  {
    method: 'POST', path: '/api/forms/contact', allow: 'POST',
    body: { invalid: { ...samples.contact, name: ' ', email: 'ama@' }, fields: ['name', 'email'] },
  },
  { method: 'GET', path: '/api/me', allow: 'GET, HEAD', jwt: accounts.user.jwt },
  { method: 'GET', path: '/api/me/submissions', allow: 'GET, HEAD', jwt: accounts.user.jwt },
  { method: 'GET', path: '/api/admin/overview', allow: 'GET, HEAD', jwt: accounts.admin.jwt },
  {
    method: 'PATCH', path: `/api/admin/users/${accounts.target.id}/role`, allow: 'PATCH', jwt: accounts.admin.jwt,
    body: { invalid: { role: 'superuser' }, fields: ['role'] },
  },
  { method: 'GET', path: '/api/admin/users', allow: 'GET, HEAD', jwt: accounts.admin.jwt },
  {
    method: 'POST', path: '/api/admin/channels', allow: 'GET, HEAD, POST', jwt: accounts.admin.jwt,
    body: { invalid: { name: '!!!', description: 'x'.repeat(501) }, fields: ['name', 'description'] },
  },
  { method: 'DELETE', path: '/api/admin/channels/no-such-channel', allow: 'PATCH, DELETE', jwt: accounts.admin.jwt },
  {
    method: 'POST', path: '/api/admin/channels/general/messages', allow: 'GET, HEAD, POST', jwt: accounts.admin.jwt,
    body: { invalid: { text: 'x'.repeat(4001) }, fields: ['text'] },
  },
  { method: 'DELETE', path: '/api/admin/channels/general/messages/some-message', allow: 'DELETE', jwt: accounts.admin.jwt },
  { method: 'GET', path: '/api/admin/leads', allow: 'GET, HEAD', jwt: accounts.admin.jwt },
  { method: 'GET', path: '/api/admin/leads/counts', allow: 'GET, HEAD', jwt: accounts.admin.jwt },
  { method: 'GET', path: '/api/admin/leads/export', allow: 'GET, HEAD', jwt: accounts.admin.jwt },
  { method: 'GET', path: '/api/admin/leads/staff', allow: 'GET, HEAD', jwt: accounts.admin.jwt },
  {
    method: 'POST', path: '/api/admin/leads/erasure', allow: 'GET, HEAD, POST', jwt: accounts.admin.jwt,
    body: { invalid: { email: 'nobody@' }, fields: ['email'] },
  },
  {
    // GET /api/admin/leads/:id matches the path too (a lead named "bulk"), hence GET in Allow.
    method: 'POST', path: '/api/admin/leads/bulk', allow: 'POST, GET, HEAD', jwt: accounts.admin.jwt,
    body: { invalid: { ids: [], action: { type: 'delete' } }, fields: ['ids', 'action.type'] },
  },
  {
    method: 'PATCH', path: '/api/admin/leads/no-such-lead/status', allow: 'PATCH', jwt: accounts.admin.jwt,
    body: { invalid: { status: 'closed' }, fields: ['status'] },
  },
  {
    method: 'PATCH', path: '/api/admin/leads/no-such-lead/assignee', allow: 'PATCH', jwt: accounts.admin.jwt,
    body: { invalid: { assigneeId: 'not an id!' }, fields: ['assigneeId'] },
  },
  {
    method: 'POST', path: '/api/admin/leads/no-such-lead/notes', allow: 'POST', jwt: accounts.admin.jwt,
    body: { invalid: { text: '   ' }, fields: ['text'] },
  },
  { method: 'POST', path: '/api/admin/leads/no-such-lead/archive', allow: 'POST', jwt: accounts.admin.jwt },
  { method: 'POST', path: '/api/admin/leads/no-such-lead/restore', allow: 'POST', jwt: accounts.admin.jwt },
  { method: 'GET', path: '/api/admin/reports', allow: 'GET, HEAD', jwt: accounts.admin.jwt },
  { method: 'GET', path: '/api/admin/deliveries', allow: 'GET, HEAD', jwt: accounts.admin.jwt },
  {
    method: 'POST', path: '/api/admin/deliveries/retry', allow: 'POST', jwt: accounts.admin.jwt,
    body: { invalid: { kind: 5, id: '' }, fields: ['kind', 'id'] },
  },
  {
    method: 'POST', path: '/api/admin/deliveries/discard', allow: 'POST', jwt: accounts.admin.jwt,
    body: { invalid: { kind: 5, id: '' }, fields: ['kind', 'id'] },
  },
  {
    method: 'POST', path: '/api/chat', allow: 'POST',
    body: { invalid: { message: '  ', conversationId: 'not-ours' }, fields: ['message', 'conversationId'] },
  },
  {
    method: 'POST', path: '/api/chat/lead', allow: 'POST',
    body: { invalid: { name: 'x'.repeat(101), email: 'nope' }, fields: ['name', 'email'] },
  },
  {
    method: 'POST', path: '/api/chat/pricing', allow: 'POST',
    body: { invalid: { email: 'abena@example.com', projectType: '' }, fields: ['projectType'] },
  },
  { method: 'GET', path: '/api/voice', allow: 'GET, HEAD' },
  {
    method: 'POST', path: '/api/chat/live', allow: 'POST',
    body: { invalid: { conversationId: 'not-ours', email: 'nope' }, fields: ['conversationId', 'email'] },
  },
  { method: 'GET', path: '/api/chat/live/AAAAAAAAAAAAAAAAAAAAAA/socket', allow: 'GET, HEAD' },
  { method: 'POST', path: '/api/admin/presence', allow: 'POST', jwt: accounts.moderator.jwt },
  { method: 'GET', path: '/api/admin/live/AAAAAAAAAAAAAAAAAAAAAA', allow: 'GET, HEAD', jwt: accounts.moderator.jwt },
  { method: 'POST', path: '/api/admin/live/AAAAAAAAAAAAAAAAAAAAAA/join', allow: 'POST', jwt: accounts.moderator.jwt },
];

async function expectApiError(res: Response, status: number, error?: string): Promise<ApiError> {
  expect(res.status).toBe(status);
  expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = (await res.json()) as ApiError;
  if (error) expect(body.error).toBe(error);
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe.each(endpoints)('$method $path', (e) => {
  it('answers another method with 405 and Allow', async () => {
    const wrong = e.method === 'DELETE' ? 'PUT' : 'DELETE';
    const res = await callApi(e.path, { method: wrong, jwt: e.jwt });
    await expectApiError(res, 405, 'method_not_allowed');
    expect(res.headers.get('Allow')).toBe(e.allow);
  });

  if (e.jwt) {
    it('answers an anonymous caller with 401', async () => {
      const res = await callApi(e.path, { method: e.method, body: e.body ? {} : undefined });
      await expectApiError(res, 401, 'unauthenticated');
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    });
  }

  if (e.body) {
    const body = e.body;
    it('answers malformed JSON with 400', async () => {
      const res = await callApi(e.path, { method: e.method, jwt: e.jwt, body: '{"oops": ' });
      expect(await expectApiError(res, 400, 'invalid_json')).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON.' });
    });

    it('answers a body that is not JSON with 415', async () => {
      const headers: Record<string, string> = { 'CF-Connecting-IP': freshIp(), 'Content-Type': 'application/x-www-form-urlencoded' };
      if (e.jwt) headers.Authorization = `Bearer ${e.jwt}`;
      const res = await exports.default.fetch(`http://localhost${e.path}`, { method: e.method, headers, body: 'role=admin' });
      expect((await expectApiError(res, 415, 'unsupported_media_type')).message).toMatch(/JSON/);
    });

    it('answers JSON that is not an object with 400', async () => {
      const res = await callApi(e.path, { method: e.method, jwt: e.jwt, body: '[1, 2]' });
      await expectApiError(res, 400, 'invalid_body');
    });

    it('answers invalid fields with 422 and a message per field', async () => {
      const res = await callApi(e.path, { method: e.method, jwt: e.jwt, body: body.invalid });
      const refused = await expectApiError(res, 422, 'validation');
      expect(Object.keys(refused.fields ?? {}).sort()).toEqual([...body.fields].sort());
      for (const message of Object.values(refused.fields ?? {})) expect(message).toMatch(/\S/);
    });
  }
});

describe('the pipeline', () => {
  it('gives every API answer a request id, and keeps a sane one the caller sent', async () => {
    const mine = await callApi('/api/health', { headers: { 'X-Request-Id': 'trace-123' } });
    expect(mine.headers.get('X-Request-Id')).toBe('trace-123');
    const made = await callApi('/api/forms/contact', { method: 'GET' });
    expect(made.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
