import { Hono } from 'hono';
import { z } from 'zod';
import { ROLES, updateRole, type Role } from '../../shared/appwrite/roles.ts';
import { AppwriteApiError, profileStore } from '../appwrite.ts';
import type { AuthEnv } from '../auth.ts';
import { apiError, upstreamFailure } from '../errors.ts';
import { jsonOnly, refusal, validate } from '../validate.ts';
import { allow } from './allow.ts';

//   PATCH /api/admin/users/:userId/role   admin only, body { role } → { userId, role }

export interface RoleChangeResponse {
  userId: string;
  role: Role;
}

const USER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

const roleParams = z.object({
  userId: z.string().refine((v) => USER_ID.test(v), { message: 'That is not a valid account id.', params: refusal(400, 'invalid_user_id') }),
});
const roleChange = z.object({ role: z.enum(ROLES, { error: `Choose one of: ${ROLES.join(', ')}.` }) });

export const users = new Hono<AuthEnv>()
  .patch(
    '/:userId/role',
    allow('user.role'),
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
      let target: Awaited<ReturnType<typeof client.user>>;
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
