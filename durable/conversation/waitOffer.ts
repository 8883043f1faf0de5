// A visitor waiting for a person is never left waiting for nothing (docs/decisions/0030): WAIT_OFFER_MS after
// the request, if nobody joined, the room offers the e-mail path of "nobody is online" in the conversation
// (the visitor's socket and the transcript), and the chat stays joinable. An address the visitor then
// writes is kept for the record (room.ts, takeOfferedEmail); one that came with the request is not asked for.
import { waitOffer, waitOfferKnown } from '../../shared/chat/live.ts';
import { WAIT_OFFER_MS } from '../../shared/admin/waiting.ts';
import { post } from './room.ts';
import { readLive, updateLive } from './store.ts';

/**
 * From the alarm: offers the e-mail path when it is due. The time it will be due when it is not yet (the
 * caller sets the alarm by then), else null.
 */
export function offerEmailWhenDue(ctx: DurableObjectState, now: number): number | null {
  const live = readLive(ctx.storage.kv);
  if (!live || live.state !== 'waiting' || live.offered) return null;
  const due = Date.parse(live.startedAt) + WAIT_OFFER_MS;
  if (now < due) return due;
  updateLive(ctx.storage.kv, (l) => l && { ...l, offered: true });
  post(ctx, { from: 'system', text: live.email ? waitOfferKnown : waitOffer }, now);
  return null;
}
