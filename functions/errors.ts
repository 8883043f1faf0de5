import type { Context } from 'hono';
import type { ApiError } from '../shared/api.ts';
import { errorText, type Logger } from '../shared/log.ts';
import { AppwriteApiError, AppwriteUnavailableError } from '../platform/appwrite.ts';
import type { AppEnv } from './env.ts';

// Every refusal of the API is JSON of one shape, ApiError `{ error, message, fields?, retryAfter? }`, made here.

/** Refusals are never cached. */
const NO_STORE = 'private, no-store';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 426 | 429 | 500 | 502 | 503 | 504;

/**
 * The ApiError answer. 401 says how to authenticate (WWW-Authenticate: Bearer); 502 and 503 say when to
 * try again (Retry-After: 30) unless `headers` says otherwise.
 */
export function apiError<S extends ErrorStatus>(
  c: Context,
  status: S,
  error: string,
  message: string,
  extra: Omit<Partial<ApiError>, 'error' | 'message'> = {},
  headers: Record<string, string> = {},
) {
  const all: Record<string, string> = { 'Cache-Control': NO_STORE };
  if (status === 401) all['WWW-Authenticate'] = 'Bearer';
  if (status === 503 || status === 502) all['Retry-After'] = '30';
  return c.json<ApiError, S>({ error, message, ...extra }, status, { ...all, ...headers });
}

export const accountMessages = {
  unreachable: 'We could not reach the account service. Please try again in a moment.',
  upstream: 'The account service answered unexpectedly. Please try again later.',
} as const;

/**
 * A refusal a handler or a store throws instead of answering (e.g. 404 lead_not_found, 422 not_staff):
 * the API's onError (functions/pipeline.ts) answers it with the ApiError shape.
 */
export class ApiRefusal extends Error {
  readonly status: ErrorStatus;
  readonly error: string;
  readonly extra: Omit<Partial<ApiError>, 'error' | 'message'>;
  constructor(status: ErrorStatus, error: string, message: string, extra: Omit<Partial<ApiError>, 'error' | 'message'> = {}) {
    super(message);
    this.status = status;
    this.error = error;
    this.extra = extra;
    this.name = 'ApiRefusal';
  }
}

/** A platform timeout (AbortSignal.timeout) or abort that reached the API's onError. */
export const isTimeout = (err: unknown): boolean =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

/**
 * The answer to a failure of Appwrite, for the API's onError: 503 when it cannot be reached, 502 when it
 * answered something we cannot use; logged either way with what was asked (`what`: the route).
 */
export function appwriteFailure<E extends AppEnv>(c: Context<E>, err: AppwriteApiError | AppwriteUnavailableError, what: string) {
  if (err instanceof AppwriteUnavailableError) {
    (c.get('log') as Logger).error('appwrite.unavailable', { what, error: err.message });
    return apiError(c, 503, 'accounts_unreachable', accountMessages.unreachable);
  }
  (c.get('log') as Logger).error('appwrite.error', { what, error: errorText(err), type: err.type });
  return apiError(c, 502, 'accounts_error', accountMessages.upstream);
}

/** Appwrite answered something the route cannot use (e.g. an account without an id): a 502 through onError. */
export const appwriteOdd = (what: string) => new AppwriteApiError(502, 'unexpected_answer', what);

/** 503 with Retry-After: a submission the queue did not take ("nothing was sent"). */
export const notStored = (c: Context, what: string) =>
  apiError(c, 503, 'unavailable', `We could not store your ${what} just now, so nothing was sent. Please try again in a moment.`);
