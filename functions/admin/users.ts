import { Hono } from 'hono';
import { z } from 'zod';
import { ROLE_CHANGES_NAME } from '../../durable/RoleChanges.ts';
import { labelsForRole, lowersRole, refuseRoleChange, roleChangeMessages, sameLabels, type RoleChangeRecord } from '../../shared/admin/team.ts';
import { lookupRole, ROLES, updateRole, type ProfileDocument, type Role } from '../../shared/appwrite/roles.ts';
import { PROFILES_COLLECTION } from '../../shared/appwrite/schema.ts';
import { errorText } from '../../shared/log.ts';
import { AppwriteApiError, profileStore, Q, type AppwriteClient, type AppwriteUser } from '../../platform/appwrite.ts';
import { accountRef } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { apiError } from '../errors.ts';
import { jsonOnly, refusal, validate } from '../validate.ts';
import { can } from '../../shared/admin/permissions.ts';
import { allow } from './allow.ts';
import { adminCalls, type AppwriteUserRecord } from './appwriteAdmin.ts';
import { endStaffAccess } from './staffAccess.ts';
import { profilesWithRole } from './staffProfiles.ts';

// /api/admin/users: the people with an account, and their roles (docs/decisions/0017).
//   GET   /?search=&cursor=      staff (moderators read-only) → { people, total, nextCursor }
//   PATCH /:userId/role          admin, { role } → { userId, role }; never one's own role, never the last admin
// Role changes are decided one at a time in the RoleChanges Durable Object's queue, with the roles read
// afresh inside the turn; the account's Appwrite labels follow the role (staff-only realtime reads them).

export interface RoleChangeResponse {
  userId: string;
  role: Role;
}

export interface Person {
  id: string;
  email: string;
  name: string;
  role: Role;
  verified: boolean;
  /** Blocked accounts cannot sign in. */
  active: boolean;
  createdAt: string;
  /** When the account was last active (Appwrite's accessedAt). */
  lastSeenAt: string | null;
  lastRoleChange: RoleChangeRecord | null;
}

export interface PeopleResponse {
  people: Person[];
  total: number;
  nextCursor: string | null;
}

const PAGE = 25;
const USER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
const userId = z.string().refine((v) => USER_ID.test(v), { message: 'That is not a valid account id.', params: refusal(400, 'invalid_user_id') });

const roleParams = z.object({ userId });
const roleChange = z.object({ role: z.enum(ROLES, { error: `Choose one of: ${ROLES.join(', ')}.` }) });
const listQuery = z.object({
  search: z.string().trim().max(128, { error: 'Search for at most 128 characters.' }).optional(),
  cursor: userId.optional(),
});

/**
 * The role of each account of a page, from three queries (by userId, by document id, by e-mail) instead of
 * three per account, resolved by the same rules as every request (shared/appwrite/roles.ts). Read-only: a
 * profile found by e-mail is claimed when its account next signs in, not by listing it.
 */
async function rolesOf(client: AppwriteClient, databaseId: string, users: AppwriteUserRecord[]): Promise<Map<string, Role>> {
  const roles = new Map<string, Role>();
  if (users.length === 0) return roles;
  const ids = users.map((u) => u.$id);
  const emails = users.filter((u) => u.emailVerification && u.email).map((u) => u.email);
  const lists = await Promise.all([
    client.listDocuments(databaseId, PROFILES_COLLECTION, [Q.equalAny('userId', ids), Q.limit(100)]),
    client.listDocuments(databaseId, PROFILES_COLLECTION, [Q.equalAny('$id', ids), Q.limit(100)]),
    emails.length ? client.listDocuments(databaseId, PROFILES_COLLECTION, [Q.equalAny('email', emails), Q.limit(100)]) : { documents: [] },
  ]);
  const profiles = [...new Map(lists.flatMap((l) => l.documents).map((d) => [d.$id, d])).values()]
    .sort((a, b) => a.$createdAt.localeCompare(b.$createdAt)) as ProfileDocument[];
  const access = {
    find: async (field: string, value: string) => profiles.filter((p) => p[field] === value),
    update: async () => undefined,
  };
  for (const u of users) roles.set(u.$id, (await lookupRole(access, accountRef(u))).role);
  return roles;
}

/**
 * How many accounts other than `exceptUserId` are admins now: profiles that hold admin in any role field
 * (functions/admin/staffProfiles.ts) whose account exists, is not blocked and takes its role from that
 * profile (lookupRole, the same reader as every request). Stops at `enough`.
 */
async function countAdmins(client: AppwriteClient, databaseId: string, exceptUserId: string, enough = 1): Promise<number> {
  const candidates = await profilesWithRole(client, databaseId, ['admin']);
  const store = profileStore(client, databaseId);
  let count = 0;
  const seen = new Set<string>([exceptUserId]);
  for (const { profile } of candidates) {
    const id = typeof profile.userId === 'string' && profile.userId ? profile.userId : profile.$id;
    if (seen.has(id)) continue;
    seen.add(id);
    let account: AppwriteUser;
    try {
      account = await client.user(id);
    } catch (err) {
      if (err instanceof AppwriteApiError && err.status === 404) continue;
      throw err;
    }
    if (account.status === false) continue;
    if ((await lookupRole(store, accountRef(account))).role !== 'admin') continue;
    if (++count >= enough) break;
  }
  return count;
}

