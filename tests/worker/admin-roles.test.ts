import { env, exports } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../functions/index.ts';
import { describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '../../functions/me.ts';
import { STAFF_PRESENCE_NAME } from '../../durable/StaffPresence.ts';
import { LIVE_PROTOCOL, STAFF_CREDENTIAL, type LiveStartResponse } from '../../shared/chat/live.ts';
import { uniqueId } from '../../shared/id.ts';
import { callApi, documentPath, freshIp, profilesWhere } from './appwrite-helpers.ts';
import { until } from './helpers.ts';
import { body, expectError, labelsOf, newAccount, rest, setRole, signUp } from './team-helpers.ts';

// Roles bound to the account and role changes that take full effect at once (issue 24, items 1 and 5;
// docs/decisions/0006 and 0017), through the real Worker, its Durable Objects and the Appwrite emulator.

const roleOf = async (jwt: string) => (await body<MeResponse>(await callApi('/api/me', { jwt }), 200)).role;

describe('a deleted account\'s id registered again does not inherit its role', () => {
  /** Deletes the account (offboarding) and signs up a new one under the same id with another address. */
  async function reRegister(id: string) {
    await rest('DELETE', `/users/${id}`);
    return signUp(id, `newcomer-${uniqueId().slice(-8)}@worker.test`, 'Newcomer');
  }

  /** What the newcomer may do: /api/me says user, the admin area refuses, and no staff label is set. */
  async function expectPlainUser(newcomer: { id: string; jwt: string }) {
    expect(await roleOf(newcomer.jwt)).toBe('user');
    await expectError(await callApi('/api/admin/users', { jwt: newcomer.jwt }), 403, 'forbidden');
    await expectError(await callApi('/api/admin/channels', { jwt: newcomer.jwt }), 403, 'forbidden');
    await expectError(await setRole('test-user', 'admin', newcomer.jwt), 403, 'forbidden');
    expect(await labelsOf(newcomer.id)).toEqual([]);
  }

  it('an admin who had signed in since profiles were bound (the profile names the old account)', async () => {
    const a1 = await newAccount('a1', 'admin');
    expect(await roleOf(a1.jwt)).toBe('admin');
    const [profile] = await profilesWhere('userId', a1.id);
    expect(Date.parse(String(profile!.accountRegistration))).toBeGreaterThan(0);

    const newcomer = await reRegister(a1.id);
    await expectPlainUser(newcomer);
    // The old profile is left as it was: it still names the old account.
    expect(await profilesWhere('userId', a1.id)).toMatchObject([{ role: 'admin', accountRegistration: profile!.accountRegistration }]);
  });

  it('an admin whose profile was never bound (made before the binding existed, no sign-in since)', async () => {
    const a1 = await newAccount('a1-unbound', 'admin');
    const newcomer = await reRegister(a1.id);
    await expectPlainUser(newcomer);
    // Not bound to the newcomer: it was made before the newcomer's account.
    const [profile] = await profilesWhere('userId', a1.id);
    expect(profile).toMatchObject({ role: 'admin' });
    expect(profile!.accountRegistration ?? null).toBeNull();
  });

  it('an admin may still give the newcomer a role: the old profile is taken over with that role only', async () => {
    const a1 = await newAccount('a1-promoted', 'admin');
    expect(await roleOf(a1.jwt)).toBe('admin');
    const newcomer = await reRegister(a1.id);
    expect(await body(await setRole(newcomer.id, 'moderator'), 200)).toEqual({ userId: newcomer.id, role: 'moderator' });
    expect(await roleOf(newcomer.jwt)).toBe('moderator');
    expect(await labelsOf(newcomer.id)).toEqual(['moderator']);
    const profiles = await profilesWhere('userId', newcomer.id);
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ $id: a1.id, role: 'moderator', email: newcomer.email });
    const registration = (await rest('GET', `/users/${newcomer.id}`)).registration;
    expect(Date.parse(String(profiles[0]!.accountRegistration))).toBe(Date.parse(String(registration)));
  });
});

