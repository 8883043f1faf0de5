import { describe, expect, it } from 'vitest';
import { renderSavedReply, savedReplyInput, unknownVariables, variablesIn } from '../../shared/admin/savedReplies.ts';
import { replyThreading } from '../../shared/admin/replyThread.ts';
import type { LeadActivity } from '../../shared/admin/leadView.ts';

// Saved replies' variables (shared/admin/savedReplies.ts) and the threading of a reply (shared/admin/replyThread.ts).

const context = {
  lead: { name: 'Ama Mensah', email: 'ama@example.com', serviceInterest: 'Web Development', budgetRange: '$5k - $10k' },
  agent: { name: 'Abena Osei' },
  bookingUrl: null,
  siteUrl: 'https://voltalabs.dev',
};

describe('saved reply variables', () => {
  it('renders every variable from the lead, the agent and the configuration', () => {
    const body = 'Hi {{first_name}}, about {{ service }} ({{estimate}}): book at {{booking_link}}. {{agent_name}}';
    expect(renderSavedReply(body, context)).toEqual({
      text: 'Hi Ama, about Web Development ($5k - $10k): book at https://voltalabs.dev/booking. Abena Osei',
      missing: [],
    });
    expect(renderSavedReply('{{booking_link}}', { ...context, bookingUrl: 'https://calendly.com/voltalabs/30min' }).text).toBe('https://calendly.com/voltalabs/30min');
  });

  it('uses readable words for what the lead does not say, and names them', () => {
    const out = renderSavedReply('Hi {{first_name}}, about {{service}} and {{estimate}}.', { ...context, lead: { name: null, email: null, serviceInterest: '', budgetRange: null } });
    expect(out.text).toBe('Hi there, about your project and an estimate we will confirm with you.');
    expect(out.missing).toEqual(['first_name', 'service', 'estimate']);
  });

  it('finds unknown variables, and the saving schema refuses them by name', () => {
    expect(variablesIn('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b']);
    expect(unknownVariables('Hi {{first_name}} {{coupon}} {{ agent_name }} {{FIRST_NAME}}')).toEqual(['coupon', 'FIRST_NAME']);
    const refused = savedReplyInput.safeParse({ title: 'Hi', body: 'Hi {{first_name}}, use {{coupon}}' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^Unknown variable \{\{coupon\}\}\./);
    expect(savedReplyInput.safeParse({ title: ' Hi ', body: 'Hi {{first_name}}' }).data).toEqual({ title: 'Hi', body: 'Hi {{first_name}}' });
  });
});

const mail = (id: string, type: 'email_out' | 'email_in' | 'note', at: string, subject: string | null, messageId: string | null, deliveryState: LeadActivity['deliveryState'] = type === 'email_out' ? 'sent' : null): Pick<LeadActivity, 'id' | 'type' | 'at' | 'subject' | 'messageId' | 'deliveryState'> => ({ id, type, at, subject, messageId, deliveryState });

describe('replyThreading', () => {
  it('starts a thread with the default subject, no In-Reply-To and no References', () => {
    expect(replyThreading([mail('n', 'note', '2026-11-20T09:00:00Z', 'x', null)], 'Your enquiry to Volta Labs')).toEqual({ subject: 'Your enquiry to Volta Labs', inReplyTo: null, references: [] });
  });

  it('answers the latest message either way, lists all earlier ones in order, and keeps "Re:" of the first subject once', () => {
    const thread = [
      mail('b', 'email_in', '2026-11-20T10:00:00Z', 'RE: Re: Your shop', '<b@mail.example>'),
      mail('a', 'email_out', '2026-11-20T09:00:00Z', 'Re: Your shop', '<a@voltalabs.dev>'),
      mail('self', 'email_out', '2026-11-20T11:00:00Z', 'Re: Your shop', '<self@voltalabs.dev>'),
      mail('bad', 'email_in', '2026-11-20T10:30:00Z', null, 'not a message id'),
    ];
    expect(replyThreading(thread, 'Default', undefined, 'self')).toEqual({ subject: 'Re: Your shop', inReplyTo: '<b@mail.example>', references: ['<a@voltalabs.dev>', '<b@mail.example>'] });
    expect(replyThreading(thread, 'Default', '  A new topic ', 'self').subject).toBe('A new topic');
  });

  it('threads on our messages only once sent: a queued or failed one has no Message-ID a mail client saw', () => {
    const thread = [
      mail('a', 'email_out', '2026-11-20T09:00:00Z', 'Your shop', '<a@voltalabs.dev>'),
      mail('b', 'email_out', '2026-11-20T10:00:00Z', 'Re: Your shop', '<provisional-b@voltalabs.dev>', 'queued'),
      mail('c', 'email_out', '2026-11-20T11:00:00Z', 'Re: Your shop', '<provisional-c@voltalabs.dev>', 'failed'),
    ];
    expect(replyThreading(thread, 'Default')).toEqual({ subject: 'Re: Your shop', inReplyTo: '<a@voltalabs.dev>', references: ['<a@voltalabs.dev>'] });
  });
});
