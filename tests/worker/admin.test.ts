import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../functions/index.ts';
import type { OverviewResponse } from '../../functions/admin/index.ts';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { submissionKinds } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { accounts, appwrite, callApi, profilesWhere } from './appwrite-helpers.ts';
import { validSamples } from './helpers.ts';
import { expectApiError as expectError } from '../kit/errors.ts';

// /api/admin/* through the real Worker: staff only, enforced on the server; role changes by admins only.

const overview = (jwt?: string) => callApi('/api/admin/overview', { jwt });
const setRole = (userId: string, body: unknown, jwt = accounts.admin.jwt) =>
  callApi(`/api/admin/users/${userId}/role`, { method: 'PATCH', jwt, body });

describe('who may enter /api/admin', () => {
  it('401 without or with an invalid JWT', async () => {
    await expectError(await overview(), 401, 'unauthenticated');
    await expectError(await overview('x.y.z'), 401, 'invalid_session');
    await expectError(await overview(accounts.revoked.jwt), 401, 'invalid_session');
  });

  it('403 for signed-in accounts that are not staff', async () => {
    const body = await expectError(await overview(accounts.user.jwt), 403, 'forbidden');
    expect(body.message).toMatch(/staff/);
    // Its e-mail has an admin profile, but the address is not verified.
    await expectError(await overview(accounts.unverified.jwt), 403, 'forbidden');
  });

  it('200 for admins and moderators (also when the role comes from a profile found by e-mail)', async () => {
    for (const a of [accounts.admin, accounts.moderator, accounts.emailStaff]) {
      const res = await overview(a.jwt);
      expect(res.status, a.email).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    }
  });

  it('503 when Appwrite is not configured, 503 when it is down', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const run = (vars: Partial<Env>) => worker.fetch(
      new Request('http://localhost/api/admin/overview', { headers: { Authorization: `Bearer ${accounts.admin.jwt}` } }),
      { ...env, ...vars } as Env, createExecutionContext(),
    );
    await expectError(await run({ APPWRITE_ENDPOINT: '' }), 503, 'accounts_unavailable');
    await expectError(await run({ APPWRITE_ENDPOINT: appwrite.downEndpoint }), 503, 'accounts_unreachable');
    errors.mockRestore();
  });
});

