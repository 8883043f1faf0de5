import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../functions/index.ts';
import type { MeResponse, MySubmissionsResponse } from '../../functions/me.ts';
import { uniqueId } from '../../shared/id.ts';
import { accounts, appwrite, appwriteRest, callApi, documentPath, profilesWhere } from './appwrite-helpers.ts';
import { validSamples } from './helpers.ts';
import { expectApiError as expectError } from '../kit/errors.ts';

// /api/me/* through the real Worker, against the Appwrite emulator with JWTs made by the real appwrite SDK
// (tests/worker/global-setup.ts). Submissions travel the real way: POST /api/forms → queue → consumer →
// Appwrite record.

/** The Worker with some variables changed (its own env object, so its own validated configuration). */
const withVars = (path: string, vars: Partial<Env>, jwt?: string) =>
  worker.fetch(new Request(`http://localhost${path}`, { headers: jwt ? { Authorization: `Bearer ${jwt}` } : {} }), { ...env, ...vars } as Env, createExecutionContext());

describe('GET /api/me: who is signed in', () => {
  it('answers 401 JSON without a JWT, and asks for a bearer token', async () => {
    const res = await callApi('/api/me');
    await expectError(res, 401, 'unauthenticated');
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
  });

  it('answers 401 for a malformed, tampered or signed-out JWT', async () => {
    const [head, payload, signature] = accounts.admin.jwt.split('.');
    const tampered = `${head}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectError(await callApi('/api/me', { headers: { Authorization: 'Bearer not-a-jwt' } }), 401, 'invalid_session');
    await expectError(await callApi('/api/me', { headers: { Authorization: `Basic ${btoa('a:b')}` } }), 401, 'invalid_session');
    await expectError(await callApi('/api/me', { jwt: tampered }), 401, 'invalid_session');
    // Forged: the admin's JWT with the user id swapped, signed with the original signature.
    const forgedPayload = btoa(JSON.stringify({ ...JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))), userId: 'test-moderator' })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    await expectError(await callApi('/api/me', { jwt: `${head}.${forgedPayload}.${signature}` }), 401, 'invalid_session');
    // The session behind this (admin) JWT was deleted: Appwrite no longer accepts it.
    await expectError(await callApi('/api/me', { jwt: accounts.revoked.jwt }), 401, 'invalid_session');
  });

  it('answers the account and its role, never cached', async () => {
    const res = await callApi('/api/me', { jwt: accounts.user.jwt });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await res.json()).toEqual({
      user: { id: 'test-user', email: 'user@worker.test', name: 'Test User', emailVerified: true },
      role: 'user',
    } satisfies MeResponse);
  });

  it('looks the role up on the server: by userId, by e-mail (verified addresses only), else user', async () => {
    const roleOf = async (jwt: string) => ((await (await callApi('/api/me', { jwt })).json()) as MeResponse).role;
    expect(await roleOf(accounts.admin.jwt)).toBe('admin');
    expect(await roleOf(accounts.moderator.jwt)).toBe('moderator');
    // A profile made before the account (no userId) with its verified e-mail says moderator; it is claimed.
    expect(await roleOf(accounts.emailStaff.jwt)).toBe('moderator');
    expect(await profilesWhere('userId', accounts.emailStaff.id)).toMatchObject([{ $id: 'older-profile-1', role: 'moderator' }]);
    // A profile of another account with the same (recycled) address says admin: it does not count, nor is it claimed.
    expect(await roleOf(accounts.recycled.jwt)).toBe('user');
    // (admin.test.ts may have given the account a profile of its own meanwhile: look at the stale one.)
    const stale = (await profilesWhere('email', accounts.recycled.email)).find((p) => p.$id === 'stale-staff-profile');
    expect(stale).toMatchObject({ userId: 'former-employee', role: 'admin' });
    // An older profile with its e-mail says admin, but the address is not verified: it does not count.
    expect(await roleOf(accounts.unverified.jwt)).toBe('user');
  });

  it('answers 503 with a clear message when Appwrite is not configured', async () => {
    const body = await expectError(await withVars('/api/me', { APPWRITE_ENDPOINT: '' }, accounts.user.jwt), 503, 'accounts_unavailable');
    expect(body.message).toMatch(/not configured/);
    const noKey = await expectError(await withVars('/api/me', { APPWRITE_API_KEY: '' }, accounts.user.jwt), 503, 'accounts_unavailable');
    expect(noKey.message).toMatch(/API key/);
  });

  it('answers 503 (not 500) when Appwrite cannot be reached', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await withVars('/api/me', { APPWRITE_ENDPOINT: appwrite.downEndpoint }, accounts.user.jwt);
    await expectError(res, 503, 'accounts_unreachable');
    expect(res.headers.get('Retry-After')).toBe('30');
    expect(errors.mock.calls.flat().join('\n')).toContain('appwrite.unavailable');
    errors.mockRestore();
  });

  it('answers 502 when Appwrite refuses the server key', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expectError(await withVars('/api/me', { APPWRITE_API_KEY: 'a-key-appwrite-does-not-know' }, accounts.user.jwt), 502, 'accounts_error');
    errors.mockRestore();
  });

  it('is rate limited with the generic api limit (50 a minute)', async () => {
    const ip = '198.18.7.7';
    for (let i = 0; i < 50; i++) expect((await callApi('/api/me', { ip })).status).toBe(401);
    const res = await callApi('/api/me', { ip, jwt: accounts.user.jwt });
    await expectError(res, 429, 'rate_limited');
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('GET /api/me/submissions: the visitor\'s own submissions', () => {
  async function submit(kind: 'contact' | 'booking', fields: Record<string, string>) {
    const id = uniqueId();
    const res = await callApi(`/api/forms/${kind}`, { method: 'POST', body: { ...fields, id } });
    expect(res.status).toBe(202);
    return id;
  }

  async function waitForRecord(collectionId: string, id: string) {
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      if ((await appwriteRest('GET', documentPath(collectionId, id))).status === 200) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`submission ${id} did not reach Appwrite`);
  }

  it('lists what was sent with the account e-mail (in any case), newest first, with status; nobody else\'s', async () => {
    const samples = validSamples();
    const mine1 = await submit('contact', { ...samples.contact, email: 'user@worker.test' });
    const mine2 = await submit('booking', { ...samples.booking, email: 'User@Worker.TEST' });
    const theirs = await submit('contact', { ...samples.contact, email: 'someone-else@worker.test' });
    await Promise.all([waitForRecord('contact_messages', mine1), waitForRecord('booking_requests', mine2), waitForRecord('contact_messages', theirs)]);

    const res = await callApi('/api/me/submissions', { jwt: accounts.user.jwt });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const { submissions } = (await res.json()) as MySubmissionsResponse;
    expect(submissions.map((s) => s.id)).toEqual([mine2, mine1]);
    expect(submissions[1]).toEqual({
      id: mine1,
      kind: 'contact',
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'new',
      fields: { ...samples.contact, email: 'user@worker.test' },
    });
    expect(submissions[0]).toMatchObject({ kind: 'booking', status: 'new', fields: { email: 'user@worker.test', topic: samples.booking.topic } });

    // Another account sees none of them.
    const other = (await (await callApi('/api/me/submissions', { jwt: accounts.moderator.jwt })).json()) as MySubmissionsResponse;
    expect(other.submissions.map((s) => s.id)).not.toContain(mine1);
    expect(other.submissions.map((s) => s.id)).not.toContain(theirs);
  });

  it('shows a status staff changed', async () => {
    const id = await submit('contact', { ...validSamples().contact, email: 'user@worker.test' });
    await waitForRecord('contact_messages', id);
    expect((await appwriteRest('PATCH', documentPath('contact_messages', id), { data: { status: 'answered' } })).status).toBe(200);
    const { submissions } = (await (await callApi('/api/me/submissions', { jwt: accounts.user.jwt })).json()) as MySubmissionsResponse;
    expect(submissions.find((s) => s.id === id)?.status).toBe('answered');
  });

  it('refuses an account whose e-mail is not verified (anyone could sign up with someone else\'s address)', async () => {
    await expectError(await callApi('/api/me/submissions', { jwt: accounts.unverified.jwt }), 403, 'email_not_verified');
  });

  it('answers 401 without a JWT', async () => {
    await expectError(await callApi('/api/me/submissions'), 401, 'unauthenticated');
  });
});
