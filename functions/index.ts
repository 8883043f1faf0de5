import { Hono } from 'hono';
import { api } from './api.ts';
import { securityHeaders } from './security.ts';
import { serveSite } from './site.ts';
import { appConfig } from './config.ts';
import { handleQueue } from './delivery.ts';

export { RateLimiter } from '../durable/RateLimiter.ts';
export { SubmissionLedger } from '../durable/SubmissionLedger.ts';
export { VoiceRelay } from '../durable/VoiceRelay.ts';
export { Conversation } from '../durable/Conversation.ts';

export type AppEnv = { Bindings: Env };

const app = new Hono<AppEnv>();
app.use('*', securityHeaders);
app.route('/api', api);
app.all('*', (c) => serveSite(c.req.raw, c.env, appConfig(c.env)));

export default {
  fetch: app.fetch,
  queue: handleQueue,
} satisfies ExportedHandler<Env>;
