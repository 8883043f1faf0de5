import { Hono } from 'hono';
import type { Role } from '../shared/roles.ts';
import { submissionSummary, type SubmissionSummary } from '../shared/appwrite/submissions.ts';
import { submissionCollections, submissionKinds } from '../shared/appwrite/schema.ts';
import { Q } from './appwrite.ts';
import { requireUser, type AuthEnv } from './auth.ts';
import { apiError, upstreamFailure } from './errors.ts';

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

// The sign-in check is on each route (not `use('*')`), so that a wrong method is 405 before it is 401.
export const me = new Hono<AuthEnv>()
  .get('/', requireUser, (c) => {
    const { user, role } = c.get('auth');
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
    try {
      const lists = await Promise.all(submissionKinds.map(async (kind) => {
        const list = await client.listDocuments(settings.databaseId, submissionCollections[kind], [
          Q.equal('email', email), Q.orderDesc('submittedAt'), Q.limit(MY_SUBMISSIONS_LIMIT),
        ]);
        return list.documents.map((doc) => submissionSummary(kind, doc));
      }));
      const submissions = lists.flat().sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));
      return c.json<MySubmissionsResponse, 200>({ submissions });
    } catch (err) {
      return upstreamFailure(c, err, 'my submissions');
    }
  });
