// A visitor waiting for a person (docs/decisions/0030), the room's chores from its alarm:
// - never left waiting for nothing: WAIT_OFFER_MS after the request, if nobody joined, the room offers the
//   e-mail path of "nobody is online" in the conversation (the visitor's socket and the transcript), and the
//   chat stays joinable. An address the visitor then writes is kept for the record (room.ts,
//   takeOfferedEmail); one that came with the request is not asked for;
// - never waited for after leaving: when the visitor's last socket closes while waiting, the chat ends
//   VISITOR_GONE_MS later unless they are back (a reload rejoins well within it), so staff alerts go.
import { WAIT_OFFER_MS } from '../../shared/admin/waiting.ts';
import { end, post, visitorBack, type Attachment } from './room.ts';
import { alarmBy, readLive, updateLive } from './store.ts';
import { roomWords } from './words.ts';

/** How long a waiting visitor may be without a socket (a reload, a lost connection) before the chat ends. */
export const VISITOR_GONE_MS = 60_000;

/**
 * Offers the e-mail path when it is due. The time it will be due when it is not yet (the caller sets the
 * alarm by then), else null.
 */
export function offerEmailWhenDue(ctx: DurableObjectState, now: number): number | null {
  const live = readLive(ctx.storage.kv);
  if (live?.state !== 'waiting' || live.offered) return null;
  const due = Date.parse(live.startedAt) + WAIT_OFFER_MS;
  if (now < due) return due;
  updateLive(ctx.storage.kv, (l) => l && { ...l, offered: true });
  post(ctx, { from: 'system', text: live.email ? roomWords(ctx.storage.kv).waitOfferKnown : roomWords(ctx.storage.kv).waitOffer }, now);
  return null;
}

const visitorSockets = (ctx: DurableObjectState, closing?: WebSocket) =>
  ctx.getWebSockets('visitor').filter((s) => s !== closing && s.readyState === WebSocket.OPEN);

/** A socket closed: when it was a waiting visitor's last, the time they left is kept and the alarm set. */
export async function visitorLeft(ctx: DurableObjectState, ws: WebSocket, now: number): Promise<void> {
  if ((ws.deserializeAttachment() as Attachment | null)?.role !== 'visitor') return;
  if (readLive(ctx.storage.kv)?.state !== 'waiting' || visitorSockets(ctx, ws).length) return;
  updateLive(ctx.storage.kv, (l) => l && { ...l, visitorLeftAt: now });
  await alarmBy(ctx.storage, now + VISITOR_GONE_MS);
}

/** Ends a waiting chat whose visitor left VISITOR_GONE_MS ago; else the time it would be due, or null. */
export async function endWhenVisitorGone(ctx: DurableObjectState, now: number): Promise<number | null> {
  const live = readLive(ctx.storage.kv);
  if (live?.state !== 'waiting' || !live.visitorLeftAt) return null;
  if (visitorSockets(ctx).length) {
    visitorBack(ctx);
    return null;
  }
  const due = live.visitorLeftAt + VISITOR_GONE_MS;
  if (now < due) return due;
  await end(ctx, null, now, roomWords(ctx.storage.kv).visitorLeft);
  return null;
}
