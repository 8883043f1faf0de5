import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../functions/index.ts';
import type { ApiError } from '../../shared/api.ts';
import type { ChannelsResponse, DeliveriesResponse, MessagesResponse, PeopleResponse, RetryResponse } from '../../functions/admin/index.ts';
import type { TeamChannel, TeamMessage } from '../../shared/admin/team.ts';
import { roleChangeMessages } from '../../shared/admin/team.ts';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { uniqueId } from '../../shared/id.ts';
import { accounts, appwrite, appwriteRest, callApi, documentPath, freshIp } from './appwrite-helpers.ts';
import { validSamples } from './helpers.ts';
import { expectApiError as expectError } from '../kit/errors.ts';
import { appwriteAdmin } from '../kit/appwrite.ts';

// The admin area's team channels, people and roles, and parked deliveries (docs/product.md, "Admin area";
// docs/decisions/0017), through the real Worker, the real Durable Objects and the Appwrite emulator.

type Who = 'anonymous' | 'user' | 'moderator' | 'admin';
const jwtOf: Record<Who, string | undefined> = {
  anonymous: undefined,
  user: accounts.user.jwt,
  moderator: accounts.moderator.jwt,
  admin: accounts.admin.jwt,
};

async function body<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

// --- The RBAC matrix: every route of this part of /api/admin × every kind of caller ----------------------

/** Who may: staff (admin and moderator) or admin only (docs/product.md, "Admin area", the table). */
type Rule = 'staff' | 'admin';
const routes: { method: string; path: string; body?: unknown; rule: Rule; what: string }[] = [
  { what: 'read channels', method: 'GET', path: '/api/admin/channels', rule: 'staff' },
  { what: 'create a channel', method: 'POST', path: '/api/admin/channels', body: () => ({ name: `rbac-${uniqueId()}` }), rule: 'admin' },
  { what: 'rename or archive a channel', method: 'PATCH', path: '/api/admin/channels/no-such-channel', body: { archived: true }, rule: 'admin' },
  { what: 'delete a channel', method: 'DELETE', path: '/api/admin/channels/no-such-channel', rule: 'admin' },
  { what: 'read messages', method: 'GET', path: '/api/admin/channels/general/messages', rule: 'staff' },
  { what: 'post a message', method: 'POST', path: '/api/admin/channels/general/messages', body: { text: 'RBAC matrix says hello' }, rule: 'staff' },
  { what: 'delete any message', method: 'DELETE', path: '/api/admin/channels/general/messages/no-such-message', rule: 'staff' },
  { what: 'list accounts', method: 'GET', path: '/api/admin/users', rule: 'staff' },
  { what: 'change a role', method: 'PATCH', path: '/api/admin/users/no-such-account/role', body: { role: 'moderator' }, rule: 'admin' },
  { what: 'read parked deliveries', method: 'GET', path: '/api/admin/deliveries', rule: 'staff' },
  { what: 're-queue a parked delivery', method: 'POST', path: '/api/admin/deliveries/retry', body: { kind: 'contact', id: 'no-such-submission' }, rule: 'admin' },
  { what: 'discard a parked delivery', method: 'POST', path: '/api/admin/deliveries/discard', body: { kind: 'contact', id: 'no-such-submission' }, rule: 'admin' },
];

const expected = (rule: Rule, who: Who): { status: number; error?: string; message?: RegExp } => {
  if (who === 'anonymous') return { status: 401, error: 'unauthenticated' };
  if (who === 'user') return { status: 403, error: 'forbidden', message: /staff/ };
  if (who === 'moderator' && rule === 'admin') return { status: 403, error: 'forbidden', message: /^Only an admin can do this\.$/ };
  // Allowed: the route itself answers (2xx, or 404 for the made-up ids above).
  return { status: 0 };
};

