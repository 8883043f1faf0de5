import { every } from 'hono/combine';
import { createMiddleware } from 'hono/factory';
import { can, type AdminAction } from '../../shared/admin/permissions.ts';
import { authMessages, requireUser, type AuthEnv } from '../auth.ts';
import { apiError } from '../errors.ts';

const adminOnly = new Set<AdminAction>(['lead.delete', 'person.erase', 'delivery.manage', 'channel.manage', 'user.role', 'reply.manage']);

/** After requireUser: the role looked up on the server may do `action` (shared/admin/permissions.ts). */
const permit = (action: AdminAction) => createMiddleware<AuthEnv>(async (c, next) => {
  const role = c.get('auth').role;
  // A non-staff account learns only that this is staff-only; a moderator, that only an admin may do it.
  if (!can(role, 'admin.open')) return apiError(c, 403, 'forbidden', authMessages.staffOnly);
  if (!can(role, action)) return apiError(c, 403, 'forbidden', adminOnly.has(action) ? authMessages.adminOnly : authMessages.staffOnly);
  await next();
});

/**
 * The guard of every /api/admin route: a signed-in account (401 otherwise) whose role may do `action`
 * (403 otherwise). Put on each route rather than `use('*')`, so that a wrong method is 405 before it is 401.
 * Typed with AuthEnv (hono/factory's createMiddleware): the sub-apps are `Hono<AppEnv>`, so only a handler
 * behind this guard (or requireUser) may read `c.get('auth')` and `c.get('appwrite')`.
 */
export const allow = (action: AdminAction) => createMiddleware<AuthEnv>(every(requireUser, permit(action)));
