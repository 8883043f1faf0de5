import { useQuery, type QueryKey } from '@tanstack/react-query';
import { describeAuthError } from '../auth/errors.ts';
import type { Result } from '../auth/helpers.ts';

// The dashboard's server data through TanStack Query (docs/decisions/0023), one key per thing it shows;
// a change made on the page refreshes its key instead of reloading by hand.

export const accountKeys = {
  account: ['account', 'me'] as const,
  submissions: ['account', 'submissions'] as const,
  sessions: ['account', 'sessions'] as const,
  mfaFactors: ['account', 'mfa-factors'] as const,
};

/** A query over one Appwrite account call (web/auth/helpers.ts): its data, or an Error with the message to show. */
export function useAccountQuery<T>(queryKey: QueryKey, about: Parameters<typeof describeAuthError>[1], call: () => Promise<Result<T>>, enabled = true) {
  return useQuery({
    queryKey,
    enabled,
    queryFn: async () => {
      const r = await call();
      if (!r.success) throw new Error(describeAuthError(r.error, about).message);
      return r.data ?? null;
    },
  });
}