describe('RBAC matrix of channels, people and deliveries', () => {
  const cells = routes.flatMap((r) => (['anonymous', 'user', 'moderator', 'admin'] as Who[]).map((who) => ({ ...r, who })));
  it.each(cells)('$what ($method $path) as $who', async ({ method, path, body: b, rule, who }) => {
    // ChannelsPage makes "general" on its first list: make sure it exists for the message routes.
    await callApi('/api/admin/channels', { jwt: accounts.moderator.jwt });
    const res = await callApi(path, { method, jwt: jwtOf[who], body: typeof b === 'function' ? b() : b });
    const want = expected(rule, who);
    if (want.status) {
      const e = await expectError(res, want.status, want.error!);
      if (want.message) expect(e.message).toMatch(want.message);
    } else {
      expect([200, 201, 404], `${who} ${method} ${path}: ${await res.clone().text()}`).toContain(res.status);
    }
  });
});

// --- Channels and messages ------------------------------------------------------------------------------

const channelsOf = async (jwt = accounts.moderator.jwt) => (await body<ChannelsResponse>(await callApi('/api/admin/channels', { jwt }), 200)).channels;
const createChannel = (name: string, jwt = accounts.admin.jwt) => callApi('/api/admin/channels', { method: 'POST', jwt, body: { name } });
const post = (channelId: string, text: string, jwt = accounts.moderator.jwt) =>
  callApi(`/api/admin/channels/${channelId}/messages`, { method: 'POST', jwt, body: { text } });
const history = (channelId: string, query = '', jwt = accounts.admin.jwt) =>
  callApi(`/api/admin/channels/${channelId}/messages${query}`, { jwt });

