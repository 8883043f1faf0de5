import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { publicConfig } from '../platform/config.ts';
import { MAX_BODY_BYTES } from '../shared/bodyLimit.ts';
import type { PublicConfig } from '../shared/config.ts';
import type { AppEnv } from './env.ts';
import { apiError } from './errors.ts';
import { apiNotFound, apiOnError, wrongMethod } from './pipeline.ts';
import { rateLimit } from './rateLimit.ts';
import { forms } from './forms.ts';
import { health, type HealthResponse } from './health.ts';
import { me } from './me.ts';
import { admin } from './admin/index.ts';
import { chat } from './chat.ts';
import { live } from './live.ts';
import { voice } from './voice.ts';
import { whatsappWebhook } from './whatsapp/webhook.ts';
import { whatsappRef } from './whatsapp/ref.ts';

// The API under /api. Its routes are chained so that `ApiType` describes every route (the SPA's typed
// client, web/api/client.ts); what every route shares is in functions/pipeline.ts and functions/validate.ts.
const base = new Hono<AppEnv>();

export const api = base
  // A path that exists with another method: 405 with Allow (it looks at the 404 the routes ended with).
  .use('*', wrongMethod(base))
  // Before anything reads a body. With a Content-Length above the limit the request is refused unread;
  // without one (chunked uploads) the body is read up to the limit and refused as soon as it passes it,
  // so handlers only ever see a buffered body of at most MAX_BODY_BYTES.
  .use('*', bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => apiError(c, 413, 'payload_too_large', `Request body is larger than ${MAX_BODY_BYTES / 1024} KB.`),
  }))
  .get('/health', (c) => c.json<HealthResponse, 200>(health(c.env), 200, { 'Cache-Control': 'no-store' }))
  .get('/config', (c) => c.json<PublicConfig, 200>(publicConfig(c.var.config), 200, { 'Cache-Control': 'no-store' }))
  .use('/forms/*', rateLimit('api'))
  .route('/forms', forms)
  // Signed-in visitors and staff: the caller's Appwrite JWT is verified and the role looked up on the server
  // (functions/auth.ts). ('/me/*' also matches '/me' itself.)
  .use('/me/*', rateLimit('api'))
  .use('/admin/*', rateLimit('staff'))
  .route('/me', me)
  .route('/admin', admin)
  // The chat assistant: each message counts against the chatbot limit (docs/product.md §9); the completed
  // lead and pricing flows against the generic API limit, like the forms.
  .use('/chat', rateLimit('chatbot'))
  .use('/chat/lead', rateLimit('api'))
  .use('/chat/pricing', rateLimit('api'))
  // "Talk to a person" (functions/live.ts): asking for one and opening the live chat's socket.
  .use('/chat/live/*', rateLimit('api'))
  .route('/chat/live', live)
  .route('/chat', chat)
  // Voice input: a WebSocket relayed to Gemini Live by a VoiceRelay object (functions/voice.ts); it applies
  // the voice rate limit itself, so that a limited visitor is told why over the socket.
  .route('/voice', voice)
  // Meta's WhatsApp webhook: no rate limit per address (Meta sends from many); its signature gates it.
  .route('/whatsapp/webhook', whatsappWebhook)
  // A wa.me link carrying a short reference to the visitor's chat (functions/whatsapp/ref.ts).
  .use('/whatsapp/ref', rateLimit('api')).route('/whatsapp/ref', whatsappRef);

// Keep last. A sub-app's notFound handler is never called once it is mounted (the request would fall
// through to the pages and get the HTML not-found page), so unknown API paths end here instead.
api.all('*', apiNotFound);
api.onError(apiOnError);

export type ApiType = typeof api;
