import { CLOCK_STOPPED_STATUSES, escalationDue, LEAD_STATUSES, REPLY_PROMISE_MS, type EscalationStep } from '../../shared/admin/leads.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { errorText, type Logger } from '../../shared/log.ts';
import { appwriteSettings, Q, serverClient, type AppwriteDocument } from '../../platform/appwrite.ts';
import { appConfig } from '../../platform/config.ts';
import { raiseAlert } from '../alerts/raise.ts';

// The promise's escalation (docs/decisions/0029), run by the Cron Trigger every 5 minutes with the trigger's
// scheduled time as "now", so tests choose the time. A lead not answered (no firstResponseAt), not archived
// and still waiting (not spam, won or lost) raises `promise_75` once 18 h have passed and `promise_100` at
// 24 h, each once: the alert is raised BEFORE the lead's `escalation` records the step, so a crash in
// between raises it again, which is a no-op (raiseAlert's job id is fixed by the kind and the lead).

/** Older unanswered leads are not looked at: 14 days of 5-minute runs have escalated them long ago. */
export const ESCALATION_LOOKBACK_MS = 14 * REPLY_PROMISE_MS;
const PAGE = 100;
const WAITING = LEAD_STATUSES.filter((s) => !CLOCK_STOPPED_STATUSES.includes(s));

export interface EscalationRun {
  raised: { leadId: string; step: EscalationStep }[];
  failed: string[];
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** One run at `now`; null when Appwrite is not configured. One lead failing does not stop the others. */
export async function escalatePromises(env: Env, log: Logger, now: number): Promise<EscalationRun | null> {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) return null;
  const client = serverClient({ ...settings, apiKey: settings.apiKey });
  const run: EscalationRun = { raised: [], failed: [] };
  // Received at most 18 h ago is not due yet: `lessThan` the first instant after that.
  const dueBefore = new Date(now - REPLY_PROMISE_MS * 0.75 + 1).toISOString();
  let cursor: string | null = null;
  do {
    const page = await client.listDocuments(settings.databaseId, COLLECTIONS.inquiries, [
      Q.isNull('firstResponseAt'),
      Q.equalAny('status', WAITING),
      Q.lessThan('receivedAt', dueBefore),
      Q.greaterThanEqual('receivedAt', new Date(now - ESCALATION_LOOKBACK_MS).toISOString()),
      Q.orderAsc('$id'),
      Q.limit(PAGE),
      ...(cursor ? [Q.cursorAfter(cursor)] : []),
    ]);
    for (const doc of page.documents) {
      try {
        const step = await escalate(env, log, client, settings.databaseId, doc, now);
        if (step) run.raised.push({ leadId: doc.$id, step });
      } catch (err) {
        run.failed.push(doc.$id);
        log.error('promise.escalation_failed', { leadId: doc.$id, error: errorText(err) });
      }
    }
    cursor = page.documents.length === PAGE ? (page.documents.at(-1)?.$id ?? null) : null;
  } while (cursor);
  return run;
}

async function escalate(env: Env, log: Logger, client: ReturnType<typeof serverClient>, databaseId: string, doc: AppwriteDocument, now: number): Promise<EscalationStep | null> {
  const receivedAt = str(doc.receivedAt);
  if (!receivedAt || doc.archived === true) return null;
  const step = escalationDue(receivedAt, now);
  const done = typeof doc.escalation === 'number' ? doc.escalation : 0;
  // Only the highest step reached: a lead first seen past 24 h raises the broken promise, not both.
  if (!step || done >= step) return null;
  await raiseAlert(env, log, {
    kind: step === 75 ? 'promise_75' : 'promise_100',
    key: doc.$id,
    leadId: doc.$id,
    conversationRef: null,
    // 75 %: the assignee (all staff when nobody is assigned); 100 %: the alerts decide (admins).
    userId: step === 75 ? str(doc.assigneeId) : null,
    who: str(doc.name),
    words: str(doc.summary) ?? '',
    at: new Date(Date.parse(receivedAt) + (REPLY_PROMISE_MS * step) / 100).toISOString(),
  });
  await client.updateDocument(databaseId, COLLECTIONS.inquiries, doc.$id, { escalation: step });
  log.info('promise.escalated', { leadId: doc.$id, step });
  return step;
}
