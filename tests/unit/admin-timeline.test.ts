import { describe, expect, it } from 'vitest';
import type { LeadActivity } from '../../shared/admin/leadView.ts';
import { leadTimeline } from '../../shared/admin/timeline.ts';

// The lead page's one timeline (shared/admin/timeline.ts): every source merged in the order things happened.

const activity = (id: string, type: LeadActivity['type'], at: string, extra: Partial<LeadActivity> = {}): LeadActivity => ({
  id, type, at, actorId: null, actorName: null, text: null, from: null, to: null, subject: null, messageId: null, deliveryState: null, deliveryError: null, attachments: null, waTemplate: null, ...extra,
});
const keys = (entries: ReturnType<typeof leadTimeline>) => entries.map((e) => e.key);

describe('leadTimeline', () => {
  it('merges the request, the chat, e-mails both ways, status changes, assignments and notes by time', () => {
    const lead = { receivedAt: '2026-11-20T09:00:00.000Z' };
    const transcript = [
      { from: 'visitor' as const, text: 'Hello', at: '2026-11-20T08:58:00.000Z' },
      { from: 'assistant' as const, text: 'Hi!', at: '2026-11-20T08:58:05.000Z' },
      // A live chat's staff message, after the request was filed.
      { from: 'staff' as const, name: 'Abena', text: 'I am here.', at: '2026-11-20T09:05:00.000Z' },
    ];
    const history = [
      // Appwrite's own format, +00:00: compared as instants, not as strings.
      activity('note', 'note', '2026-11-20T10:00:00.000+00:00', { text: 'Internal' }),
      activity('in', 'email_in', '2026-11-20T09:40:00.000Z'),
      activity('received', 'received', '2026-11-20T09:00:00.000+00:00'),
      activity('out', 'email_out', '2026-11-20T09:30:00.000Z', { deliveryState: 'sent' }),
      activity('status', 'status', '2026-11-20T09:30:00.000Z'),
      activity('assign', 'assign', '2026-11-20T09:01:00.000Z'),
    ];
    expect(keys(leadTimeline(lead, transcript, history))).toEqual(['turn-0', 'turn-1', 'received', 'assign', 'turn-2', 'out', 'status', 'in', 'note']);
  });

  it('puts turns without a time just before the request, in their order, and the request first among equal times', () => {
    const lead = { receivedAt: '2026-11-20T09:00:00.000Z' };
    const transcript = [{ from: 'visitor' as const, text: 'a' }, { from: 'assistant' as const, text: 'b' }, { from: 'visitor' as const, text: 'c' }];
    const history = [activity('s', 'status', '2026-11-20T09:00:00.000Z'), activity('r', 'received', '2026-11-20T09:00:00.000Z')];
    expect(keys(leadTimeline(lead, transcript, history))).toEqual(['turn-0', 'turn-1', 'turn-2', 'r', 's']);
    expect(leadTimeline(lead, null, [])).toEqual([]);
  });
});