describe('GET /api/admin/overview', () => {
  it('counts the submissions of each kind recorded in Appwrite, and the parked ones', async () => {
    const before = (await (await overview(accounts.moderator.jwt)).json()) as OverviewResponse;
    expect(Object.keys(before.counts).sort()).toEqual([...submissionKinds].sort());
    expect(before.parked).toEqual(expect.any(Number));

    // One booking request through the real queue consumer, and one submission parked in the ledger.
    const m = { v: 1 as const, id: uniqueId(), kind: 'booking', submittedAt: new Date().toISOString(), fields: validSamples().booking };
    const batch = createMessageBatch('submissions', [{ id: `msg-${m.id}`, timestamp: Date.now(), attempts: 1, body: m }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`msg-${m.id}`]);
    await env.SUBMISSION_LEDGER.getByName(LEDGER_NAME).park({ id: uniqueId(), kind: 'contact', submittedAt: null, message: 'x', reason: 'test' });

    const after = (await (await overview(accounts.moderator.jwt)).json()) as OverviewResponse;
    expect(after.counts.booking).toBe(before.counts.booking! + 1);
    expect(after.parked).toBe(before.parked! + 1);
  });

  it('counts honeypot hits of the last 7 days per kind, so staff notice a robot or an autofilling browser', async () => {
    const before = ((await (await overview(accounts.admin.jwt)).json()) as OverviewResponse).honeypot!;
    expect(before).toMatchObject({ days: 7 });
    const honey = await callApi('/api/forms/contact', { method: 'POST', body: { ...validSamples().contact, _honey: 'http://spam.example' } });
    expect(honey.status).toBe(202);
    await callApi('/api/forms/seo-audit', { method: 'POST', body: { ...validSamples()['seo-audit'], _honey: 'x' } });
    // The count is written after the answer (waitUntil): look until it is there.
    let after = before;
    for (let i = 0; i < 50 && after.total < before.total + 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = ((await (await overview(accounts.admin.jwt)).json()) as OverviewResponse).honeypot!;
    }
    expect(after.total).toBe(before.total + 2);
    expect(after.byKind.contact).toBe((before.byKind.contact ?? 0) + 1);
    expect(after.byKind['seo-audit']).toBe((before.byKind['seo-audit'] ?? 0) + 1);
    expect(Date.parse(after.lastAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('counts only the days asked for', async () => {
    const ledger = env.SUBMISSION_LEDGER.getByName(`honeypot-${uniqueId()}`);
    const day = 86_400_000;
    const now = Date.parse('2026-11-25T12:00:00Z');
    await ledger.honeypotHit('contact', now - 8 * day);
    await ledger.honeypotHit('contact', now - 6 * day);
    await ledger.honeypotHit('booking', now);
    expect(await ledger.honeypotCounts(7, now)).toEqual({ days: 7, total: 2, byKind: { contact: 1, booking: 1 }, lastAt: new Date(now).toISOString() });
    expect((await ledger.honeypotCounts(30, now)).total).toBe(3);
  });
});

describe('PATCH /api/admin/users/:userId/role', () => {
  it('is for admins only: moderators and users get 403', async () => {
    const body = await expectError(await setRole(accounts.target.id, { role: 'admin' }, accounts.moderator.jwt), 403, 'forbidden');
    expect(body.message).toBe('Only an admin can do this.');
    await expectError(await setRole(accounts.target.id, { role: 'admin' }, accounts.user.jwt), 403, 'forbidden');
    await expectError(await setRole(accounts.target.id, { role: 'admin' }, ''), 401, 'unauthenticated');
    expect(await profilesWhere('userId', accounts.target.id)).toEqual([]);
  });

  it('creates the missing profile, then updates it; the change takes effect at once', async () => {
    await expectError(await overview(accounts.target.jwt), 403, 'forbidden');

    const res = await setRole(accounts.target.id, { role: 'moderator' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: accounts.target.id, role: 'moderator' });
    const [profile, ...more] = await profilesWhere('userId', accounts.target.id);
    expect(more).toEqual([]);
    // Created with email, role and userId; id = account id; only its own user may read it, nobody may change it.
    expect(profile).toMatchObject({ $id: accounts.target.id, userId: accounts.target.id, email: accounts.target.email, role: 'moderator' });
    expect(profile!.$permissions).toEqual([`read("user:${accounts.target.id}")`]);
    expect((await overview(accounts.target.jwt)).status).toBe(200);

    expect((await setRole(accounts.target.id, { role: 'user' })).status).toBe(200);
    expect((await profilesWhere('userId', accounts.target.id)).map((p) => p.role)).toEqual(['user']);
    await expectError(await overview(accounts.target.jwt), 403, 'forbidden');
  });

  it('writes only the profile of the target account, never a stale profile with the same e-mail', async () => {
    expect((await setRole(accounts.recycledTarget.id, { role: 'moderator' })).status).toBe(200);
    expect(await profilesWhere('userId', accounts.recycledTarget.id)).toMatchObject([{ $id: accounts.recycledTarget.id, role: 'moderator' }]);
    // The former employee's profile is as it was.
    const stale = (await profilesWhere('email', accounts.recycledTarget.email)).find((p) => p.$id === 'stale-target-profile');
    expect(stale).toMatchObject({ userId: 'another-former-employee', role: 'admin' });
    expect((await setRole(accounts.recycledTarget.id, { role: 'user' })).status).toBe(200);
  });

  it('refuses bad input with 4xx JSON', async () => {
    const invalid = await expectError(await setRole(accounts.target.id, { role: 'superuser' }), 422, 'validation');
    expect(invalid.fields).toEqual({ role: 'Choose one of: admin, moderator, user.' });
    await expectError(await setRole(accounts.target.id, {}), 422, 'validation');
    await expectError(await setRole(accounts.target.id, 'not json {'), 400, 'invalid_json');
    await expectError(await setRole('no-such-account', { role: 'user' }), 404, 'user_not_found');
    await expectError(await setRole('bad%20id', { role: 'user' }), 400, 'invalid_user_id');
    await expectError(await setRole(accounts.admin.id, { role: 'user' }), 409, 'own_role');
  });
});
