import { describe, expect, it } from 'vitest';
import { mailFields, newMessageId, parseMailFields, referencesHeader, sentMessageId, type OutgoingMail } from '../../shared/mail/outgoing.ts';

// The `mail` job's wire format (shared/mail/outgoing.ts): what the composer, the acknowledgement and the
// alerts queue, and what the mail sink reads back (docs/decisions/0027).

const reply: OutgoingMail = {
  purpose: 'reply',
  to: 'ama@example.com',
  subject: 'Re: Your shop',
  text: 'Hello Ama',
  replyTo: 'reply+0123456789abcdef0123456789abcdef@reply.voltalabs.dev',
  messageId: newMessageId('hello@voltalabs.dev'),
  inReplyTo: '<b@voltalabs.dev>',
  references: ['<a@voltalabs.dev>', '<b@voltalabs.dev>'],
  leadId: 'lead-1',
  activityId: 'activity-1',
  byId: 'user-1',
  byName: 'Kwame Mensah',
};

describe('mail job fields', () => {
  it('travel as strings and come back as they were, the sender included', () => {
    const fields = mailFields(reply);
    expect(Object.values(fields).every((v) => typeof v === 'string')).toBe(true);
    expect(fields).toMatchObject({ email: 'ama@example.com', byId: 'user-1', byName: 'Kwame Mensah', references: '<a@voltalabs.dev> <b@voltalabs.dev>' });
    expect(parseMailFields(fields)).toEqual(reply);
  });

  it('read a job queued before byId and byName existed', () => {
    const { byId: _id, byName: _name, ...older } = mailFields(reply);
    expect(parseMailFields(older)).toMatchObject({ byId: null, byName: null, to: 'ama@example.com' });
  });

  it('are refused when not one e-mail, never guessed at', () => {
    const fields = mailFields(reply);
    const cases: Record<string, string>[] = [{ purpose: 'spam' }, { to: 'a@b.c, d@e.f' }, { messageId: 'abc' }, { inReplyTo: 'abc' }, { references: '<a@b> nonsense' }, { subject: '' }, { replyTo: 'not an address' }];
    for (const broken of cases) {
      expect(parseMailFields({ ...fields, ...broken }), JSON.stringify(broken)).toBeNull();
    }
  });
});

describe('sentMessageId', () => {
  it('keeps the service\'s id as a header value, bracketed', () => {
    expect(sentMessageId('<abc@voltalabs.dev>')).toBe('<abc@voltalabs.dev>');
    expect(sentMessageId(' abc@voltalabs.dev ')).toBe('<abc@voltalabs.dev>');
    expect(sentMessageId('0193a1b2-opaque')).toBeNull();
    expect(sentMessageId('<a b@c>')).toBeNull();
  });
});

describe('referencesHeader', () => {
  it('keeps the whole thread when it fits in one header value (the service takes at most 2048 bytes)', () => {
    expect(referencesHeader(['<a@x>', '<b@x>'])).toBe('<a@x> <b@x>');
  });

  it('keeps the root and the latest ids of a long thread', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `<message-${String(i).padStart(3, '0')}-0123456789abcdef@voltalabs.dev>`);
    const header = referencesHeader(ids);
    expect(header.length).toBeLessThanOrEqual(2048);
    const kept = header.split(' ');
    expect(kept[0]).toBe(ids[0]);
    expect(kept.at(-1)).toBe(ids[99]);
    expect(kept.slice(1)).toEqual(ids.slice(100 - (kept.length - 1)));
  });
});