describe('channels', () => {
  it('a fresh install gets #general once, even when two staff open the channels at the same moment', async () => {
    // Empty the collection (another test may have made channels already).
    const all = await appwriteRest('GET', `${documentPath('channels')}?queries[0]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [100] }))}`);
    for (const d of all.body.documents as { $id: string }[]) await appwriteRest('DELETE', documentPath('channels', d.$id));
    const [a, b] = await Promise.all([channelsOf(accounts.moderator.jwt), channelsOf(accounts.admin.jwt)]);
    expect(a.map((c) => c.name)).toEqual(['general']);
    expect(b.map((c) => c.name)).toEqual(['general']);
    expect((await channelsOf()).filter((c) => c.name === 'general')).toHaveLength(1);
  });

  it('admins create, rename, archive and delete channels; names are unique slugs', async () => {
    const tag = uniqueId().slice(-6);
    const created = await body<TeamChannel>(await createChannel(`  Sales Leads ${tag} `), 201);
    expect(created).toMatchObject({ name: `sales-leads-${tag}`, archived: false, description: '' });
    expect((await channelsOf()).map((c) => c.id)).toContain(created.id);
    await expectError(await createChannel(`sales-leads-${tag}`), 409, 'channel_exists');
    const invalid = await expectError(await createChannel('!!!'), 422, 'validation');
    expect(invalid.fields).toEqual({ name: 'Use letters or digits in the channel name.' });
    await expectError(await createChannel('x'.repeat(65)), 422, 'validation');

    const patch = (change: unknown) => callApi(`/api/admin/channels/${created.id}`, { method: 'PATCH', jwt: accounts.admin.jwt, body: change });
    expect(await body<TeamChannel>(await patch({ name: `deals ${tag}` }), 200)).toMatchObject({ name: `deals-${tag}` });
    await expectError(await patch({}), 422, 'validation');

    expect((await post(created.id, 'Before archiving')).status).toBe(201);
    expect(await body<TeamChannel>(await patch({ archived: true }), 200)).toMatchObject({ archived: true });
    await expectError(await post(created.id, 'After archiving'), 409, 'channel_archived');
    // Still readable.
    expect((await body<MessagesResponse>(await history(created.id), 200)).messages.map((m) => m.text)).toEqual(['Before archiving']);

    const deleted = await body<{ id: string; messagesDeleted: number }>(await callApi(`/api/admin/channels/${created.id}`, { method: 'DELETE', jwt: accounts.admin.jwt }), 200);
    expect(deleted).toEqual({ id: created.id, messagesDeleted: 1 });
    expect((await channelsOf()).map((c) => c.id)).not.toContain(created.id);
    await expectError(await history(created.id), 404, 'channel_not_found');
  });

  it('an admin sets, edits and clears a channel\'s description; every staff member reads it; a moderator may not change it', async () => {
    const tag = uniqueId().slice(-6);
    const created = await body<TeamChannel>(await callApi('/api/admin/channels', {
      method: 'POST', jwt: accounts.admin.jwt, body: { name: `described-${tag}`, description: '  Leads from the pricing page.  ' },
    }), 201);
    expect(created.description).toBe('Leads from the pricing page.');
    const patch = (change: unknown, jwt = accounts.admin.jwt) => callApi(`/api/admin/channels/${created.id}`, { method: 'PATCH', jwt, body: change });
    const described = () => channelsOf(accounts.moderator.jwt).then((list) => list.find((c) => c.id === created.id)?.description);

    expect(await body<TeamChannel>(await patch({ description: 'Pricing leads, and who answers them: https://example.com/rota' }), 200))
      .toMatchObject({ name: `described-${tag}`, description: 'Pricing leads, and who answers them: https://example.com/rota' });
    expect(await described()).toBe('Pricing leads, and who answers them: https://example.com/rota');

    await expectError(await patch({ description: 'Mine now' }, accounts.moderator.jwt), 403, 'forbidden');
    const tooLong = await expectError(await patch({ description: 'x'.repeat(501) }), 422, 'validation');
    expect(tooLong.fields).toEqual({ description: 'A description has at most 500 characters.' });
    expect(await described()).toBe('Pricing leads, and who answers them: https://example.com/rota');

    expect(await body<TeamChannel>(await patch({ description: '' }), 200)).toMatchObject({ description: '' });
    expect(await described()).toBe('');
  });

  it('staff post plain text; history comes newest first, a page at a time, with a cursor', async () => {
    const channel = await body<TeamChannel>(await createChannel(`history-${uniqueId().slice(-6)}`), 201);
    const sent: TeamMessage[] = [];
    for (let i = 0; i < 5; i++) sent.push(await body<TeamMessage>(await post(channel.id, `Message ${i} <b>not bold</b>\nsecond line`, i % 2 ? accounts.admin.jwt : accounts.moderator.jwt), 201));
    expect(sent[0]).toMatchObject({ channelId: channel.id, userId: accounts.moderator.id, authorName: 'Test Moderator', text: 'Message 0 <b>not bold</b>\nsecond line', deleted: null });

    const first = await body<MessagesResponse>(await history(channel.id, '?limit=2'), 200);
    expect(first.messages.map((m) => m.id)).toEqual([sent[4]!.id, sent[3]!.id]);
    const second = await body<MessagesResponse>(await history(channel.id, `?limit=2&before=${first.nextCursor}`), 200);
    expect(second.messages.map((m) => m.id)).toEqual([sent[2]!.id, sent[1]!.id]);
    const last = await body<MessagesResponse>(await history(channel.id, `?limit=2&before=${second.nextCursor}`), 200);
    expect(last.messages.map((m) => m.id)).toEqual([sent[0]!.id]);
    expect(last.nextCursor).toBeNull();

    const long = await expectError(await post(channel.id, 'x'.repeat(4001)), 422, 'validation');
    expect(long.fields).toEqual({ text: 'A message has at most 4000 characters.' });
    await expectError(await post(channel.id, ' \n\n  '), 422, 'validation');
    await expectError(await post('bad%20id', 'hello'), 400, 'invalid_channel_id');
    await expectError(await post('no-such-channel', 'hello'), 404, 'channel_not_found');
    await expectError(await history(channel.id, '?limit=500'), 422, 'validation');
  });

  it('staff delete any message: it stays as "deleted by NAME" for everyone, and the deletion is recorded', async () => {
    const channel = await body<TeamChannel>(await createChannel(`deletions-${uniqueId().slice(-6)}`), 201);
    const mine = await body<TeamMessage>(await post(channel.id, 'Posted by the admin', accounts.admin.jwt), 201);
    const url = `/api/admin/channels/${channel.id}/messages/${mine.id}`;
    await expectError(await callApi(url, { method: 'DELETE', jwt: accounts.user.jwt }), 403, 'forbidden');
    await expectError(await callApi(`/api/admin/channels/general/messages/${mine.id}`, { method: 'DELETE', jwt: accounts.moderator.jwt }), 404, 'message_not_found');

    const deleted = await body<TeamMessage>(await callApi(url, { method: 'DELETE', jwt: accounts.moderator.jwt }), 200);
    expect(deleted).toMatchObject({ id: mine.id, text: '', deleted: { byId: accounts.moderator.id, byName: 'Test Moderator' } });
    // Everyone reads the tombstone, never the text; Appwrite keeps who and when, and not the text.
    const seen = (await body<MessagesResponse>(await history(channel.id, '', accounts.admin.jwt), 200)).messages;
    expect(seen).toEqual([deleted]);
    const stored = await appwriteRest('GET', documentPath('messages', mine.id));
    expect(stored.body).toMatchObject({ text: null, deletedById: accounts.moderator.id, deletedByName: 'Test Moderator' });
    expect(Date.parse(String(stored.body.deletedAt))).toBeGreaterThan(Date.now() - 60_000);
    // Deleting it again changes nothing.
    expect(await body<TeamMessage>(await callApi(url, { method: 'DELETE', jwt: accounts.admin.jwt }), 200)).toEqual(deleted);
  });
});

