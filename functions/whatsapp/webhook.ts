import { Hono, type Context } from 'hono';
import { whatsappSettings } from '../../platform/config.ts';
import { hmacHex, sha256Hex, timingSafeEqualText } from '../../shared/hex.ts';
import { jobIdSafe, waInFields, waStatusFields, webhookJobs, webhookPayloadSchema } from '../../shared/whatsapp/webhook.ts';
import { sinks } from '../delivery.ts';
import type { AppEnv } from '../env.ts';
import { apiError } from '../errors.ts';
import { deliverNow } from '../sinkRun.ts';
import { enqueueSubmission, submissionMessage } from '../submissions.ts';

// Meta's webhook (docs/decisions/0031, "Inbound"): GET answers the subscription's verification; POST takes
// deliveries signed with the app secret (X-Hub-Signature-256 over the raw body), turns each message into a
// `wa-in` job and each status into a `wa-status` job under ids fixed by Meta's message id (Meta retries: the
// ledger makes one delivery), answers 200, and delivers the messages at once (the queued copy is the safety
// net). No rate limit per address (Meta sends from many): the signature gates everything.

const notConfigured = (c: Context<AppEnv>) =>
  apiError(c, 503, 'whatsapp_not_configured', 'WhatsApp is not configured on this site (docs/operations.md §2.7).');

/** A job id's tail for a wamid: itself when the job id pattern allows it, else its hash. */
const idPart = async (wamid: string) => (jobIdSafe(wamid) ? wamid : `h${(await sha256Hex(wamid)).slice(0, 40)}`);

export const whatsappWebhook = new Hono<AppEnv>()
  .get('/', (c) => {
    const settings = whatsappSettings(c.var.config);
    if (!settings) return notConfigured(c);
    const mode = c.req.query('hub.mode');
    const token = c.req.query('hub.verify_token') ?? '';
    const challenge = c.req.query('hub.challenge');
    if (mode !== 'subscribe' || !challenge || !timingSafeEqualText(token, settings.verifyToken)) {
      c.var.log.warn('whatsapp.verify_refused', { mode: mode ?? null });
      return apiError(c, 403, 'verification_failed', 'The verification request is not from this site’s WhatsApp subscription.');
    }
    return c.text(challenge, 200, { 'Cache-Control': 'no-store' });
  })
  .post('/', async (c) => {
    const settings = whatsappSettings(c.var.config);
    if (!settings) return notConfigured(c);
    // The raw body (bounded by the API's body limit): the signature is over these bytes, not a re-encoding.
    const raw = await c.req.text();
    const given = c.req.header('X-Hub-Signature-256') ?? '';
    const expected = `sha256=${await hmacHex(settings.appSecret, raw)}`;
    if (!timingSafeEqualText(given.toLowerCase(), expected)) {
      // Nothing of the content: neither the body nor any number in it.
      c.var.log.warn('whatsapp.signature_refused', { signed: given !== '', bytes: raw.length });
      return apiError(c, 401, 'invalid_signature', 'The delivery is not signed with this site’s WhatsApp app secret.');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return apiError(c, 400, 'invalid_json', 'The request body is not valid JSON.');
    }
    const parsed = webhookPayloadSchema.safeParse(body);
    if (!parsed.success) {
      c.var.log.warn('whatsapp.payload_refused', { issues: parsed.error.issues.length });
      return apiError(c, 400, 'invalid_payload', 'The delivery is not a WhatsApp Business webhook payload.');
    }
    const { messages, statuses } = webhookJobs(parsed.data);
    const now = [];
    try {
      for (const m of messages) {
        const id = `wa-in:${await idPart(m.wamid)}`;
        await enqueueSubmission(c.env, c.var.log, 'wa-in', waInFields(m), id, m.at);
        now.push(submissionMessage('wa-in', waInFields(m), id, m.at));
      }
      for (const s of statuses) {
        await enqueueSubmission(c.env, c.var.log, 'wa-status', waStatusFields(s), `wa-status:${await idPart(s.wamid)}:${s.status}`, s.at);
      }
    } catch {
      // Not all of it is on the queue: Meta delivers it again (what was queued is not delivered twice).
      return apiError(c, 503, 'unavailable', 'The delivery could not be queued; please deliver it again.');
    }
    // The assistant answers without waiting for the queue; the answer to Meta does not wait for it.
    c.executionCtx.waitUntil((async () => {
      for (const m of now) await deliverNow(c.env, m, sinks);
    })());
    return c.json({ ok: true as const, messages: messages.length, statuses: statuses.length }, 200);
  });
