import { describe, expect, it } from 'vitest';
import { answerWayName, escalationDue, replyDue } from '../../shared/admin/leads.ts';

// The promise clock's pure rules (docs/decisions/0029): the badge follows the first answer, not the status.

const received = '2026-11-20T08:00:00.000Z';
const at = (hours: number) => Date.parse(received) + hours * 3_600_000;

describe('replyDue', () => {
  it('keeps running after a status change alone, and stops at the first answer', () => {
    expect(replyDue({ status: 'contacted', receivedAt: received, firstResponseAt: null }, at(2))).toEqual({ state: 'due', msLeft: 22 * 3_600_000 });
    expect(replyDue({ status: 'qualified', receivedAt: received, firstResponseAt: null }, at(25))).toEqual({ state: 'overdue', msLate: 3_600_000 });
    expect(replyDue({ status: 'new', receivedAt: received, firstResponseAt: new Date(at(3)).toISOString() }, at(30))).toEqual({ state: 'answered' });
  });

  it('waits for nothing on spam, won or lost leads', () => {
    for (const status of ['spam', 'won', 'lost'] as const) expect(replyDue({ status, receivedAt: received, firstResponseAt: null }, at(30)).state).toBe('answered');
  });
});

describe('escalationDue', () => {
  it('is 0 before 18 h, 75 from 18 h, 100 from 24 h', () => {
    expect(escalationDue(received, at(17 + 59 / 60))).toBe(0);
    expect(escalationDue(received, at(18))).toBe(75);
    expect(escalationDue(received, at(23.99))).toBe(75);
    expect(escalationDue(received, at(24))).toBe(100);
    expect(escalationDue('not a date', at(30))).toBe(0);
  });
});

it('names the ways of answering, and shows an unknown stored one as it is', () => {
  expect(answerWayName('phoned')).toBe('Phoned');
  expect(answerWayName('live')).toBe('Live chat');
  expect(answerWayName('carrier pigeon')).toBe('carrier pigeon');
});
