import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { appConfig, publicConfig } from './config.ts';
import { MAX_BODY_BYTES } from '../shared/bodyLimit.ts';
import type { ApiError } from '../shared/api.ts';
import { rateLimit } from './rateLimit.ts';
import { forms } from './forms.ts';
import { me } from './me.ts';
import { admin } from './admin.ts';
import { chat } from './chat.ts';
import { voice } from './voice.ts';

export const api = new Hono<{ Bindings: Env }>();

// Before anything reads a body. With a Content-Length above the limit the request is refused unread;
// without one (chunked uploads) the body is read up to the limit and refused as soon as it passes it,
// so handlers only ever see a buffered body of at most MAX_BODY_BYTES.
api.use('*', bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json<ApiError>(
    { error: 'payload_too_large', message: `Request body is larger than ${MAX_BODY_BYTES / 1024} KB.` },
    413,
  ),
}));

api.get('/health', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
api.get('/config', (c) => c.json(publicConfig(appConfig(c.env)), 200, { 'Cache-Control': 'no-store' }));

api.use('/forms/*', rateLimit('api'));
api.route('/forms', forms);

// Signed-in visitors and staff: the caller's Appwrite JWT is verified and the role looked up on the server
// (functions/auth.ts).
// ('/me/*' also matches '/me' itself.)
api.use('/me/*', rateLimit('api'));
api.use('/admin/*', rateLimit('api'));
api.route('/me', me);
api.route('/admin', admin);

// The chat assistant: each message counts against the chatbot limit (spec.md section 9); the completed
// lead and pricing flows against the generic API limit, like the forms.
api.use('/chat', rateLimit('chatbot'));
api.use('/chat/lead', rateLimit('api'));
api.use('/chat/pricing', rateLimit('api'));
api.route('/chat', chat);

// Voice input: a WebSocket relayed to Gemini Live by a VoiceRelay object (functions/voice.ts); it applies
// the voice rate limit itself, so that a limited visitor is told why over the socket.
api.route('/voice', voice);

// Keep last. A sub-app's notFound handler is never called once it is mounted (the request would fall
// through to the pages and get the HTML not-found page), so unknown API paths end here instead.
api.all('*', (c) => c.json<ApiError>({ error: 'not_found', message: `No API route for ${c.req.method} ${c.req.path}.` }, 404));
api.onError((err, c) => {
  if (err instanceof HTTPException) {
    const status = err.status;
    // Client errors keep their status and message; anything else is ours and says nothing internal.
    if (status >= 400 && status < 500) return c.json<ApiError>({ error: 'http_error', message: err.message || 'Bad request.' }, status);
  }
  console.error('api error', err);
  return c.json<ApiError>({ error: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500);
});
