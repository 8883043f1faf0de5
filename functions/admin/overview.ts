import { Hono } from 'hono';
import type { OverviewResponse } from '../../shared/api.ts';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { submissionCollections, submissionKinds, type SubmissionKind } from '../../shared/appwrite/schema.ts';
import { errorText } from '../../shared/log.ts';
import { Q } from '../../platform/appwrite.ts';
import type { AppEnv } from '../env.ts';
import { allow } from './allow.ts';

//   GET /api/admin/overview  staff → { counts: { <kind>: n }, parked: n | null, honeypot }

/** listParked answers at most this many; the overview says "500" for "500 or more". */
const PARKED_LIMIT = 500;

export const overview = new Hono<AppEnv>()
  .get('/overview', allow('lead.read'), async (c) => {
    const { client, settings } = c.get('appwrite');
    const ledger = c.env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);
    const unavailable = (err: unknown) => {
      c.var.log.error('ledger.unavailable', { what: 'admin overview', error: errorText(err) });
      return null;
    };
    const parked = ledger.listParked({ limit: PARKED_LIMIT }).then((list) => list.length).catch(unavailable);
    const honeypot = ledger.honeypotCounts(7).catch(unavailable);
    try {
      // Only the totals: one document per list is the least Appwrite allows us to ask for.
      const totals = await Promise.all(submissionKinds.map(async (kind) => {
        const list = await client.listDocuments(settings.databaseId, submissionCollections[kind], [Q.limit(1)]);
        return [kind, list.total] as const;
      }));
      return c.json<OverviewResponse, 200>({ counts: Object.fromEntries(totals) as Record<SubmissionKind, number>, parked: await parked, honeypot: await honeypot });
    } catch (err) {
      await Promise.all([parked, honeypot]);
      throw err;
    }
  });
