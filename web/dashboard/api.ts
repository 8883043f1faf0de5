import type { AppwritePublicConfig } from '../../shared/config.ts';
import { api, call, type ApiOutcome, type Ok } from '../api/client.ts';
import { withJwt } from '../auth/session.ts';

// The Worker's account APIs (functions/me.ts, functions/admin.ts), called with the visitor's Appwrite JWT
// through the typed client; the answers' types are the routes' own.

export type MySubmissionsResponse = Ok<Awaited<ReturnType<typeof api.me.submissions.$get>>>;
export type SubmissionSummary = MySubmissionsResponse['submissions'][number];

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

const fallback: Record<number, string> = {
  0: 'We could not reach the site. Check your connection and try again.',
  401: 'Your session has ended. Please sign in again.',
  403: 'You do not have access to this.',
  503: 'This is not available right now. Please try again later.',
};

/** One signed-in call; an error answer's `message` (the Worker's ApiError) is kept. */
async function signedIn<T>(outcome: Promise<ApiOutcome<T>>): Promise<ApiResult<T>> {
  const out = await outcome;
  return out.ok ? { ok: true, data: out.data } : { ok: false, status: out.status, message: out.error.message };
}

const message = (status: number) => fallback[status] ?? 'Something went wrong on our side. Please try again in a moment.';

/** GET /api/me/submissions: what the visitor sent us. */
export const fetchMySubmissions = (config: AppwritePublicConfig, userId: string) =>
  signedIn(call(() => withJwt(config, userId, (headers) => api.me.submissions.$get(undefined, { headers })), message));

export const statusNames: Record<string, string> = {
  new: 'Received',
  in_progress: 'In progress',
  answered: 'Answered',
  closed: 'Closed',
};
