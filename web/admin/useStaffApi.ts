import { useCallback } from 'react';
import type { ClientResponse } from 'hono/client';
import { useAuth } from '../auth/AuthContext.tsx';
import { useAppwriteConfig } from '../auth/forms.ts';
import { withJwt } from '../auth/session.ts';
import { call, type ApiOutcome, type Ok } from '../api/client.ts';

// Every admin-area call: the typed client (web/api/client.ts) with the staff member's Appwrite JWT. The
// Worker decides what the caller may do (functions/admin/allow.ts); a refusal comes back as the ApiError
// the page shows.

const fallback: Record<number, string> = {
  0: 'We could not reach the site. Check your connection and try again.',
  401: 'Your session has ended. Please sign in again.',
  403: 'You do not have access to this.',
  502: 'The account service (Appwrite) did not answer as expected. Please try again in a moment.',
  503: 'The account service (Appwrite) is not available right now. Please try again in a moment.',
};
const message = (status: number) => fallback[status] ?? 'Something went wrong on our side. Please try again in a moment.';

export type StaffCall = <R extends ClientResponse<unknown, number, string>>(
  request: (init: { headers: Record<string, string> }) => Promise<R>,
) => Promise<ApiOutcome<Ok<R>>>;

/** `run((init) => api.admin.leads.$get({ query }, init))`: the answer, or the Worker's ApiError. */
export function useStaffApi(): StaffCall {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const userId = auth.status === 'signed-in' ? auth.user.$id : null;
  return useCallback<StaffCall>(
    (request) => {
      if (!config || !userId) return Promise.resolve({ ok: false, status: 401, error: { error: 'unauthenticated', message: fallback[401]! } });
      return call(() => withJwt(config, userId, (headers) => request({ headers })), message);
    },
    [config, userId],
  );
}
