import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { apiError, type ErrorStatus } from './errors.ts';
import type { AppEnv } from './env.ts';

// The one way a route reads its input: a zod schema per body, query or route parameter, checked by
// @hono/zod-validator with the hook below, so that every refusal has the ApiError shape:
//   415 unsupported_media_type  a body that is not JSON            (jsonOnly, before the validator)
//   400 invalid_json            malformed JSON                      (Hono throws; functions/pipeline.ts onError)
//   400 invalid_body            JSON that is not an object
//   422 validation              invalid fields, with a message per field
// A schema may give one check its own refusal (e.g. 400 invalid_id) through the issue's params:
// `.refine(ok, { message, params: refusal(400, 'invalid_id') })`.

type Target = 'json' | 'query' | 'param';

export interface Refusal {
  status: ErrorStatus;
  error: string;
}
/** Params of a zod check whose failure is answered with its own status and code instead of 422. */
export const refusal = (status: ErrorStatus, error: string) => ({ refusal: { status, error } satisfies Refusal });

export interface ValidateOptions {
  /**
   * How the 422's message sums up the fields: 'first' names the first ("message: text must not be blank"),
   * 'count' counts them ("3 fields need your attention."), as the forms show above their fields.
   */
  summary?: 'first' | 'count' | ((count: number) => string);
  /** Another answer for invalid input of this target (e.g. an unknown form kind is 404, not 422). */
  invalid?: (c: Context) => Response;
}

/** The first message of each field, keyed by its path ("messages.0.text"); "(body)" for the whole body. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || '(body)'] ??= issue.message;
  return fields;
}

export function invalidInput(c: Context, error: z.ZodError, target: Target, options: ValidateOptions = {}) {
  if (options.invalid) return options.invalid(c) as ReturnType<typeof apiError<ErrorStatus>>;
  for (const issue of error.issues) {
    const own = issue.code === 'custom' ? (issue.params as { refusal?: Refusal } | undefined)?.refusal : undefined;
    if (own) return apiError(c, own.status, own.error, issue.message);
  }
  if (target === 'json' && error.issues.some((i) => i.path.length === 0 && i.code === 'invalid_type')) {
    return apiError(c, 400, 'invalid_body', 'The request body must be a JSON object.');
  }
  const fields = fieldMessages(error);
  const entries = Object.entries(fields);
  const message = typeof options.summary === 'function' ? options.summary(entries.length)
    : options.summary === 'count'
    ? (entries.length === 1 ? 'One field needs your attention.' : `${entries.length} fields need your attention.`)
    : entries[0] ? `${entries[0][0]}: ${entries[0][1]}` : 'The request is not valid.';
  return apiError(c, 422, 'validation', message, { fields });
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** 415 unless the body is declared JSON (Hono's json validator would read any other body as {}). */
export const jsonOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
  if (!JSON_TYPE.test(type)) return apiError(c, 415, 'unsupported_media_type', 'Send JSON (Content-Type: application/json).');
  await next();
};

/** The validator of one target, with the shared hook. */
export const validate = <T extends Target, S extends z.ZodType>(target: T, schema: S, options: ValidateOptions = {}) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) return invalidInput(c, result.error as unknown as z.ZodError, target, options);
  });