describe('a role change takes full effect at once, or not at all', () => {
  /** The Worker's requests that `match` fail as Appwrite's 500 would (the Worker runs in this isolate). */
  function failing(match: (request: Request) => boolean) {
    const realFetch = globalThis.fetch;
    let hits = 0;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (!match(request)) return realFetch(request);
      hits += 1;
      return Response.json({ message: 'Server Error', code: 500, type: 'general_unknown' }, { status: 500 });
    });
    return { hits: () => hits, restore: () => { spy.mockRestore(); errors.mockRestore(); } };
  }
  const labelsWrite = (id: string) => (r: Request) => r.method === 'PUT' && new URL(r.url).pathname.endsWith(`/users/${id}/labels`);
  const profileWrite = (r: Request) => r.method === 'PATCH' && new URL(r.url).pathname.includes('/collections/users/documents/');
  /** A role change while the writes that `match` fail: answered 503; how many of them were tried. */
  async function failedChange(match: (request: Request) => boolean, userId: string, role: string) {
    const failure = failing(match);
    try {
      expect((await setRole(userId, role)).status).toBe(503);
      return failure.hits();
    } finally {
      failure.restore();
    }
  }

  it('a promotion whose label write fails is undone: no staff label is left, now or after the next sign-in', async () => {
    const target = await newAccount('promote-fails');
    expect(await failedChange(labelsWrite(target.id), target.id, 'moderator')).toBe(1);
    expect(await labelsOf(target.id)).toEqual([]);
    // The profile was put back: the next sign-in (which repairs labels to the role) sets no staff label either.
    expect(await roleOf(target.jwt)).toBe('user');
    expect(await labelsOf(target.id)).toEqual([]);
    await expectError(await callApi('/api/admin/channels', { jwt: target.jwt }), 403, 'forbidden');
    // Once Appwrite takes the write, the same change goes through.
    expect(await body(await setRole(target.id, 'moderator'), 200)).toEqual({ userId: target.id, role: 'moderator' });
    expect(await labelsOf(target.id)).toEqual(['moderator']);
  });

  it('a demotion takes the label first: when that write fails nothing changed, when the profile write fails no staff label is left', async () => {
    const target = await newAccount('demote-fails', 'moderator');
    expect(await roleOf(target.jwt)).toBe('moderator');

    expect(await failedChange(labelsWrite(target.id), target.id, 'user')).toBe(1);
    // The label and the role still agree: the change did not happen (the admin was told), nothing half-made.
    expect(await labelsOf(target.id)).toEqual(['moderator']);
    expect((await profilesWhere('userId', target.id))[0]).toMatchObject({ role: 'moderator' });

    expect(await failedChange(profileWrite, target.id, 'user')).toBe(1);
    expect(await labelsOf(target.id)).toEqual([]);

    expect((await setRole(target.id, 'user')).status).toBe(200);
    expect(await labelsOf(target.id)).toEqual([]);
    expect(await roleOf(target.jwt)).toBe('user');
  });

  it('a demoted moderator\'s live-chat socket is closed at once, an unused ticket no longer opens the room, and they are no longer available', async () => {
    const moderator = await newAccount('live-mod', 'moderator');
    expect((await callApi('/api/admin/presence', { method: 'POST', jwt: moderator.jwt })).status).toBe(204);
    const start = await body<LiveStartResponse>(await callApi('/api/chat/live', { method: 'POST', body: { name: 'Kofi', email: 'kofi@example.com' } }), 200);
    if (start.status !== 'live') throw new Error(`expected a live chat, got ${start.status}`);
    const ticket = async () => (await body<{ ticket: string }>(await callApi(`/api/admin/live/${env.CONVERSATION.idFromName(start.conversationId).toString()}/join`, { method: 'POST', jwt: moderator.jwt }), 200)).ticket;
    const open = async (credential: string) => exports.default.fetch(`http://localhost/api/chat/live/${start.conversationId}/socket`, {
      headers: { Upgrade: 'websocket', 'CF-Connecting-IP': freshIp(), 'Sec-WebSocket-Protocol': `${LIVE_PROTOCOL}, ${STAFF_CREDENTIAL}${credential}` },
    });

    const res = await open(await ticket());
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const frames: { type: string }[] = [];
    ws.addEventListener('message', (e) => frames.push(JSON.parse(e.data as string) as { type: string }));
    const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason })));
    ws.accept();
    await until(() => (frames.some((f) => f.type === 'hello') ? true : undefined));
    const spare = await ticket();
    const presence = env.STAFF_PRESENCE.getByName(STAFF_PRESENCE_NAME);
    expect(await presence.available()).toContain('Fresh');

    expect(await body(await setRole(moderator.id, 'user'), 200)).toEqual({ userId: moderator.id, role: 'user' });
    expect(await closed).toEqual({ code: 1008, reason: 'role changed' });
    expect((await open(spare)).status).toBe(403);
    expect(await presence.available()).not.toContain('Fresh');
    await expectError(await callApi(`/api/admin/live/${env.CONVERSATION.idFromName(start.conversationId).toString()}/join`, { method: 'POST', jwt: moderator.jwt }), 403, 'forbidden');
  });
});

