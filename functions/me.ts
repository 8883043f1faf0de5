import { Hono } from 'hono';
import type { Role } from '../shared/roles.ts';
import { submissionSummary, type SubmissionSummary } from '../shared/appwrite/submissions.ts';
import { submissionCollections, submissionKinds } from '../shared/appwrite/schema.ts';
import { Q } from '../platform/appwrite.ts';
import { requireUser, type AuthEnv } from './auth.ts';
import type { AppEnv } from './env.ts';
import { apiError } from './errors.ts';
import { labelsForRole, sameLabels } from '../shared/admin/team.ts';
import { errorText } from '../shared/log.ts';
import { adminCalls } from './admin/appwriteAdmin.ts';
import type { Context } from 'hono';

// /api/me/*: any signed-in user (a valid Appwrite JWT in `Authorization: Bearer`).
//   GET /api/me              → { user: { id, email, name, emailVerified }, role }
//   GET /api/me/submissions  → { submissions: [{ id, kind, submittedAt, status, fields }] }, newest first

/** Per kind; a visitor with more is a case for the admin area, not the dashboard. */
export const MY_SUBMISSIONS_LIMIT = 50;

export interface MeResponse {
  user: { id: string; email: string; name: string; emailVerified: boolean };
  role: Role;
}

export interface MySubmissionsResponse {
  submissions: SubmissionSummary[];
}

async function repairLabels(c: Context<AuthEnv>, userId: string, role: Role) {
  const { client } = c.get('appwrite');
  try {
    const current = (await client.user(userId)).labels ?? [];
    const labels = labelsForRole(current, role);
    if (sameLabels(labels, current)) return;
    await adminCalls(client).setLabels(userId, labels);
    c.var.log.info('labels.repaired', { userId, role, from: current, to: labels });
  } catch (err) {
    c.var.log.error('labels.repair_failed', { userId, role, error: errorText(err) });
  }
}

// The sign-in check is on each route (not `use('*')`), so that a wrong method is 405 before it is 401.
export const me = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    const { user, role } = c.get('auth');
    // The SPA asks this once at sign-in: the moment to repair Appwrite labels that differ from the role
    // (a profile edited by hand, a role change whose label write failed), so staff-only realtime follows
    // the role (docs/decisions/0017). A failure here is logged, not shown: the role itself is right.
    await repairLabels(c, user.id, role);
    return c.json<MeResponse, 200>({ user, role });
  })
  .get('/submissions', requireUser, async (c) => {
    const { user } = c.get('auth');
    // Submissions are matched by e-mail address, so the address must be proven first: otherwise anyone could
    // sign up with someone else's address and read what that person sent us.
    if (!user.emailVerified) {
      return apiError(c, 403, 'email_not_verified', 'Verify your email address to see what you have sent us.');
    }
    const { client, settings } = c.get('appwrite');
    const email = user.email.toLowerCase();
    const lists = await Promise.all(submissionKinds.map(async (kind) => {
      const list = await client.listDocuments(settings.databaseId, submissionCollections[kind], [
        Q.equal('email', email), Q.orderDesc('submittedAt'), Q.limit(MY_SUBMISSIONS_LIMIT),
      ]);
      return list.documents.map((doc) => submissionSummary(kind, doc));
    }));
    const submissions = lists.flat().sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));
    return c.json<MySubmissionsResponse, 200>({ submissions });
  });
