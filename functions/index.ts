import { Hono } from 'hono';
import { api } from './api.ts';
import type { AppEnv } from './env.ts';
import { checkConfiguration, requestContext } from './pipeline.ts';
import { securityHeaders } from './security.ts';
import { serveSite } from './site.ts';
import { handleQueue } from './delivery.ts';
import { handleScheduled } from './scheduled.ts';
import { handleEmail } from './mail/inbound.ts';

export { RateLimiter } from '../durable/RateLimiter.ts';
export { SubmissionLedger } from '../durable/SubmissionLedger.ts';
export { VoiceRelay } from '../durable/VoiceRelay.ts';
export { Conversation } from '../durable/Conversation.ts';
export { RoleChanges } from '../durable/RoleChanges.ts';
export { StaffPresence } from '../durable/StaffPresence.ts';

export type { AppEnv } from './env.ts';

// The request pipeline (functions/pipeline.ts, docs/decisions/0013): security headers on every answer,
// a request id and logger, the configuration checked and put in c.var, then the API or the pages.
const app = new Hono<AppEnv>()
  .use('*', securityHeaders)
  .use('*', requestContext)
  .use('*', checkConfiguration)
  .route('/api', api);
app.all('*', (c) => serveSite(c.req.raw, c.env, c.var.config));

/** The API's routes, for the SPA's typed client (`hc<AppType>`, web/api/client.ts). */
export type AppType = typeof app;

export default {
  fetch: app.fetch,
  queue: handleQueue,
  scheduled: handleScheduled,
  // Mail in: prospects' replies to reply+<token>@INBOUND_DOMAIN (functions/mail/inbound.ts).
  email: handleEmail,
} satisfies ExportedHandler<Env>;
