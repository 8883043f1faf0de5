import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../../shared/api.ts';
import { TIME_ZONE_HEADER } from '../../shared/api.ts';
import { LANGUAGE_HEADER } from '../../shared/forms/language.ts';
import { localeOfPath } from '../../shared/i18n/locale.ts';
// Types only: the Worker's routes as the declaration build of tsconfig.api-types.json describes them.
import type { AppType } from '../../functions/index.ts';

// The Worker's API through Hono's typed client: paths, bodies and answers are checked against the routes
// (functions/api.ts), so the SPA declares none of them itself. `call()` turns every answer into an outcome
// the pages show: the data of a 2xx, else the ApiError the Worker sent (or one made from the status when
// the answer is not JSON, e.g. a proxy's error page, or no answer came).

// Every call says the browser's time zone: the Worker words the visitor's acknowledgement e-mail in it
// (functions/promise/ack.ts checks it is a known IANA name; nothing else reads it).
const timeZone = (): Record<string, string> => {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? { [TIME_ZONE_HEADER]: zone } : {};
  } catch {
    return {};
  }
};

// And the page's language (its URL's): the Worker words what it says in it, e.g. a 429 (functions/rateLimit.ts).
const pageLanguage = (): Record<string, string> =>
  typeof location === 'undefined' ? {} : { [LANGUAGE_HEADER]: localeOfPath(location.pathname) };
export const api = hc<AppType>('/', { headers: () => ({ ...timeZone(), ...pageLanguage() }) }).api;

/** The body of a 2xx answer of a typed call. */
export type Ok<R> = R extends ClientResponse<infer O, infer S, infer _F> ? (S extends SuccessStatusCode ? O : never) : never;

export type ApiOutcome<T> =
  | { ok: true; status: number; data: T }
  /** status 0: no answer (offline, timed out). `retryAfter` from the body or the Retry-After header. */
  | { ok: false; status: number; error: ApiError };

/** The message to show when the answer carries none: by status (0 = no answer) and seconds to wait. */
export type Fallback = (status: number, retryAfter: number | undefined) => string;

const isApiError = (v: unknown): v is ApiError =>
  !!v && typeof v === 'object' && typeof (v as ApiError).error === 'string' && typeof (v as ApiError).message === 'string' && !!(v as ApiError).message.trim();

export async function call<R extends ClientResponse<unknown, number, string>>(request: () => Promise<R>, fallback: Fallback): Promise<ApiOutcome<Ok<R>>> {
  let res: R;
  try {
    res = await request();
  } catch {
    return { ok: false, status: 0, error: { error: 'network', message: fallback(0, undefined) } };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON: handled by status below.
  }
  if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status, data: body as Ok<R> };
  const header = Number(res.headers.get('Retry-After') ?? NaN);
  const retryAfter = isApiError(body) && typeof body.retryAfter === 'number' ? body.retryAfter : Number.isFinite(header) ? header : undefined;
  const error: ApiError = isApiError(body)
    ? { ...body, ...(retryAfter !== undefined ? { retryAfter } : {}) }
    : { error: `http_${res.status}`, message: fallback(res.status, retryAfter), ...(retryAfter !== undefined ? { retryAfter } : {}) };
  return { ok: false, status: res.status, error };
}
