// Keeps the live chat's Appwrite record (durable/liveRecord.ts) up to date with the room, from the alarm:
// one write for a burst of messages, retried with backoff, and an idle chat ended.
import { createLogger, errorText } from '../../shared/log.ts';
import { writeLiveAnswer, writeLiveRecord } from '../liveRecord.ts';
import { end, RECORD_SYNC_MS } from './room.ts';
import { readLive, updateLive } from './store.ts';
import { transcript } from './transcript.ts';

const log = createLogger(console, { object: 'Conversation' });

/** A live conversation with no message for this long is ended by the room. */
export const LIVE_IDLE_MS = 30 * 60_000;
/** Attempts to write the record before the room gives up (an alert is logged). */
const RECORD_SYNC_TRIES = 12;

/** Ends an idle live chat and brings the record's transcript up to date, retrying with backoff. */
export async function syncLiveRecord(ctx: DurableObjectState, env: Env, now: number): Promise<void> {
  const first = readLive(ctx.storage.kv);
  if (!first) return;
  if (first.state !== 'ended' && now - first.lastActivity >= LIVE_IDLE_MS) await end(ctx, null, now);
  const live = readLive(ctx.storage.kv);
  if (!live) return;
  const answer = live.firstAnswer && !live.firstAnswer.recorded ? live.firstAnswer : null;
  if (!live.dirty && !answer) {
    if (live.state !== 'ended') await ctx.storage.setAlarm(live.lastActivity + LIVE_IDLE_MS);
    return;
  }
  const written = { seq: live.seq, state: live.state, staffName: live.staffName };
  let outcome: Awaited<ReturnType<typeof writeLiveRecord>> | 'failed';
  try {
    outcome = await writeLiveRecord(env, {
      id: live.submissionId, state: live.state, staffName: live.staffName, messages: transcript(ctx.storage.kv), email: live.email, inquiryState: live.inquiryState,
    });
    // The first staff message is the lead's first answer (docs/decisions/0029), retried like the transcript.
    if (answer && outcome === 'written') outcome = await writeLiveAnswer(env, live.submissionId, answer);
  } catch (err) {
    log.warn('live.record_failed', { id: live.submissionId, error: errorText(err) });
    outcome = 'failed';
  }
  // The room went on while the record was written (a staff member joined, messages came): only the sync
  // fields of the meta as it is now change. What the write did not include stays dirty, for a sync soon.
  let retry = false as boolean;
  const current = updateLive(ctx.storage.kv, (stored) => {
    if (!stored) return undefined;
    const changed = stored.seq !== written.seq || stored.state !== written.state || stored.staffName !== written.staffName;
    if (outcome === 'written' || outcome === 'not_configured') {
      const firstAnswer = answer && stored.firstAnswer ? { ...stored.firstAnswer, recorded: true } : stored.firstAnswer;
      return { ...stored, dirty: changed, syncTries: 0, inquiryState: written.state, ...(firstAnswer ? { firstAnswer } : {}) };
    }
    const syncTries = stored.syncTries + 1;
    if (syncTries >= RECORD_SYNC_TRIES) {
      log.error('live.record_given_up', { alert: true, id: stored.submissionId, outcome });
      return { ...stored, dirty: false, syncTries };
    }
    retry = true;
    return { ...stored, syncTries };
  });
  if (!current) return;
  if (retry) await ctx.storage.setAlarm(now + Math.min(300_000, 2_000 * 2 ** current.syncTries));
  else if (current.dirty) await ctx.storage.setAlarm(Date.now() + RECORD_SYNC_MS);
  else if (current.state !== 'ended') await ctx.storage.setAlarm(current.lastActivity + LIVE_IDLE_MS);
}