describe('the scheduled reconciliation of labels and roles (Cron Trigger)', () => {
  it('repairs labels that differ from the role, removes staff profiles of deleted or earlier accounts, and logs each repair', async () => {
    // A project of its own: the run looks at every staff account of the project.
    const project = `reconcile-${uniqueId()}`;
    const inProject = { ...env, APPWRITE_PROJECT_ID: project } as Env;
    const profileOf = async (id: string) => {
      const q = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'userId', values: [id] }));
      return ((await rest('GET', `${documentPath('users')}?queries[0]=${q}`, undefined, project)).documents as Record<string, unknown>[])[0];
    };

    // A moderator whose label write was lost, and who keeps an unrelated label.
    const unlabelled = await newAccount('rc-mod', 'moderator', project);
    await rest('PUT', `/users/${unlabelled.id}/labels`, { labels: ['vip'] }, project);
    // An account with a staff label set by hand and no staff role.
    const labelOnly = await newAccount('rc-label', undefined, project);
    await rest('PUT', `/users/${labelOnly.id}/labels`, { labels: ['admin', 'vip'] }, project);
    // An admin whose account was deleted in the Appwrite console.
    const gone = await newAccount('rc-gone', 'admin', project);
    await rest('DELETE', `/users/${gone.id}`, undefined, project);
    // An admin bound to their account, deleted; the id registered again, and given the admin label by hand.
    const earlier = await newAccount('rc-earlier', 'admin', project);
    const registered = (await rest('GET', `/users/${earlier.id}`, undefined, project)).registration;
    await rest('PATCH', documentPath('users', earlier.id), { data: { accountRegistration: registered } }, project);
    await rest('DELETE', `/users/${earlier.id}`, undefined, project);
    await signUp(earlier.id, `newcomer-${uniqueId().slice(-8)}@worker.test`, 'Newcomer', project);
    await rest('PUT', `/users/${earlier.id}/labels`, { labels: ['admin'] }, project);

    const lines: Record<string, unknown>[] = [];
    const capture = (line: unknown) => { lines.push(JSON.parse(String(line)) as Record<string, unknown>); };
    const spies = (['log', 'warn', 'error'] as const).map((m) => vi.spyOn(console, m).mockImplementation(capture));
    try {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: '*/15 * * * *', scheduledTime: Date.now() }), inProject, ctx);
      await waitOnExecutionContext(ctx);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }

    expect((await labelsOf(unlabelled.id, project)).sort()).toEqual(['moderator', 'vip']);
    expect(await labelsOf(labelOnly.id, project)).toEqual(['vip']);
    expect(await profileOf(gone.id)).toBeUndefined();
    expect(await profileOf(earlier.id)).toBeUndefined();
    expect(await labelsOf(earlier.id, project)).toEqual([]);
    // The moderator's profile (made after the account) was bound on the way.
    expect(Date.parse(String((await profileOf(unlabelled.id))!.accountRegistration))).toBeGreaterThan(0);

    const repaired = lines.filter((l) => l.event === 'roles.repaired');
    expect(repaired).toEqual(expect.arrayContaining([
      expect.objectContaining({ userId: unlabelled.id, what: 'labels', role: 'moderator', from: ['vip'], to: ['vip', 'moderator'] }),
      expect.objectContaining({ userId: labelOnly.id, what: 'labels', role: 'user', from: ['admin', 'vip'], to: ['vip'] }),
      expect.objectContaining({ userId: gone.id, what: 'profile_removed', reason: 'account_deleted' }),
      expect.objectContaining({ userId: earlier.id, what: 'profile_removed', reason: 'earlier_account' }),
      expect.objectContaining({ userId: earlier.id, what: 'labels', role: 'user', from: ['admin'], to: [] }),
    ]));
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', event: 'roles.reconciled', cron: '*/15 * * * *' }));
    // The cron's own lines (its logger names the schedule): other work of this runtime, such as a queued alert's
    // push, may log in the same moment.
    expect(lines.filter((l) => l.level === 'error' && l.cron === '*/15 * * * *')).toEqual([]);

    // A second run finds nothing left to repair.
    lines.length = 0;
    const again = vi.spyOn(console, 'log').mockImplementation(capture);
    try {
      await worker.scheduled(createScheduledController({ cron: '*/15 * * * *' }), inProject, createExecutionContext());
    } finally {
      again.mockRestore();
    }
    expect(lines.filter((l) => l.event === 'roles.repaired')).toEqual([]);
    expect(lines.find((l) => l.event === 'roles.reconciled')).toMatchObject({ repaired: 0 });
  });

  it('does nothing (and says so) when Appwrite is not configured', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => { lines.push(String(line)); });
    try {
      await worker.scheduled(createScheduledController({ cron: '*/15 * * * *' }), { ...env, APPWRITE_ENDPOINT: '' } as Env, createExecutionContext());
    } finally {
      spy.mockRestore();
    }
    expect(lines.map((l) => JSON.parse(l).event)).toEqual(['roles.reconcile_skipped']);
  });
});
