import type { AppwritePublicConfig } from '../../shared/config.ts';
import { api, call, type ApiOutcome, type Ok } from '../api/client.ts';
import { withJwt } from '../auth/session.ts';
import { say } from '../../shared/i18n/say.ts';
import type { Locale } from '../../shared/i18n/locale.ts';

// The Worker's account APIs (functions/me.ts, functions/admin.ts), called with the visitor's Appwrite JWT
// through the typed client; the answers' types are the routes' own.

export type MySubmissionsResponse = Ok<Awaited<ReturnType<typeof api.me.submissions.$get>>>;
export type SubmissionSummary = MySubmissionsResponse['submissions'][number];

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** The messages of a failed call without a message of its own, by status (French: `account.api.<status>`). */
export const apiFallbacks: Record<number, string> = {
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

// In the page's language (shared/i18n/account, ids `account.api.<status>`).
const message = (locale: Locale) => (status: number) => apiFallbacks[status] === undefined
  ? say(locale, 'account.error.unexpected', 'Something went wrong on our side. Please try again in a moment.')
  : say(locale, `account.api.${status}`, apiFallbacks[status]);

/** GET /api/me/submissions: what the visitor sent us. */
export const fetchMySubmissions = (config: AppwritePublicConfig, userId: string, locale: Locale = 'en') =>
  signedIn(call(() => withJwt(config, userId, (headers) => api.me.submissions.$get(undefined, { headers })), message(locale)));

export const statusNames: Record<string, string> = {
  new: 'Received',
  in_progress: 'In progress',
  answered: 'Answered',
  closed: 'Closed',
};
