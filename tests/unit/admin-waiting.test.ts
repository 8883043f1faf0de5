import { describe, expect, it } from 'vitest';
import { waitedFor, waitingAnnouncement, waitingTitle, waitingWho, waitingWords, WAITING_WORDS_MAX } from '../../shared/admin/waiting.ts';

// The waiting alert's words (shared/admin/waiting.ts, docs/decisions/0030).

describe('a waiting visitor, as the alert says it', () => {
  it('first words: the visitor\'s first message, on one line, cut with an ellipsis', () => {
    expect(waitingWords([{ from: 'assistant', text: 'Hi!' }, { from: 'visitor', text: '  We need\n a  shop ' }, { from: 'visitor', text: 'Later' }])).toBe('We need a shop');
    expect(waitingWords([{ from: 'assistant', text: 'Hi!' }, { from: 'system', text: 'Connecting…' }])).toBe('');
    const long = waitingWords([{ from: 'visitor', text: 'x'.repeat(500) }]);
    expect(long).toHaveLength(WAITING_WORDS_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('who: the name, or "A visitor"', () => {
    expect(waitingWho('Ama')).toBe('Ama');
    expect(waitingWho(null)).toBe('A visitor');
    expect(waitingWho('  ')).toBe('A visitor');
    expect(waitingAnnouncement({ who: null, words: 'Hello' })).toBe('A visitor is waiting for a person: Hello');
    expect(waitingAnnouncement({ who: 'Kofi', words: '' })).toBe('Kofi is waiting for a person.');
  });

  it('how long: seconds, then minutes, then hours and minutes', () => {
    const since = '2026-11-27T10:00:00.000Z';
    const at = (s: number) => Date.parse(since) + s * 1000;
    expect(waitedFor(since, at(0))).toBe('0 s');
    expect(waitedFor(since, at(59))).toBe('59 s');
    expect(waitedFor(since, at(125))).toBe('2 min');
    expect(waitedFor(since, at(3900))).toBe('1 h 5 min');
    // A clock a little behind the server's never shows a negative wait.
    expect(waitedFor(since, at(-3))).toBe('0 s');
  });

  it('the tab title counts them, and is the page\'s own with nobody waiting', () => {
    expect(waitingTitle(0, 'Inbox · Volta Labs')).toBe('Inbox · Volta Labs');
    expect(waitingTitle(1, 'Inbox · Volta Labs')).toBe('(1) Visitor waiting · Inbox · Volta Labs');
    expect(waitingTitle(3, 'Reports')).toBe('(3) Visitors waiting · Reports');
  });
});
