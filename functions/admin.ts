import { Hono } from 'hono';
import type { OverviewResponse } from '../shared/api.ts';
import { LEDGER_NAME } from '../durable/SubmissionLedger.ts';
import { isRole, ROLES, updateRole, type Role } from '../shared/appwrite/roles.ts';
import { submissionCollections, submissionKinds, type SubmissionKind } from '../shared/appwrite/schema.ts';
import { AppwriteApiError, profileStore, Q } from './appwrite.ts';
import { apiError, authMessages, requireRole, requireStaff, requireUser, upstreamFailure, type AuthEnv } from './auth.ts';

// /api/admin/*: staff only, enforced here (ARCHITECTURE.md decision 7).
//   GET   /api/admin/overview             admin or moderator → { counts: { <kind>: n }, parked: n | null }
//   PATCH /api/admin/users/:userId/role   admin only, body { role } → { userId, role }
export const admin = new Hono<AuthEnv>();

export type { OverviewResponse } from '../shared/api.ts';

export interface RoleChangeResponse {
  userId: string;
  role: Role;
}

/** listParked answers at most this many; the overview says "500" for "500 or more". */
const PARKED_LIMIT = 500;
const USER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

admin.use('*', requireUser, requireStaff);

admin.get('/overview', async (c) => {
  const { client, settings } = c.get('appwrite');
  const ledger = c.env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);
  const unavailable = (err: unknown) => {
    console.error(JSON.stringify({ event: 'ledger.unavailable', error: err instanceof Error ? err.message : String(err) }));
    return null;
  };
  const parked = ledger.listParked({ limit: PARKED_LIMIT }).then((list) => list.length).catch(unavailable);
  const honeypot = ledger.honeypotCounts(7).catch(unavailable);
  try {
    // Only the totals: one document per list is the least Appwrite allows us to ask for.
    const totals = await Promise.all(submissionKinds.map(async (kind) => {
      const list = await client.listDocuments(settings.databaseId, submissionCollections[kind], [Q.limit(1)]);
      return [kind, list.total] as const;
    }));
    return c.json<OverviewResponse>({ counts: Object.fromEntries(totals) as Record<SubmissionKind, number>, parked: await parked, honeypot: await honeypot });
  } catch (err) {
    await Promise.all([parked, honeypot]);
    return upstreamFailure(c, err, 'admin overview');
  }
});

admin.patch('/users/:userId/role', requireRole(['admin'], authMessages.adminOnly), async (c) => {
  const userId = c.req.param('userId');
  if (!USER_ID.test(userId)) return apiError(c, 400, 'invalid_user_id', 'That is not a valid account id.');

  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return apiError(c, 400, 'invalid_json', 'The request body is not valid JSON.');
  }
  const role = (body as { role?: unknown } | null)?.role;
  if (!isRole(role)) {
    return apiError(c, 422, 'validation', 'One field needs your attention.', { fields: { role: `Choose one of: ${ROLES.join(', ')}.` } });
  }
  if (userId === c.get('auth').user.id) {
    // An admin who demotes themselves could leave the site without any admin.
    return apiError(c, 409, 'own_role', 'You cannot change your own role. Ask another admin.');
  }

  const { client, settings } = c.get('appwrite');
  let target;
  try {
    target = await client.user(userId);
  } catch (err) {
    if (err instanceof AppwriteApiError && err.status === 404) return apiError(c, 404, 'user_not_found', `There is no account with id ${userId}.`);
    return upstreamFailure(c, err, 'GET /users/{id}');
  }

  let failure: unknown;
  const ok = await updateRole(
    profileStore(client, settings.databaseId, (err) => (failure = err)),
    { id: target.$id, email: target.email ?? '', emailVerified: target.emailVerification === true },
    role,
  );
  if (!ok) return upstreamFailure(c, failure ?? new Error('role update refused'), 'role update');
  console.log(JSON.stringify({ event: 'role.changed', userId: target.$id, role, by: c.get('auth').user.id }));
  return c.json<RoleChangeResponse>({ userId: target.$id, role });
});
