// The server-side Users API a Worker with an API key needs: list and read users, labels, status,
// verification, sessions and tokens.
import { AppwriteError, invalidParam } from './errors.ts';
import { deleteSession, getUser, issueToken, saveUser, SESSIONS, startSession, USERS, userSessions } from './accounts.ts';
import { json, noContent, optNumber, optString, raw, type Ctx, type Route } from './context.ts';
import { sessionModel, tokenModel, userModel } from './models.ts';
import { invalidQuery, parseQueries, plan, run } from './queries.ts';
import type { UserRecord } from './types.ts';
import { secret } from './util.ts';

function user(ctx: Ctx): UserRecord {
  const u = getUser(ctx.emu, ctx.project, ctx.params.userId!);
  if (!u) throw new AppwriteError('user_not_found');
  return u;
}

const ALLOWED = ['$id', '$createdAt', '$updatedAt', 'name', 'email', 'phone', 'status', 'passwordUpdate', 'registration', 'emailVerification', 'phoneVerification', 'labels'];

export function usersRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/users',
      scope: 'users.read',
      handler: (ctx) => {
        const queries = parseQueries(ctx.query.queries);
        for (const q of queries) if (q.attribute && !ALLOWED.includes(q.attribute)) throw invalidQuery(`Attribute not found in schema: ${q.attribute}`);
        const search = optString(ctx, 'search', 256)?.toLowerCase();
        let users = ctx.emu.store.list<UserRecord>(ctx.project, USERS);
        if (search) users = users.filter((u) => [u.$id, u.email, u.name, u.phone].some((f) => f.toLowerCase().includes(search)));
        const rows = users.map((u, i) => ({ ...u, $sequence: i }));
        const result = run(rows as unknown as Record<string, unknown>[], plan(queries));
        if (result.cursorMissing) throw new AppwriteError('general_cursor_not_found', `User '${result.cursorMissing}' for the 'cursor' value not found.`);
        return json({ total: result.total, users: result.page.map((u) => userModel(u as unknown as UserRecord)) });
      },
    },
    { method: 'GET', path: '/users/:userId', scope: 'users.read', handler: (ctx) => json(userModel(user(ctx))) },
    { method: 'GET', path: '/users/:userId/prefs', scope: 'users.read', handler: (ctx) => json(user(ctx).prefs) },
    {
      method: 'GET',
      path: '/users/:userId/sessions',
      scope: 'users.read',
      handler: (ctx) => {
        const sessions = userSessions(ctx.emu, ctx.project, user(ctx).$id).map((s) => sessionModel(s, false));
        return json({ total: sessions.length, sessions });
      },
    },
    {
      method: 'PUT',
      path: '/users/:userId/labels',
      scope: 'users.write',
      handler: (ctx) => {
        const u = user(ctx);
        const labels = raw(ctx, 'labels');
        if (!Array.isArray(labels) || labels.some((l) => typeof l !== 'string' || !/^[A-Za-z0-9]{1,36}$/.test(l))) {
          throw invalidParam('labels', 'Value must a valid array and Value must be a valid string and at least 1 chars and no longer than 36 chars');
        }
        u.labels = [...new Set(labels as string[])];
        return json(userModel(saveUser(ctx.emu, ctx.project, u)));
      },
    },
    {
      method: 'PATCH',
      path: '/users/:userId/status',
      scope: 'users.write',
      handler: (ctx) => {
        const u = user(ctx);
        const status = raw(ctx, 'status');
        if (typeof status !== 'boolean') throw invalidParam('status', 'Value must be a valid boolean');
        u.status = status;
        return json(userModel(saveUser(ctx.emu, ctx.project, u)));
      },
    },
    {
      method: 'PATCH',
      path: '/users/:userId/verification',
      scope: 'users.write',
      handler: (ctx) => {
        const u = user(ctx);
        const value = raw(ctx, 'emailVerification');
        if (typeof value !== 'boolean') throw invalidParam('emailVerification', 'Value must be a valid boolean');
        u.emailVerification = value;
        return json(userModel(saveUser(ctx.emu, ctx.project, u)));
      },
    },
    {
      method: 'POST',
      path: '/users/:userId/sessions',
      scope: 'users.write',
      handler: (ctx) => {
        const u = user(ctx);
        const { model } = startSession(ctx, u, 'server', ['server']);
        ctx.setCookies.length = 0;
        delete ctx.headers['X-Fallback-Cookies'];
        return json(model, 201);
      },
    },
    {
      method: 'DELETE',
      path: '/users/:userId/sessions',
      scope: 'users.write',
      handler: (ctx) => {
        for (const s of userSessions(ctx.emu, ctx.project, user(ctx).$id)) deleteSession(ctx, s);
        return noContent();
      },
    },
    {
      method: 'POST',
      path: '/users/:userId/tokens',
      scope: 'users.write',
      handler: (ctx) => {
        const u = user(ctx);
        const length = optNumber(ctx, 'length') ?? 6;
        const expire = optNumber(ctx, 'expire') ?? 900;
        if (!Number.isInteger(length) || length < 4 || length > 128) throw invalidParam('length', 'Value must be a valid range between 4 and 128');
        if (!Number.isInteger(expire) || expire < 60 || expire > 31536000) throw invalidParam('expire', 'Value must be a valid range between 60 and 31,536,000');
        const tokenSecret = secret(64).slice(0, length);
        const token = issueToken(ctx.emu, ctx.project, u.$id, 'generic', tokenSecret, expire);
        return json(tokenModel(token, tokenSecret), 201);
      },
    },
    {
      method: 'DELETE',
      path: '/users/:userId',
      scope: 'users.write',
      handler: (ctx) => {
        const u = user(ctx);
        for (const s of userSessions(ctx.emu, ctx.project, u.$id)) ctx.emu.store.delete(ctx.project, SESSIONS, s.$id);
        ctx.emu.store.delete(ctx.project, USERS, u.$id);
        return noContent();
      },
    },
  ];
}
