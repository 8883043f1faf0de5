import { describe, expect, it } from 'vitest';
import { pickSavedReply, renderSavedReply, type SavedRepliesResponse, type SavedReply } from '../../shared/admin/savedReplies.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { expectApiError } from '../kit/errors.ts';
import { workerApi } from '../kit/worker.ts';
import { accounts, appwriteRest, callApi, documentPath } from './appwrite-helpers.ts';

// /api/admin/saved-replies through the real Worker and the Appwrite emulator (shared/admin/savedReplies.ts):
// staff read them, admins write them, and a body with an unknown {{variable}} is refused when saving.

type Who = 'anonymous' | 'user' | 'moderator' | 'admin';
const jwtOf: Record<Who, string | undefined> = { anonymous: undefined, user: accounts.user.jwt, moderator: accounts.moderator.jwt, admin: accounts.admin.jwt };
const api = (who: Who = 'admin') => workerApi({ jwt: jwtOf[who] })['admin']['saved-replies'];

async function json<T>(res: Pick<Response, 'status' | 'text'>, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const create = async (title = `Welcome ${uniqueId()}`, body = 'Hi {{first_name}}, thanks for asking about {{service}}. {{agent_name}}') =>
  json<SavedReply>(await api().$post({ json: { title, body } }), 201);

describe('saved replies: who may do what', () => {
  type Rule = 'staff' | 'admin';
  const routes: { what: string; method: string; path: (id: string) => string; body?: unknown; rule: Rule; ok: number }[] = [
    { what: 'list', method: 'GET', path: () => '/api/admin/saved-replies', rule: 'staff', ok: 200 },
    { what: 'read one', method: 'GET', path: (id) => `/api/admin/saved-replies/${id}`, rule: 'staff', ok: 200 },
    { what: 'create', method: 'POST', path: () => '/api/admin/saved-replies', body: { title: 'RBAC', body: 'Hello {{first_name}}' }, rule: 'admin', ok: 201 },
    { what: 'change', method: 'PATCH', path: (id) => `/api/admin/saved-replies/${id}`, body: { title: 'RBAC changed' }, rule: 'admin', ok: 200 },
    { what: 'delete', method: 'DELETE', path: (id) => `/api/admin/saved-replies/${id}`, rule: 'admin', ok: 200 },
  ];
  const cells = routes.flatMap((r) => (['anonymous', 'user', 'moderator', 'admin'] as Who[]).map((who) => ({ ...r, who })));
  it.each(cells)('$what as $who', async ({ method, path, body, rule, ok, who }) => {
    const reply = await create();
    const res = await callApi(path(reply.id), { method, jwt: jwtOf[who], body });
    if (who === 'anonymous') return void await expectApiError(res, 401, 'unauthenticated');
    if (who === 'user') return void expect((await expectApiError(res, 403, 'forbidden')).message).toMatch(/staff/);
    if (who === 'moderator' && rule === 'admin') {
      expect((await expectApiError(res, 403, 'forbidden')).message).toBe('Only an admin can do this.');
      // Refused means untouched.
      expect((await json<SavedReply>(await callApi(`/api/admin/saved-replies/${reply.id}`, { jwt: jwtOf.admin }), 200)).title).toBe(reply.title);
      return;
    }
    expect(res.status, await res.clone().text()).toBe(ok);
  });
});

describe('saved replies', () => {
  it('an admin creates, lists, changes and deletes one; staff list and read it', async () => {
    const title = `Aaa first ${uniqueId()}`;
    const made = await create(title, 'Hello {{ first_name }},\n\nBook a call: {{booking_link}}\n\n{{agent_name}}');
    expect(made).toMatchObject({ title, body: 'Hello {{ first_name }},\n\nBook a call: {{booking_link}}\n\n{{agent_name}}', updatedBy: accounts.admin.id });
    expect(made.updatedAt).toEqual(expect.any(String));

    const listed = await json<SavedRepliesResponse>(await api('moderator').$get(), 200);
    expect(listed.replies.find((r) => r.id === made.id)).toEqual(made);
    const titles = listed.replies.map((r) => r.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await json<SavedReply>(await api('moderator')[':replyId'].$get({ param: { replyId: made.id } }), 200)).toEqual(made);

    const changed = await json<SavedReply>(await api()[':replyId'].$patch({ param: { replyId: made.id }, json: { body: 'Thanks, {{first_name}}: about {{estimate}}.' } }), 200);
    expect(changed).toMatchObject({ id: made.id, title, body: 'Thanks, {{first_name}}: about {{estimate}}.' });

    expect(await json<{ id: string }>(await api()[':replyId'].$delete({ param: { replyId: made.id } }), 200)).toEqual({ id: made.id });
    expect((await appwriteRest('GET', documentPath(COLLECTIONS.savedReplies, made.id))).status).toBe(404);
    await expectApiError(await api()[':replyId'].$get({ param: { replyId: made.id } }), 404, 'saved_reply_not_found');
    await expectApiError(await api()[':replyId'].$delete({ param: { replyId: made.id } }), 404, 'saved_reply_not_found');
    await expectApiError(await api()[':replyId'].$patch({ param: { replyId: made.id }, json: { title: 'Gone' } }), 404, 'saved_reply_not_found');
  });

  it('refuses an unknown variable when saving, naming it, and keeps nothing', async () => {
    const title = `Unknown ${uniqueId()}`;
    const refused = await expectApiError(await api().$post({ json: { title, body: 'Hi {{first_name}}, your {{discount_code}} and {{ price }}.' } }), 422, 'validation');
    expect(refused.fields?.body).toMatch(/\{\{discount_code\}\}, \{\{price\}\}/);
    expect(refused.message).toMatch(/discount_code/);
    const listed = await json<SavedRepliesResponse>(await api().$get(), 200);
    expect(listed.replies.some((r) => r.title === title)).toBe(false);

    const kept = await create();
    const change = await expectApiError(await api()[':replyId'].$patch({ param: { replyId: kept.id }, json: { body: 'Hello {{firstname}}' } }), 422, 'validation');
    expect(change.fields?.body).toMatch(/\{\{firstname\}\}/);
    expect(await json<SavedReply>(await api()[':replyId'].$get({ param: { replyId: kept.id } }), 200)).toEqual(kept);
  });

  it('refuses an empty title or body, a too long one, an empty change and a bad id', async () => {
    expect((await expectApiError(await api().$post({ json: { title: ' ', body: 'x' } }), 422, 'validation')).fields).toHaveProperty('title');
    expect((await expectApiError(await api().$post({ json: { title: 'x', body: '' } }), 422, 'validation')).fields).toHaveProperty('body');
    expect((await expectApiError(await api().$post({ json: { title: 'x'.repeat(81), body: 'x' } }), 422, 'validation')).fields).toHaveProperty('title');
    expect((await expectApiError(await api().$post({ json: { title: 'x', body: 'x'.repeat(5001) } }), 422, 'validation')).fields).toHaveProperty('body');
    const kept = await create();
    await expectApiError(await api()[':replyId'].$patch({ param: { replyId: kept.id }, json: {} }), 422, 'validation');
    await expectApiError(await callApi('/api/admin/saved-replies/not%20an%20id', { jwt: jwtOf.admin }), 400, 'invalid_id');
  });
});

describe('saved replies in French (bodyFr)', () => {
  const lead = { name: 'Awa Traoré', email: 'awa@example.com', serviceInterest: 'Web Development', budgetRange: null };
  const context = { lead, agent: { name: 'Kofi' }, bookingUrl: null, siteUrl: 'https://voltalabs.dev' };

  it('an admin saves a French version; staff read it, and a French lead gets it, an English lead the English', async () => {
    const title = `Bilingual ${uniqueId()}`;
    const made = await json<SavedReply>(await api().$post({ json: { title, body: 'Hello {{first_name}}, about {{service}}.', bodyFr: '  Bonjour {{first_name}}, à propos de {{ service }} ({{estimate}}).  ' } }), 201);
    expect(made).toMatchObject({ title, body: 'Hello {{first_name}}, about {{service}}.', bodyFr: 'Bonjour {{first_name}}, à propos de {{ service }} ({{estimate}}).' });
    expect((await appwriteRest('GET', documentPath(COLLECTIONS.savedReplies, made.id))).body).toMatchObject({ bodyFr: made.bodyFr });
    const listed = (await json<SavedRepliesResponse>(await api('moderator').$get(), 200)).replies.find((r) => r.id === made.id)!;
    expect(listed).toEqual(made);

    // The composer's pick, from what staff were given.
    const french = pickSavedReply(listed, 'fr');
    expect(french).toEqual({ body: made.bodyFr, language: 'fr', fellBack: false });
    expect(renderSavedReply(french.body, context, french.language)).toEqual({ text: 'Bonjour Awa, à propos de Web Development (une estimation que nous confirmerons avec vous).', missing: ['estimate'] });
    for (const language of ['en', undefined] as const) expect(pickSavedReply(listed, language)).toEqual({ body: made.body, language: 'en', fellBack: false });

    // Changed, then removed with an empty text: a French lead then gets the English, and is told.
    const changed = await json<SavedReply>(await api()[':replyId'].$patch({ param: { replyId: made.id }, json: { bodyFr: 'Merci, {{first_name}}.' } }), 200);
    expect(changed).toMatchObject({ body: made.body, bodyFr: 'Merci, {{first_name}}.' });
    const removed = await json<SavedReply>(await api()[':replyId'].$patch({ param: { replyId: made.id }, json: { bodyFr: '  ' } }), 200);
    expect(removed).toMatchObject({ title, body: made.body, bodyFr: null });
    expect(pickSavedReply(removed, 'fr')).toEqual({ body: made.body, language: 'en', fellBack: true });

    // A reply saved with no French version has none.
    expect((await create()).bodyFr).toBeNull();
  });

  it('refuses an unknown variable in the French version by name, and a too long one, keeping nothing', async () => {
    const title = `Unknown fr ${uniqueId()}`;
    const refused = await expectApiError(await api().$post({ json: { title, body: 'Hello {{first_name}}', bodyFr: 'Bonjour {{prenom}}, {{ service }}' } }), 422, 'validation');
    expect(refused.fields?.bodyFr).toMatch(/Unknown variable \{\{prenom\}\}\./);
    expect(refused.fields).not.toHaveProperty('body');
    expect((await json<SavedRepliesResponse>(await api().$get(), 200)).replies.some((r) => r.title === title)).toBe(false);

    const kept = await create();
    const change = await expectApiError(await api()[':replyId'].$patch({ param: { replyId: kept.id }, json: { bodyFr: 'Bonjour {{nom}}' } }), 422, 'validation');
    expect(change.fields?.bodyFr).toMatch(/\{\{nom\}\}/);
    expect((await expectApiError(await api()[':replyId'].$patch({ param: { replyId: kept.id }, json: { bodyFr: 'x'.repeat(5001) } }), 422, 'validation')).fields).toHaveProperty('bodyFr');
    expect((await expectApiError(await callApi(`/api/admin/saved-replies/${kept.id}`, { method: 'PATCH', jwt: jwtOf.admin, body: { bodyFr: 42 } }), 422, 'validation')).fields).toHaveProperty('bodyFr');
    expect(await json<SavedReply>(await api()[':replyId'].$get({ param: { replyId: kept.id } }), 200)).toEqual(kept);
  });
});
