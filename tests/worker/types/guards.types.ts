// A type test, checked by `tsc -b` (tsconfig.worker.json includes tests/worker) and never run: the signed-in
// caller (`auth`) and the server's Appwrite client (`appwrite`) exist on a route only behind its guard,
// requireUser or allow(action) (functions/auth.ts, functions/admin/allow.ts; docs/decisions/0013). Each
// `@ts-expect-error` below is a handler without a guard: if the guard stopped being what gives a route
// these variables (e.g. a sub-app typed with them again), the line would compile, and tsc would fail on
// the unused directive.
import { Hono } from 'hono';
import { allow } from '../../../functions/admin/allow.ts';
import { requireUser } from '../../../functions/auth.ts';
import type { AppEnv } from '../../../functions/env.ts';

export const unguarded = new Hono<AppEnv>()
  .get('/no-guard', (c) => {
    // @ts-expect-error no guard on this route: there is no signed-in caller to read
    const { user } = c.get('auth');
    // @ts-expect-error nor the server's Appwrite client
    const { client } = c.var.appwrite;
    return c.json({ user, client: typeof client });
  })
  // A guard on another route does not reach this one.
  .get('/guarded-elsewhere', allow('lead.read'), (c) => c.json({ role: c.get('auth').role }))
  .get('/still-unguarded', (c) => {
    // @ts-expect-error the guard of the route above does not apply here
    return c.json({ role: c.get('auth').role });
  })
  // Middleware that is not a guard gives nothing either.
  .get('/other-middleware', async (_c, next) => next(), (c) => {
    // @ts-expect-error a plain middleware is not a guard
    return c.json({ id: c.get('auth').user.id });
  });

export const guarded = new Hono<AppEnv>()
  // Behind requireUser or allow(action), the same reads type-check.
  .get('/me', requireUser, (c) => c.json({ id: c.get('auth').user.id, db: c.var.appwrite.settings.databaseId }))
  .get('/leads', allow('lead.read'), (c) => c.json({ role: c.get('auth').role, db: c.get('appwrite').settings.databaseId }));
