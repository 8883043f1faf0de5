import { appConfig } from '../platform/config.ts';
import { createLogger, errorText } from '../shared/log.ts';
import { sendToFormSubmit } from './formsubmit.ts';
import { AppwriteApiError, appwriteSettings, serverClient, type AppwriteClient } from '../platform/appwrite.ts';
import { inquiryDocument, receivedActivity, resentActivity } from '../shared/admin/inquiry.ts';
import { COLLECTIONS } from '../shared/appwrite/schema.ts';
import { submissionDocument } from '../shared/appwrite/submissions.ts';
import { LEDGER_NAME } from '../durable/SubmissionLedger.ts';
import { formDefinitions, isFormKind } from '../shared/forms/index.ts';
import { headerText, replyToAddress } from '../shared/mailHeaders.ts';
import { isSubmissionKind, kindInSentence } from '../shared/submissionKinds.ts';
import { parseSubmissionMessage, type SinkName, type SubmissionMessage } from '../shared/submission.ts';
import { transcriptText } from '../shared/chat/transcript.ts';
import { OutcomeUnknown, type DeliveryAttempt, type Sink } from './sink.ts';
import { whatsappSink } from './whatsapp/sink.ts';
import { waInSink } from './whatsapp/inbound.ts';
import { waStatusSink } from './whatsapp/status.ts';
import { deliverNow, runSinks, sinksFor } from './sinkRun.ts';
import { mailSink } from './mail/sink.ts';
import { alertFanOutSink } from './alerts/fanOut.ts';
import { alertSink } from './alerts/deliver.ts';
import { alertEventMessage, raiseAlert } from './alerts/raise.ts';
import { newLeadEvent } from '../shared/alerts/events.ts';
import { queueAck } from './promise/ack.ts';

// Queue consumers (docs/decisions/0004). `submissions`: deliver each submission to every sink, each at
// most once (the ledger remembers what reached which sink), retrying failures with exponential backoff.
// `submissions-dead`: what kept failing is parked in the ledger, where staff can list and re-queue it.

/**
 * Each environment has its own queues (wrangler.toml: `submissions-dead` in production,
 * `submissions-staging-dead` in staging): a dead-letter queue is any whose name ends in "-dead".
 */
export const isDeadLetterQueue = (queue: string): boolean => queue.endsWith('-dead');

export const RETRY_BASE_SECONDS = 10;
export const RETRY_MAX_SECONDS = 3600;
/** Another copy of the same submission is being delivered: look again once its lease may be over. */
const BUSY_RETRY_SECONDS = 30;
const PARK_RETRY_SECONDS = 60;

/** 10 s, 20 s, 40 s … doubling per attempt, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_SECONDS);
}

// A Sink, its attempt and OutcomeUnknown live in sink.ts so that sinks in their own files (functions/mail/sink.ts)
// import them without a cycle through this file's list of sinks.
export { OutcomeUnknown, type DeliveryAttempt, type Sink } from './sink.ts';

/** Ends the subject of a resend after an unknown outcome: staff can see it may be a duplicate. */
export const RESENT_MARK = ' (resent)';

/**
 * The e-mail to staff: the form's fields, our bookkeeping, and FormSubmit's special fields. The subject is
 * one line of plain text and the reply-to a valid address or absent (shared/mailHeaders.ts). A resend after
 * an unknown outcome carries the same submission id and a subject ending with RESENT_MARK.
 */
export function formSubmitFields(m: SubmissionMessage, attempt: DeliveryAttempt = { resend: false }): Record<string, string> {
  // A chat transcript is structured turns (docs/decisions/0021): the e-mail reads it as lines.
  const fields = Object.fromEntries(Object.entries(m.fields).filter(([k, v]) => v !== '' && !k.startsWith('_')).map(([k, v]) => [k, k === 'messages' ? transcriptText(v) : v]));
  const subject = isFormKind(m.kind)
    ? formDefinitions[m.kind].subject(m.fields)
    : `New ${isSubmissionKind(m.kind) ? kindInSentence(m.kind) : `${m.kind} submission`} from ${m.fields.name || 'the website'}`;
  const replyTo = replyToAddress(m.fields.email);
  return {
    ...fields,
    submissionId: m.id,
    kind: m.kind,
    submittedAt: m.submittedAt,
    _subject: `${headerText(subject)}${attempt.resend ? RESENT_MARK : ''}`,
    ...(replyTo ? { _replyto: replyTo } : {}),
    _template: 'table',
    _captcha: 'false',
    _honey: '',
  };
}

export const formSubmitSink: Sink = {
  name: 'formsubmit',
  async deliver(m, env, attempt) {
    const config = appConfig(env);
    const result = await sendToFormSubmit(formSubmitFields(m, attempt), {
      defaultEndpoint: config.FORMSUBMIT_ENDPOINT, siteUrl: config.SITE_URL, timeoutMs: config.FORMSUBMIT_TIMEOUT_MS,
    });
    if (!result.success) throw result.outcomeUnknown ? new OutcomeUnknown(result.message) : new Error(result.message);
  },
};

