import type { Context, ErrorHandler, Hono, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { ZodError } from 'zod';
import { createLogger, errorText } from '../shared/log.ts';
import { appConfig, ConfigError, isLoopbackUrl } from '../platform/config.ts';
import type { AppEnv } from './env.ts';
import { AppwriteApiError, AppwriteUnavailableError } from '../platform/appwrite.ts';
import { ApiRefusal, apiError, appwriteFailure, isTimeout } from './errors.ts';
import { invalidInput } from './validate.ts';

// The request pipeline every request goes through (functions/index.ts), outermost first:
//   securityHeaders (functions/security.ts) → requestContext → checkConfiguration → the API or the pages.
// The API adds (functions/api.ts): body limit → wrong method (405) → its routes → not found (404) and
// errors (onError), all answered with the ApiError shape (functions/errors.ts).

/** The request id (`X-Request-Id`, kept when the caller sent a sane one) and a logger that adds it to every line. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) =>
  requestId()(c, async () => {
    c.set('log', createLogger(console, { requestId: c.var.requestId }));
    await next();
  });

const UNAVAILABLE = 'The site is temporarily unavailable. Please try again in a few minutes.';

/**
 * The configuration, validated once per isolate (platform/config.ts) and put in `c.var.config`. An invalid
 * one answers 503 for pages and API alike instead of serving half-configured pages. The variable names go
 * to the log always, and to the answer only for a request to this machine (a developer's): a visitor of a
 * deployment sees a generic page, since variable names and rules say more about the deployment than a
 * visitor needs to know.
 */
export const checkConfiguration: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    c.set('config', appConfig(c.env));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return misconfigured(c, err);
  }
  await next();
};

function misconfigured(c: Context<AppEnv>, err: ConfigError): Response {
  c.var.log.error('config.invalid', { alert: true, variables: Object.keys(err.fields), message: err.message });
  const local = isLoopbackUrl(c.req.url);
  const headers = { 'Cache-Control': 'no-store', 'Retry-After': '60' };
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
    return local
      ? apiError(c, 503, 'misconfigured', err.message, { fields: err.fields }, headers)
      : apiError(c, 503, 'unavailable', UNAVAILABLE, {}, headers);
  }
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const items = Object.entries(err.fields).map(([k, v]) => `<li><code>${esc(k)}</code> ${esc(v)}</li>`).join('');
  const detail = local
    ? `<p>The site is not configured correctly:</p><ul>${items}</ul><p>Fix the variable in wrangler.toml [vars], .dev.vars or the Worker secrets.</p>`
    : `<p>${UNAVAILABLE}</p>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Site temporarily unavailable</title></head>` +
    `<body><h1>Site temporarily unavailable</h1>${detail}</body></html>`;
  return c.html(html, 503, headers);
}

/**
 * 405 with `Allow` for every API route, from the routes the app declares: a path that exists with another
 * method. Registered first on the API app, so it sees the 404 the routes ended with.
 */
export const wrongMethod = (app: Hono<AppEnv>) => methodNotAllowed<AppEnv>({
  app,
  onMethodNotAllowed: (c, methods) => {
    const allow = methods.filter((m) => m !== 'HEAD');
    return apiError(c, 405, 'method_not_allowed', `${c.req.path} is sent with ${allow.join(' or ')}.`, {}, { Allow: methods.join(', ') });
  },
});

/** Unknown API paths (a sub-app's notFound is never called once mounted, so the API ends with this route). */
export const apiNotFound = (c: Context<AppEnv>) => apiError(c, 404, 'not_found', `No API route for ${c.req.method} ${c.req.path}.`);

/**
 * Errors of the API, mapped here once: handlers throw. Malformed JSON is the caller's (400), a thrown
 * ApiRefusal or other client error keeps its status, invalid input thrown as a ZodError is 422, Appwrite
 * unreachable 503 and odd 502, a timeout 504, the rest is ours (500). Each is logged with its route.
 */
export const apiOnError: ErrorHandler<AppEnv> = (err, c) => {
  const route = `${c.req.method} ${routePath(c)}`;
  const log = c.var.log ?? createLogger(console);
  if (err instanceof ApiRefusal) return apiError(c, err.status, err.error, err.message, err.extra);
  if (err instanceof HTTPException) {
    const status = err.status;
    // Hono's validator throws this for a JSON body it cannot parse.
    if (status === 400 && err.message === 'Malformed JSON in request body') {
      return apiError(c, 400, 'invalid_json', 'The request body is not valid JSON.');
    }
    if (status >= 400 && status < 500) return c.json({ error: 'http_error', message: err.message || 'Bad request.' }, status);
  }
  if (err instanceof ZodError) return invalidInput(c, err, 'json');
  if (err instanceof AppwriteApiError || err instanceof AppwriteUnavailableError) return appwriteFailure(c, err, route);
  if (isTimeout(err)) {
    log.error('api.timeout', { route, error: errorText(err) });
    return apiError(c, 504, 'timeout', 'A service we depend on did not answer in time. Please try again.');
  }
  log.error('api.error', { route, error: errorText(err), stack: err instanceof Error ? err.stack : undefined });
  return apiError(c, 500, 'internal', 'Something went wrong on our side. Please try again.');
};
