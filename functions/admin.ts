import { Hono } from 'hono';
import { z } from 'zod';
import type { OverviewResponse } from '../shared/api.ts';
import { LEDGER_NAME } from '../durable/SubmissionLedger.ts';
import { ROLES, updateRole, type Role } from '../shared/appwrite/roles.ts';
import { submissionCollections, submissionKinds, type SubmissionKind } from '../shared/appwrite/schema.ts';
import { errorText } from '../shared/log.ts';
import { AppwriteApiError, profileStore, Q } from './appwrite.ts';
import { authMessages, requireRole, requireStaff, requireUser, type AuthEnv } from './auth.ts';
import { apiError, upstreamFailure } from './errors.ts';
import { jsonOnly, refusal, validate } from './validate.ts';

// /api/admin/*: staff only, enforced here (docs/decisions/0006).
//   GET   /api/admin/overview             admin or moderator → { counts: { <kind>: n }, parked: n | null }
//   PATCH /api/admin/users/:userId/role   admin only, body { role } → { userId, role }
export type { OverviewResponse } from '../shared/api.ts';

export interface RoleChangeResponse {
  userId: string;
  role: Role;
}

/** listParked answers at most this many; the overview says "500" for "500 or more". */
const PARKED_LIMIT = 500;
const USER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

const roleParams = z.object({
  userId: z.string().refine((v) => USER_ID.test(v), { message: 'That is not a valid account id.', params: refusal(400, 'invalid_user_id') }),
});
const roleChange = z.object({ role: z.enum(ROLES, { error: `Choose one of: ${ROLES.join(', ')}.` }) });

// Staff checks are on each route (not `use('*')`), so that a wrong method is 405 before it is 401.
export const admin = new Hono<AuthEnv>()
  .get('/overview', requireUser, requireStaff, async (c) => {
    const { client, settings } = c.get('appwrite');
    const ledger = c.env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);
    const unavailable = (err: unknown) => {
      c.var.log.error('ledger.unavailable', { what: 'admin overview', error: errorText(err) });
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
      return c.json<OverviewResponse, 200>({ counts: Object.fromEntries(totals) as Record<SubmissionKind, number>, parked: await parked, honeypot: await honeypot });
    } catch (err) {
      await Promise.all([parked, honeypot]);
      return upstreamFailure(c, err, 'admin overview');
    }
  })
  .patch(
    '/users/:userId/role',
    requireUser,
    requireStaff,
    requireRole(['admin'], authMessages.adminOnly),
    validate('param', roleParams),
    jsonOnly,
    validate('json', roleChange, { summary: 'count' }),
    async (c) => {
      const { userId } = c.req.valid('param');
      const { role } = c.req.valid('json');
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
      c.var.log.info('role.changed', { userId: target.$id, role, by: c.get('auth').user.id });
      return c.json<RoleChangeResponse, 200>({ userId: target.$id, role });
    },
  );