/**
 * The Appwrite record, then the staff inbox's index of it (docs/decisions/0016): a document in the kind's
 * collection, an inquiry and the inquiry's `received` event, all three under ids fixed by the submission
 * id, so a redelivery answers 409 document_already_exists for what is there and writes only what is
 * missing: a retry never duplicates nor leaves half a lead. No document permissions: the kind's record is
 * read through the Worker (docs/decisions/0006); the inbox's collections carry staff read permissions at
 * collection level (shared/appwrite/schema.ts). Skipped when accounts are not configured (no
 * APPWRITE_ENDPOINT); an endpoint without an API key is a failure, retried and then parked, so the
 * records can be re-queued once the key is set.
 */
export const appwriteSink: Sink = {
  name: 'appwrite',
  idempotent: true,
  enabled: (env) => appwriteSettings(appConfig(env)) !== null,
  async deliver(m, env) {
    const settings = appwriteSettings(appConfig(env));
    if (!settings) return;
    if (!settings.apiKey) throw new Error('APPWRITE_API_KEY is not set, so the submission cannot be recorded in Appwrite.');
    const doc = submissionDocument(m);
    if (!doc) throw new Error(`No Appwrite collection for submissions of kind "${m.kind}".`);
    const client = serverClient({ ...settings, apiKey: settings.apiKey });
    const inquiry = inquiryDocument(m);
    const received = receivedActivity(inquiry.documentId, inquiry.data.receivedAt);
    // In this order: the inbox never lists a lead whose record is not there yet.
    await createOnce(client, settings.databaseId, doc.collectionId, doc.documentId, doc.data, 'record');
    await createOnce(client, settings.databaseId, COLLECTIONS.inquiries, inquiry.documentId, { ...inquiry.data }, 'inquiry');
    await createOnce(client, settings.databaseId, COLLECTIONS.leadActivity, received.documentId, { ...received.data }, 'activity');
    // Staff alert (docs/decisions/0028): once per lead, however often this runs (the event's id is the lead's).
    // Queued, then fanned out here and now: staff hear of the lead without waiting two more queue hops.
    const event = newLeadEvent(inquiry.documentId, inquiry.data, m.fields.conversationRef || null);
    await raiseAlert(env, logger, event);
    await deliverNow(env, alertEventMessage(event), [alertFanOutSink]);
    // The visitor's acknowledgement, when the request passed its limits (docs/decisions/0029): needs the inquiry.
    await queueAck(m, env, client, settings.databaseId);
  },
};

/**
 * The lead's `delivery` event after a resend (docs/decisions/0022), under a fixed id so it is written once.
 * Best effort: the e-mail itself carries the mark, so a failure here is logged, not retried.
 */
async function noteResend(m: SubmissionMessage, sink: SinkName, env: Env): Promise<void> {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey || !submissionDocument(m)) return;
  const note = resentActivity(m.id, sink, new Date().toISOString());
  try {
    await createOnce(serverClient({ ...settings, apiKey: settings.apiKey }), settings.databaseId, COLLECTIONS.leadActivity, note.documentId, { ...note.data }, 'activity');
  } catch (err) {
    log('warn', 'submission.resend_note_failed', { id: m.id, kind: m.kind, sink, error: errorText(err) });
  }
}

/** Creates a document; one that exists already (an earlier attempt wrote it) counts as written. */
async function createOnce(client: AppwriteClient, databaseId: string, collectionId: string, documentId: string, data: Record<string, unknown>, what: string) {
  try {
    await client.createDocument(databaseId, collectionId, documentId, data, []);
  } catch (err) {
    if (err instanceof AppwriteApiError && err.status === 409 && err.type === 'document_already_exists') return;
    if (err instanceof AppwriteApiError) throw new Error(`Appwrite refused the ${what} (HTTP ${err.status} ${err.type}): ${err.message}`);
    throw err;
  }
}

/** Adding a sink is adding it here. */
export const sinks: readonly Sink[] = [formSubmitSink, appwriteSink, mailSink, alertFanOutSink, alertSink, whatsappSink, waInSink(appwriteSink), waStatusSink];

const ledgerOf = (env: Env) => env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);
const logger = createLogger(console, { source: 'queue' });
const log = (level: 'info' | 'warn' | 'error', event: string, data: Record<string, unknown>) => logger[level](event, data);

function asText(body: unknown): string {
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body) ?? String(body);
  } catch {
    return String(body);
  }
}

