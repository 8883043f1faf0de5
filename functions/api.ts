import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { appConfig, publicConfig } from './config.ts';
import { MAX_BODY_BYTES } from '../shared/limits.ts';
import type { ApiError } from '../shared/api.ts';
import { rateLimit } from './rateLimit.ts';
import { forms } from './forms.ts';

export const api = new Hono<{ Bindings: Env }>();

api.use('*', bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json<ApiError>({ error: 'payload_too_large', message: `Request body is larger than ${MAX_BODY_BYTES / 1024} KB.` }, 413),
}));

api.get('/health', (c) => c.json({ status: 'ok' }));
api.get('/config', (c) => c.json(publicConfig(appConfig(c.env)), 200, { 'Cache-Control': 'no-store' }));

api.use('/forms/*', rateLimit('api'));
api.route('/forms', forms);

api.notFound((c) => c.json<ApiError>({ error: 'not_found', message: `No API route for ${c.req.method} ${c.req.path}.` }, 404));
api.onError((err, c) => {
  if (err instanceof HTTPException) return c.json<ApiError>({ error: 'http_error', message: err.message }, err.status);
  console.error('api error', err);
  return c.json<ApiError>({ error: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500);
});
