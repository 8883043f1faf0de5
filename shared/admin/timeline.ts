import type { TranscriptTurn } from '../chat/transcript.ts';
import type { LeadActivity } from './leadView.ts';

// The lead page's one timeline (issue 26, "One timeline"): the original request, the chat transcript (the
// assistant's turns and a live chat's messages), e-mails both ways, status changes, assignments and internal
// notes, in the order they happened. No I/O.

export type TimelineEntry =
  | { kind: 'turn'; key: string; at: string | null; turn: TranscriptTurn }
  | { kind: 'activity'; key: string; at: string; activity: LeadActivity };

/** Ties at the same time: the chat before the request it led to, the request before what staff did with it. */
const RANK = { turn: 0, received: 1, activity: 2 } as const;

/**
 * One list, oldest first. Turns without a time (records written before turns had one) belong to the chat
 * that led to the request: they keep their order just before it. Times compare as instants (Appwrite
 * writes `+00:00`, the browser `Z`); equal ones keep the order above, then the order they came in.
 */
export function leadTimeline(lead: { receivedAt: string }, transcript: readonly TranscriptTurn[] | null, activity: readonly LeadActivity[]): TimelineEntry[] {
  const received = Date.parse(lead.receivedAt);
  const entries = [
    ...(transcript ?? []).map((turn, n) => ({
      entry: { kind: 'turn', key: `turn-${n}`, at: turn.at ?? null, turn } as TimelineEntry,
      time: turn.at && Number.isFinite(Date.parse(turn.at)) ? Date.parse(turn.at) : received,
      rank: RANK.turn,
    })),
    ...activity.map((a) => ({
      entry: { kind: 'activity', key: a.id, at: a.at, activity: a } as TimelineEntry,
      time: Date.parse(a.at),
      rank: a.type === 'received' ? RANK.received : RANK.activity,
    })),
  ];
  return entries
    .map((e, order) => ({ ...e, order, time: Number.isFinite(e.time) ? e.time : received }))
    .sort((a, b) => a.time - b.time || a.rank - b.rank || a.order - b.order)
    .map((e) => e.entry);
}