export async function handleQueue(
  batch: MessageBatch<unknown>,
  env: Env,
  _ctx?: ExecutionContext,
  sinkList: readonly Sink[] = sinks,
): Promise<void> {
  const handle = isDeadLetterQueue(batch.queue) ? parkMessage : deliverMessage;
  // One at a time: batches are small, and the ledger serialises the work anyway.
  for (const message of batch.messages) await handle(message, env, sinkList, batch.queue);
}

async function deliverMessage(msg: Message<unknown>, env: Env, sinkList: readonly Sink[]): Promise<void> {
  const ledger = ledgerOf(env);
  const m = parseSubmissionMessage(msg.body);
  if (!m) {
    // No retry can make it deliverable: park it at once, so staff see it.
    try {
      await ledger.park({ id: `queue:${msg.id}`, kind: null, submittedAt: null, message: asText(msg.body), reason: 'The queue message is not a valid submission.' });
      log('error', 'submission.unreadable', { queueMessageId: msg.id });
      msg.ack();
    } catch (err) {
      log('error', 'submission.park_failed', { queueMessageId: msg.id, error: errorText(err) });
      msg.retry({ delaySeconds: PARK_RETRY_SECONDS });
    }
    return;
  }

  const { errors, busy, posted, erased, deferred, resent } = await runSinks(m, env, sinkList);
  for (const sink of resent) {
    log('warn', 'submission.resent', { id: m.id, kind: m.kind, sink, reason: 'unknown_outcome' });
    await noteResend(m, sink, env);
  }

  if (erased) {
    // Its address (or the request) was erased after it was made: dropped, and the log names neither.
    log('warn', 'submission.dropped_erased', { id: m.id, kind: m.kind, attempts: msg.attempts, posted });
    msg.ack();
    return;
  }
  if (deferred !== null && !errors.length) {
    log('info', 'submission.deferred', { id: m.id, kind: m.kind, delaySeconds: deferred, attempts: msg.attempts });
    msg.retry({ delaySeconds: deferred });
    return;
  }
  if (!errors.length && !busy) {
    log('info', posted ? 'submission.delivered' : 'submission.already_delivered', { id: m.id, kind: m.kind, attempts: msg.attempts });
    msg.ack();
    return;
  }
  const delaySeconds = errors.length ? retryDelaySeconds(msg.attempts) : BUSY_RETRY_SECONDS;
  log(errors.length ? 'error' : 'warn', 'submission.retry', { id: m.id, kind: m.kind, attempts: msg.attempts, delaySeconds, errors, busy });
  msg.retry({ delaySeconds });
}

async function parkMessage(msg: Message<unknown>, env: Env, sinkList: readonly Sink[], queue: string): Promise<void> {
  const m = parseSubmissionMessage(msg.body);
  try {
    const ledger = ledgerOf(env);
    if (!m) {
      await ledger.park({ id: `queue:${msg.id}`, kind: null, submittedAt: null, message: asText(msg.body), reason: 'The queue message is not a valid submission.' });
      log('error', 'submission.parked', { queueMessageId: msg.id, reason: 'unreadable' });
    } else {
      const status = await ledger.status(m);
      if (sinksFor(sinkList, m.kind, env).every((s) => status.deliveredTo.includes(s.name))) {
        log('info', 'submission.dead_letter_already_delivered', { id: m.id, kind: m.kind });
      } else {
        const parked = await ledger.park({ id: m.id, kind: m.kind, submittedAt: m.submittedAt, message: m });
        if (parked) log('error', 'submission.parked', { id: m.id, kind: m.kind, attempts: parked.attempts, lastError: parked.lastError });
        else log('warn', 'submission.dropped_erased', { id: m.id, kind: m.kind, queue });
      }
    }
    msg.ack();
  } catch (err) {
    await keepDeadLetter(msg, env, { id: m?.id ?? null, kind: m?.kind ?? null, error: errorText(err) });
  }
}

/**
 * A dead letter that could not be parked (the ledger is unreachable) is never dropped: it goes back on
 * the dead-letter queue as a new message (so the queue's retry count never runs out on it) and the original
 * is acknowledged only once that send succeeded; if even the send fails, the queue retries the original.
 * Every time is an alert: staff must learn that the ledger is down.
 */
async function keepDeadLetter(msg: Message<unknown>, env: Env, about: Record<string, unknown>): Promise<void> {
  try {
    await env.SUBMISSIONS_DEAD.send(msg.body, { contentType: 'json', delaySeconds: PARK_RETRY_SECONDS });
    log('error', 'submission.park_failed', { alert: true, ...about, queueMessageId: msg.id, attempts: msg.attempts, kept: 'resent' });
    msg.ack();
  } catch (sendErr) {
    log('error', 'submission.park_failed', { alert: true, ...about, queueMessageId: msg.id, attempts: msg.attempts, kept: 'retry', sendError: errorText(sendErr) });
    msg.retry({ delaySeconds: PARK_RETRY_SECONDS });
  }
}