// --- People and roles -----------------------------------------------------------------------------------

interface Fresh { id: string; email: string; jwt: string }

/** Appwrite's REST API with the server key, in any project (the Worker tests' project by default); the call must succeed. */
const rest = (method: string, path: string, data?: unknown, project = appwrite.projectId) =>
  appwriteAdmin({ endpoint: appwrite.endpoint, projectId: project, apiKey: appwrite.apiKey }).ok(method, path, data);

/** A new account (signed up as a visitor would), optionally with a profile role, and a JWT of its own. */
async function newAccount(tag: string, role?: 'admin' | 'moderator', project = appwrite.projectId): Promise<Fresh> {
  const id = `t-${tag}-${uniqueId().slice(-8)}`;
  const email = `${id}@worker.test`;
  const signUp = await fetch(`${appwrite.endpoint}/account`, {
    method: 'POST',
    headers: { 'X-Appwrite-Project': project, 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: id, email, password: 'fresh-account-password', name: `Fresh ${tag}` }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(201);
  if (role) {
    await rest('POST', documentPath('users'), { documentId: id, data: { userId: id, email, role }, permissions: [`read("user:${id}")`] }, project);
    await rest('PUT', `/users/${id}/labels`, { labels: [role] }, project);
  }
  const session = await rest('POST', `/users/${id}/sessions`, undefined, project);
  const jwt = await fetch(`${appwrite.endpoint}/account/jwts`, {
    method: 'POST',
    headers: { 'X-Appwrite-Project': project, 'X-Appwrite-Session': String(session.secret), 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(jwt.status, await jwt.clone().text()).toBe(201);
  return { id, email, jwt: ((await jwt.json()) as { jwt: string }).jwt };
}

const labelsOf = async (id: string, project = appwrite.projectId) => (await rest('GET', `/users/${id}`, undefined, project)).labels as string[];
const setRole = (userId: string, role: string, jwt = accounts.admin.jwt) => callApi(`/api/admin/users/${userId}/role`, { method: 'PATCH', jwt, body: { role } });
const people = async (query: string, jwt = accounts.moderator.jwt) => body<PeopleResponse>(await callApi(`/api/admin/users${query}`, { jwt }), 200);

describe('people and roles', () => {
  it('lists every account with e-mail, name, role, verified, created and last seen; search finds by e-mail; moderators read it too', async () => {
    const list = await people('?search=worker.test');
    const byId = new Map(list.people.map((p) => [p.id, p]));
    expect(byId.get(accounts.admin.id)).toMatchObject({ email: accounts.admin.email, name: 'Test Admin', role: 'admin', verified: true, active: true });
    expect(byId.get(accounts.moderator.id)?.role).toBe('moderator');
    expect(byId.get(accounts.user.id)?.role).toBe('user');
    // Role from a profile made for the address before the account existed (found by e-mail).
    expect(byId.get(accounts.emailStaff.id)?.role).toBe('moderator');
    // A former employee's admin profile with this address does not lend its role.
    expect(byId.get(accounts.recycled.id)?.role).toBe('user');
    expect(byId.get(accounts.unverified.id)).toMatchObject({ role: 'user', verified: false });
    const admin = byId.get(accounts.admin.id)!;
    expect(Date.parse(admin.createdAt)).toBeGreaterThan(0);
    expect(Date.parse(admin.lastSeenAt!)).toBeGreaterThan(0);

    const one = await people(`?search=${encodeURIComponent(accounts.moderator.email)}`, accounts.admin.jwt);
    expect(one.people.map((p) => p.email)).toEqual([accounts.moderator.email]);
    await expectError(await callApi(`/api/admin/users?search=${'x'.repeat(200)}`, { jwt: accounts.admin.jwt }), 422, 'validation');
  });

  it('pages through the accounts with a cursor', async () => {
    const first = await people('');
    expect(first.people.length).toBeGreaterThan(0);
    if (first.nextCursor) {
      const second = await people(`?cursor=${first.nextCursor}`);
      expect(second.people.map((p) => p.id)).not.toContain(first.people[0]!.id);
    } else {
      expect(first.people.length).toBe(first.total);
    }
  });

  it('an admin changes a role: it counts from the next request, the labels follow, and the change is recorded', async () => {
    const target = await newAccount('promote');
    await expectError(await callApi('/api/admin/channels', { jwt: target.jwt }), 403, 'forbidden');

    expect(await body(await setRole(target.id, 'moderator'), 200)).toEqual({ userId: target.id, role: 'moderator' });
    expect(await labelsOf(target.id)).toEqual(['moderator']);
    expect((await callApi('/api/admin/channels', { jwt: target.jwt })).status).toBe(200);
    const [listed] = (await people(`?search=${encodeURIComponent(target.email)}`)).people;
    expect(listed).toMatchObject({ role: 'moderator', lastRoleChange: { userId: target.id, from: 'user', to: 'moderator', byId: accounts.admin.id, byName: 'Test Admin' } });

    // Moderators may list, never change; nobody changes their own role.
    const refused = await expectError(await setRole(target.id, 'admin', accounts.moderator.jwt), 403, 'forbidden');
    expect(refused.message).toBe('Only an admin can do this.');
    const own = await expectError(await setRole(accounts.admin.id, 'user'), 409, 'own_role');
    expect(own.message).toBe(roleChangeMessages.ownRole);

    expect((await setRole(target.id, 'user')).status).toBe(200);
    expect(await labelsOf(target.id)).toEqual([]);
    await expectError(await callApi('/api/admin/channels', { jwt: target.jwt }), 403, 'forbidden');
  });

  it('labels that differ from the role are repaired when the account signs in (GET /api/me)', async () => {
    const staff = await newAccount('repair', 'moderator');
    await rest('PUT', `/users/${staff.id}/labels`, { labels: ['vip'] });
    expect((await callApi('/api/me', { jwt: staff.jwt })).status).toBe(200);
    expect((await labelsOf(staff.id)).sort()).toEqual(['moderator', 'vip']);

    const plain = await newAccount('repair-user');
    await rest('PUT', `/users/${plain.id}/labels`, { labels: ['admin'] });
    expect(await body(await callApi('/api/me', { jwt: plain.jwt }), 200)).toMatchObject({ role: 'user' });
    expect(await labelsOf(plain.id)).toEqual([]);
  });

  it('two admins demoting each other at the same moment: one change is made, the other is refused', async () => {
    const [x, y] = await Promise.all([newAccount('race-x', 'admin'), newAccount('race-y', 'admin')]);
    const results = await Promise.all([setRole(y.id, 'user', x.jwt), setRole(x.id, 'user', y.jwt)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 403]);
    const refused = (await results.find((r) => r.status === 403)!.json()) as ApiError;
    expect(refused.message).toBe(roleChangeMessages.noLongerAdmin);
    const roles = (await people(`?search=t-race-`, accounts.admin.jwt)).people.filter((p) => p.id === x.id || p.id === y.id).map((p) => p.role).sort();
    expect(roles).toEqual(['admin', 'user']);
  });

  it('never removes the last admin, also when the only two admins demote each other at the same moment', async () => {
    // A project of its own, where these two become the only admins (the emulator seeds every project alike).
    const project = `roles-${uniqueId()}`;
    const [x, y] = await Promise.all([newAccount('last-x', 'admin', project), newAccount('last-y', 'admin', project)]);
    const q = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'role', values: ['admin'] }));
    const admins = (await rest('GET', `${documentPath('users')}?queries[0]=${q}`, undefined, project)).documents as { $id: string }[];
    for (const d of admins.filter((d) => d.$id !== x.id && d.$id !== y.id)) await rest('PATCH', documentPath('users', d.$id), { data: { role: 'user' } }, project);

    const inProject = (userId: string, jwt: string) => worker.fetch(new Request(`http://localhost/api/admin/users/${userId}/role`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify({ role: 'moderator' }),
    }), { ...env, APPWRITE_PROJECT_ID: project } as Env, createExecutionContext());
    const results = await Promise.all([inProject(y.id, x.jwt), inProject(x.id, y.jwt)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = (await results.find((r) => r.status === 409)!.json()) as ApiError;
    expect(refused).toMatchObject({ error: 'last_admin', message: roleChangeMessages.lastAdmin });
    const labels = [(await labelsOf(x.id, project)), (await labelsOf(y.id, project))].map((l) => l.join()).sort();
    expect(labels).toEqual(['admin', 'moderator']);
  });

  it('a profile that keeps its role in role_enum (older installations) counts as an admin for the last-admin rule, and as staff', async () => {
    // The older profile field, as an older installation has it (202 made, 409 there already): the schema
    // writes `role`, the one role reader (shared/appwrite/roles.ts) reads role_enum first.
    const field = await fetch(`${appwrite.endpoint}/databases/${appwrite.databaseId}/collections/users/attributes/enum`, {
      method: 'POST',
      headers: { 'X-Appwrite-Project': appwrite.projectId, 'X-Appwrite-Key': appwrite.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: 'role_enum', elements: ['admin', 'moderator', 'user'], required: false }),
    });
    expect([202, 409]).toContain(field.status);

    const project = `legacy-${uniqueId()}`;
    const olderProfile = async (tag: string, role: 'admin' | 'moderator') => {
      const a = await newAccount(tag, undefined, project);
      await rest('POST', documentPath('users'), { documentId: a.id, data: { userId: a.id, email: a.email, role_enum: role }, permissions: [`read("user:${a.id}")`] }, project);
      await rest('PUT', `/users/${a.id}/labels`, { labels: [role] }, project);
      return a;
    };
    const older = await olderProfile('older-admin', 'admin');
    const olderMod = await olderProfile('older-mod', 'moderator');
    const [x, y] = await Promise.all([newAccount('newer-x', 'admin', project), newAccount('newer-y', 'admin', project)]);
    // The seeded admins of the project become users: the older admin, x and y are the only admins.
    const q = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'role', values: ['admin'] }));
    const seeded = (await rest('GET', `${documentPath('users')}?queries[0]=${q}`, undefined, project)).documents as { $id: string }[];
    for (const d of seeded.filter((d) => d.$id !== x.id && d.$id !== y.id)) await rest('PATCH', documentPath('users', d.$id), { data: { role: 'user' } }, project);
    expect((await rest('GET', documentPath('users', older.id), undefined, project))).toMatchObject({ role_enum: 'admin', role: 'user' });

    const inProject = (path: string, jwt: string, change?: unknown) => worker.fetch(new Request(`http://localhost${path}`, {
      method: change ? 'PATCH' : 'GET',
      headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
      body: change ? JSON.stringify(change) : undefined,
    }), { ...env, APPWRITE_PROJECT_ID: project } as Env, createExecutionContext());

    // x and y demote each other at once: the second is no longer an admin, and is told so, not that it would
    // remove the last admin: the older admin is one.
    const race = await Promise.all([inProject(`/api/admin/users/${y.id}/role`, x.jwt, { role: 'user' }), inProject(`/api/admin/users/${x.id}/role`, y.jwt, { role: 'user' })]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await race.find((r) => r.status === 403)!.json()).toMatchObject({ error: 'forbidden', message: roleChangeMessages.noLongerAdmin });
    const remaining = race[0]!.status === 200 ? x : y;

    // The older admin demotes the last admin whose role is in `role`: allowed, the older admin remains.
    expect(await body(await inProject(`/api/admin/users/${remaining.id}/role`, older.jwt, { role: 'moderator' }), 200)).toEqual({ userId: remaining.id, role: 'moderator' });

    // The staff list reads the role the same way: the older admin and moderator can be assigned leads.
    const { staff } = await body<{ staff: { id: string; role: string }[] }>(await inProject('/api/admin/leads/staff', older.jwt), 200);
    expect(staff.find((s) => s.id === older.id)?.role).toBe('admin');
    expect(staff.find((s) => s.id === olderMod.id)?.role).toBe('moderator');
    expect(staff.find((s) => s.id === remaining.id)?.role).toBe('moderator');
  });

  it('refuses bad input with 4xx JSON', async () => {
    await expectError(await setRole('no-such-account', 'user'), 404, 'user_not_found');
    await expectError(await setRole(accounts.target.id, 'owner'), 422, 'validation');
    await expectError(await callApi('/api/admin/users?cursor=bad%20id', { jwt: accounts.admin.jwt }), 400, 'invalid_user_id');
  });
});

