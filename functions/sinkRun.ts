import { LEDGER_NAME } from '../durable/SubmissionLedger.ts';
import { errorText } from '../shared/log.ts';
import { isJobKind, type SinkName, type SubmissionMessage } from '../shared/submission.ts';
import { Deferred } from './deferred.ts';
import { OutcomeUnknown, type Sink } from './sink.ts';

// One delivery of one message to its sinks, each claimed in the ledger first (docs/decisions/0004): what the
// queue consumer does with each message (functions/delivery.ts), and what `deliverNow` does in place of a
// queue hop. The ledger makes either exactly once per (message, sink), whichever copy gets there first.

const isEnabled = (sink: Sink, env: Env) => {
  try {
    return sink.enabled?.(env) ?? true;
  } catch {
    // An invalid configuration: let deliver() fail with its message, so it is recorded and retried.
    return true;
  }
};

/** The sinks that take a message of this kind and are configured. */
export const sinksFor = (sinkList: readonly Sink[], kind: string, env: Env) =>
  sinkList.filter((s) => (s.accepts ? s.accepts(kind) : !isJobKind(kind)) && isEnabled(s, env));

export interface SinkRun {
  errors: string[];
  /** Another copy holds a claim: look again later. */
  busy: boolean;
  posted: number;
  /** Its address (or the request) was erased: drop it. */
  erased: boolean;
  /** The longest wait a sink asked for (Deferred), or null. */
  deferred: number | null;
  /** Sinks that took a resend after an unknown outcome. */
  resent: SinkName[];
}

export async function runSinks(m: SubmissionMessage, env: Env, sinkList: readonly Sink[]): Promise<SinkRun> {
  const ledger = env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);
  const run: SinkRun = { errors: [], busy: false, posted: 0, erased: false, deferred: null, resent: [] };
  for (const sink of sinksFor(sinkList, m.kind, env)) {
    try {
      const claim = await ledger.claim(m, sink.name);
      if (claim === 'erased') {
        run.erased = true;
        break;
      }
      if (claim === 'delivered') continue;
      if (claim === 'busy') {
        run.busy = true;
        continue;
      }
      const resend = claim === 'resend' && !sink.idempotent;
      try {
        await sink.deliver(m, env, { resend });
      } catch (err) {
        if (err instanceof Deferred) {
          // Not a failure: the sink asked to be tried later (its claim's lease runs out meanwhile).
          run.deferred = Math.max(run.deferred ?? 0, err.delaySeconds);
          continue;
        }
        run.errors.push(`${sink.name}: ${errorText(err)}`);
        await ledger.failed(m, sink.name, errorText(err), { outcomeUnknown: err instanceof OutcomeUnknown });
        continue;
      }
      run.posted += 1;
      await ledger.delivered(m, sink.name);
      if (resend) run.resent.push(sink.name);
    } catch (err) {
      run.errors.push(`${sink.name}: ledger: ${errorText(err)}`);
    }
  }
  return run;
}

/**
 * Delivers a job here and now instead of after another queue hop (each costs the consumer's batch wait,
 * max_batch_timeout): the same sinks, the same ledger claims. Its copy on the queue, sent before, finds what
 * this delivered and finishes what it did not (a failure, a deferral, a claim held elsewhere), with the
 * queue's retries. Never throws: what fails here is the queued copy's to do.
 */
export async function deliverNow(env: Env, m: SubmissionMessage, sinkList: readonly Sink[]): Promise<void> {
  try {
    await runSinks(m, env, sinkList);
  } catch {
    // Left to the queued copy.
  }
}
