import type { AppwritePublicConfig } from '../../shared/config.ts';
import { apiFetch } from '../auth/session.ts';

// The Worker's account APIs (functions/me.ts, functions/admin.ts), called with the visitor's Appwrite JWT.
// Wire shapes as the Worker answers them.

export interface SubmissionSummary {
  id: string;
  kind: string;
  submittedAt: string;
  status: string;
  fields: Record<string, string>;
}
export interface MySubmissionsResponse {
  submissions: SubmissionSummary[];
}
export type { OverviewResponse } from '../../shared/api.ts';

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

const fallback: Record<number, string> = {
  401: 'Your session has ended. Please sign in again.',
  403: 'You do not have access to this.',
  503: 'This is not available right now. Please try again later.',
};

/** GET a JSON API with the session's JWT; an error answer's `message` (the Worker's ApiError) is kept. */
export async function getJson<T>(config: AppwritePublicConfig, userId: string, path: string): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await apiFetch(config, userId, path);
  } catch {
    return { ok: false, status: 0, message: 'We could not reach the site. Check your connection and try again.' };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (res.ok) return { ok: true, data: body as T };
  const message = (body as { message?: unknown } | null)?.message;
  return { ok: false, status: res.status, message: typeof message === 'string' ? message : fallback[res.status] ?? 'Something went wrong on our side. Please try again in a moment.' };
}

/** What each kind of submission is called on the page. */
export const kindNames: Record<string, string> = {
  contact: 'Contact message',
  career: 'Job application',
  affiliate: 'Partner application',
  'seo-audit': 'SEO audit request',
  booking: 'Booking request',
  lead: 'Chat enquiry',
  pricing: 'Pricing request',
};

export const statusNames: Record<string, string> = {
  new: 'Received',
  in_progress: 'In progress',
  answered: 'Answered',
  closed: 'Closed',
};