export const users = new Hono<AppEnv>()
  .get('/', allow('user.list'), validate('query', listQuery), async (c) => {
    const { search, cursor } = c.req.valid('query');
    const { client, settings } = c.get('appwrite');
    try {
      const list = await adminCalls(client).listUsers({
        search: search || undefined,
        queries: [Q.orderDesc('registration'), ...(cursor ? [Q.cursorAfter(cursor)] : []), Q.limit(PAGE + 1)],
      });
      const page = list.users.slice(0, PAGE);
      const [roles, changes] = await Promise.all([
        rolesOf(client, settings.databaseId, page),
        c.env.ROLE_CHANGES.getByName(ROLE_CHANGES_NAME).latest(page.map((u) => u.$id)).catch((err: unknown) => {
          c.var.log.error('role_changes.unavailable', { error: errorText(err) });
          return {} as Record<string, RoleChangeRecord>;
        }),
      ]);
      const people = page.map((u): Person => ({
        id: u.$id,
        email: u.email ?? '',
        name: u.name ?? '',
        role: roles.get(u.$id) ?? 'user',
        verified: u.emailVerification === true,
        active: u.status !== false,
        createdAt: u.registration || u.$createdAt,
        lastSeenAt: u.accessedAt || null,
        lastRoleChange: changes[u.$id] ?? null,
      }));
      return c.json<PeopleResponse, 200>({ people, total: list.total, nextCursor: list.users.length > PAGE ? (page.at(-1)?.$id ?? null) : null });
    } catch (err) {
      if (err instanceof AppwriteApiError && err.type === 'general_cursor_not_found') return apiError(c, 404, 'user_not_found', 'There is no such account.');
      throw err;
    }
  })
  .patch(
    '/:userId/role',
    allow('user.role'),
    validate('param', roleParams),
    jsonOnly,
    validate('json', roleChange, { summary: 'count' }),
    async (c) => {
      const { userId: targetId } = c.req.valid('param');
      const { role } = c.req.valid('json');
      const actor = c.get('auth').user;
      // Refused before waiting for a turn; refuseRoleChange says the same inside it.
      if (targetId === actor.id) return apiError(c, 409, 'own_role', roleChangeMessages.ownRole);

      const { client, settings } = c.get('appwrite');
      let target: Awaited<ReturnType<typeof client.user>>;
      try {
        target = await client.user(targetId);
      } catch (err) {
        if (err instanceof AppwriteApiError && err.status === 404) return apiError(c, 404, 'user_not_found', `There is no account with id ${targetId}.`);
        throw err;
      }

      const turns = c.env.ROLE_CHANGES.getByName(ROLE_CHANGES_NAME);
      let token: string;
      try {
        token = await turns.begin();
      } catch (err) {
        c.var.log.error('role_changes.unavailable', { error: errorText(err) });
        return apiError(c, 503, 'unavailable', 'Roles cannot be changed just now. Please try again in a moment.');
      }
      let record: RoleChangeRecord | undefined;
      try {
        // Inside the turn, everything is read afresh: a change made by another admin a moment ago counts.
        const store = profileStore(client, settings.databaseId);
        const [actorNow, targetNow] = await Promise.all([
          lookupRole(store, c.get('auth').account),
          lookupRole(store, accountRef(target)),
        ]);
        const demotesAdmin = targetNow.role === 'admin' && role !== 'admin';
        // An actor who is still an admin (read just now, by the same reader) is the other admin; only one
        // who no longer is needs the count, to learn whether the change would leave no admin at all.
        const refused = refuseRoleChange({
          actorId: actor.id, actorRole: actorNow.role, targetId, targetRole: targetNow.role, newRole: role,
          otherAdmins: demotesAdmin && actorNow.role !== 'admin' ? await countAdmins(client, settings.databaseId, targetId) : 1,
        });
        if (refused) {
          c.var.log.warn('role.refused', { userId: targetId, role, by: actor.id, reason: refused.error });
          return apiError(c, refused.status, refused.error, refused.message);
        }

        // Labels never grant more than the profile, not even after a failed write (docs/decisions/0017):
        // privilege is taken from the labels first and given to them last; a failed label write after the
        // profile was raised puts the profile back.
        const current = (await client.user(targetId)).labels ?? [];
        const labels = labelsForRole(current, role);
        const writeLabels = async () => {
          if (!sameLabels(labels, current)) await adminCalls(client).setLabels(targetId, labels);
        };
        const writeProfile = async (to: Role) => {
          let failure: unknown;
          if (!(await updateRole(profileStore(client, settings.databaseId, (err) => (failure = err)), accountRef(target), to))) {
            throw failure ?? new Error('role update refused');
          }
        };
        if (targetNow.role === role) {
          // Only the labels were out of step.
          await writeLabels();
        } else if (lowersRole(targetNow.role, role)) {
          await writeLabels();
          await writeProfile(role);
        } else {
          await writeProfile(role);
          try {
            await writeLabels();
          } catch (err) {
            await writeProfile(targetNow.role).catch((undo: unknown) =>
              c.var.log.error('role.undo_failed', { alert: true, userId: targetId, role, error: errorText(undo) }));
            throw err;
          }
        }
        if (targetNow.role !== role) {
          record = { userId: targetId, from: targetNow.role, to: role, byId: actor.id, byName: actor.name.trim() || actor.email, at: new Date().toISOString() };
          c.var.log.info('role.changed', { userId: targetId, from: record.from, role, by: actor.id });
          // Live-chat sockets were let in by a ticket, not per request: they close now.
          if (can(targetNow.role, 'live.join') && !can(role, 'live.join')) await endStaffAccess(c.env, targetId, c.var.log);
        }
        return c.json<RoleChangeResponse, 200>({ userId: targetId, role });
      } finally {
        await turns.end(token, record).catch((err: unknown) => c.var.log.error('role_changes.unavailable', { error: errorText(err) }));
      }
    },
  );