// --- Parked deliveries ----------------------------------------------------------------------------------

describe('deliveries', () => {
  const ledger = () => env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);
  const list = async (jwt = accounts.moderator.jwt) => (await body<DeliveriesResponse>(await callApi('/api/admin/deliveries', { jwt }), 200)).deliveries;
  const park = async () => {
    const id = uniqueId();
    await ledger().park({ id, kind: 'contact', submittedAt: new Date().toISOString(), message: { v: 1, id, kind: 'contact', submittedAt: new Date().toISOString(), fields: validSamples().contact }, reason: 'FormSubmit answered HTTP 500' });
    return id;
  };

  it('lists parked submissions with what went wrong in words and every submitted field, labelled', async () => {
    const id = await park();
    const found = (await list()).find((d) => d.id === id);
    expect(found).toMatchObject({
      kind: 'contact', kindName: 'Contact message', attempts: 0, timesParked: 1,
      problem: 'It was not e-mailed to the team and not recorded in Appwrite.',
      lastError: 'FormSubmit answered HTTP 500', raw: null,
    });
    expect(found!.fields).toContainEqual({ name: 'email', label: 'Email address', value: validSamples().contact.email });
    expect(found!.fields).toContainEqual({ name: 'message', label: 'Your message', value: validSamples().contact.message });
  });

  it('admins re-queue one or all; moderators may not', async () => {
    const id = await park();
    await expectError(await callApi('/api/admin/deliveries/retry', { method: 'POST', jwt: accounts.moderator.jwt, body: { kind: 'contact', id } }), 403, 'forbidden');
    const one = await body<RetryResponse>(await callApi('/api/admin/deliveries/retry', { method: 'POST', jwt: accounts.admin.jwt, body: { kind: 'contact', id } }), 200);
    expect(one).toEqual({ requeued: [{ kind: 'contact', id }], failed: [] });
    expect((await list()).map((d) => d.id)).not.toContain(id);
    await expectError(await callApi('/api/admin/deliveries/retry', { method: 'POST', jwt: accounts.admin.jwt, body: { kind: 'contact', id } }), 404, 'not_parked');

    const [a, b] = [await park(), await park()];
    const all = await body<RetryResponse>(await callApi('/api/admin/deliveries/retry', { method: 'POST', jwt: accounts.admin.jwt, body: { all: true } }), 200);
    expect(all.requeued.map((r) => r.id)).toEqual(expect.arrayContaining([a, b]));
    expect((await list()).map((d) => d.id)).not.toContain(a);
    await expectError(await callApi('/api/admin/deliveries/retry', { method: 'POST', jwt: accounts.admin.jwt, body: { all: false } }), 422, 'validation');
  });

  it('admins discard one; it is gone for good', async () => {
    const id = await park();
    await expectError(await callApi('/api/admin/deliveries/discard', { method: 'POST', jwt: accounts.moderator.jwt, body: { kind: 'contact', id } }), 403, 'forbidden');
    expect(await body(await callApi('/api/admin/deliveries/discard', { method: 'POST', jwt: accounts.admin.jwt, body: { kind: 'contact', id } }), 200)).toEqual({ discarded: { kind: 'contact', id } });
    expect((await list(accounts.admin.jwt)).map((d) => d.id)).not.toContain(id);
    expect(await ledger().get({ kind: 'contact', id })).toBeNull();
    await expectError(await callApi('/api/admin/deliveries/discard', { method: 'POST', jwt: accounts.admin.jwt, body: { kind: 'contact', id } }), 404, 'not_parked');
  });
});
