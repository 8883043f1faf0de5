import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { describeParked, type ParkedDelivery } from '../../shared/admin/deliveries.ts';
import { errorText } from '../../shared/log.ts';
import type { AuthEnv } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { apiError } from '../errors.ts';
import { jsonOnly, validate } from '../validate.ts';
import { allow } from './allow.ts';

// /api/admin/deliveries: submissions the queue parked after it kept failing (docs/architecture.md §4), read
// by staff, re-queued or discarded by admins.
//   GET  /             staff → { deliveries }
//   POST /retry        admin, { kind, id } or { all: true } → { requeued, failed }
//   POST /discard      admin, { kind, id } → { discarded }

export interface DeliveriesResponse { deliveries: ParkedDelivery[] }
export interface RetryResponse {
  requeued: { kind: string | null; id: string }[];
  failed: { kind: string | null; id: string; error: string }[];
}

/** listParked answers at most this many. */
const LIMIT = 500;

const ref = z.object({
  kind: z.string().max(40).nullable(),
  id: z.string().min(1, { error: 'Say which submission.' }).max(80),
});
const retryBody = z.object({ all: z.literal(true).optional(), kind: ref.shape.kind.optional(), id: ref.shape.id.optional() })
  .refine((v) => v.all === true || (v.kind !== undefined && v.id !== undefined), { error: 'Send { kind, id } or { all: true }.', path: ['id'] });

const ledgerDown = (c: Context<AuthEnv>, err: unknown) => {
  c.var.log.error('ledger.unavailable', { what: 'admin deliveries', error: errorText(err) });
  return apiError(c, 503, 'ledger_unavailable', 'The list of parked deliveries cannot be reached just now. Please try again in a moment.');
};

export const deliveries = new Hono<AppEnv>()
  .get('/', allow('delivery.read'), async (c) => {
    try {
      const list = await c.env.SUBMISSION_LEDGER.getByName(LEDGER_NAME).listParked({ limit: LIMIT });
      return c.json<DeliveriesResponse, 200>({ deliveries: list.map(describeParked) });
    } catch (err) {
      return ledgerDown(c, err);
    }
  })
  .post('/retry', allow('delivery.manage'), jsonOnly, validate('json', retryBody), async (c) => {
    const body = c.req.valid('json');
    const ledger = c.env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);
    const by = c.get('auth').user.id;
    try {
      const refs = body.all ? (await ledger.listParked({ limit: LIMIT })).map((p) => ({ kind: p.kind, id: p.id })) : [{ kind: body.kind ?? null, id: body.id ?? '' }];
      const result: RetryResponse = { requeued: [], failed: [] };
      // One at a time: the ledger re-sends each to the queue and marks it; a failure leaves it parked.
      for (const r of refs) {
        const outcome = await ledger.requeue(r);
        if (outcome.ok) result.requeued.push(r);
        else result.failed.push({ ...r, error: outcome.error });
      }
      c.var.log.info('delivery.requeued', { count: result.requeued.length, failed: result.failed.length, by });
      const refused = body.all ? undefined : result.failed[0];
      if (refused) return apiError(c, 404, 'not_parked', refused.error);
      return c.json<RetryResponse, 200>(result, 200);
    } catch (err) {
      return ledgerDown(c, err);
    }
  })
  .post('/discard', allow('delivery.manage'), jsonOnly, validate('json', ref), async (c) => {
    const r = c.req.valid('json');
    try {
      const outcome = await c.env.SUBMISSION_LEDGER.getByName(LEDGER_NAME).discard(r);
      if (!outcome.ok) return apiError(c, 404, 'not_parked', outcome.error);
      // The record of what was dropped, without the submitted fields (they may be personal data).
      c.var.log.info('delivery.discarded', { kind: r.kind, id: r.id, by: c.get('auth').user.id });
      return c.json({ discarded: { kind: r.kind, id: r.id } }, 200);
    } catch (err) {
      return ledgerDown(c, err);
    }
  });
