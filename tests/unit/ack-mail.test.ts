import { expect, it } from 'vitest';
import { ackMail } from '../../shared/ackMail.ts';
import { submissionKinds } from '../../shared/submissionKinds.ts';

// The acknowledgement's words (docs/decisions/0029): the server's own, for every kind a visitor sends.

it('says the team has it and by when in Accra time, for every kind, in words of its own', () => {
  for (const kind of submissionKinds) {
    const { subject, text } = ackMail({ kind, replyBy: '2026-11-28T14:05:00.000Z', teamName: 'Volta Labs', siteUrl: 'https://voltalabs.dev' });
    expect(subject).toMatch(/^We have your [a-zA-Z ]+ – Volta Labs$/);
    expect(subject).not.toMatch(/chat lead|live chat/i);
    expect(text).toContain('a person will reply by Saturday 28 November at 14:05 Accra time (GMT, the same as UTC).');
    expect(text).toContain('reply to this e-mail');
    expect(text).toContain('https://voltalabs.dev');
  }
});
