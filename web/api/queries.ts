import { QueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../shared/api.ts';
import type { ApiOutcome } from './client.ts';

// Server data in the account and admin areas goes through TanStack Query (docs/decisions/0023): a query's
// key names the view it shows (filters, cursor, id), so an answer is kept under the request it answers and
// a slower, older answer never replaces the view of a newer request. Only the account chunk imports this
// module: public pages never load the library.

/** A call that did not succeed, as a query's or mutation's error: the Worker's ApiError and the status (0 = no answer). */
export class ApiCallError extends Error {
  readonly status: number;
  readonly error: ApiError;
  constructor(status: number, error: ApiError) {
    super(error.message);
    this.name = 'ApiCallError';
    this.status = status;
    this.error = error;
  }
}

/** The data of a successful call, else throws its ApiCallError (what a query function returns). */
export async function unwrap<T>(outcome: Promise<ApiOutcome<T>>): Promise<T> {
  const out = await outcome;
  if (out.ok) return out.data;
  throw new ApiCallError(out.status, out.error);
}

/** The HTTP status of a failed call (0 when unknown or no answer). */
export const errorStatus = (error: unknown): number => (error instanceof ApiCallError ? error.status : 0);

export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failure is shown at once with its Try again (as before); freshness comes from Appwrite Realtime
      // events and from returning to a page, not from window focus.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
