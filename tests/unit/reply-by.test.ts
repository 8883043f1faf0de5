import { describe, expect, it } from 'vitest';
import { replyByForMail, replyByOf, replyBySentence } from '../../shared/replyBy.ts';

// What the visitor is told (docs/decisions/0029), with fixed zones: the visitor's and Accra's (GMT, no DST).

const due = '2026-11-28T14:05:00.000Z'; // a Saturday

describe('replyBySentence', () => {
  it('says the visitor\'s time and Accra\'s', () => {
    expect(replyBySentence(due, 'Europe/Berlin')).toBe('by Saturday 15:05 your time (14:05 in Accra)');
    expect(replyBySentence(due, 'America/New_York')).toBe('by Saturday 09:05 your time (14:05 in Accra)');
  });

  it('names Accra\'s day when it is another day there', () => {
    expect(replyBySentence('2026-11-28T22:30:00.000Z', 'Asia/Tokyo')).toBe('by Sunday 07:30 your time (Saturday 22:30 in Accra)');
  });

  it('says it once for a visitor on Accra\'s clock (Accra, London in winter, UTC), and for an unknown zone', () => {
    for (const zone of ['Africa/Accra', 'Europe/London', 'UTC', 'Not/AZone', '', null, undefined]) {
      expect(replyBySentence(due, zone)).toBe('by Saturday 14:05, Accra time');
    }
    // London in summer is an hour ahead of Accra.
    expect(replyBySentence('2026-07-04T14:05:00.000Z', 'Europe/London')).toBe('by Saturday 15:05 your time (14:05 in Accra)');
  });

  it('is null for a date that is not one', () => {
    expect(replyBySentence('soon', 'Europe/Berlin')).toBeNull();
  });
});

it('replyByOf is 24 hours after receipt', () => {
  expect(replyByOf('2026-11-27T14:05:00.000Z')).toBe(due);
});

it('replyByForMail gives the date in Accra time, which is UTC', () => {
  expect(replyByForMail(due)).toBe('by Saturday 28 November at 14:05 Accra time (GMT, the same as UTC)');
});

it('replyByForMail gives the visitor\'s time first when their browser told its zone, with Accra\'s', () => {
  expect(replyByForMail(due, 'America/New_York')).toBe('by Saturday 28 November at 09:05 your time (14:05 in Accra, GMT)');
  expect(replyByForMail('2026-11-28T22:30:00.000Z', 'Asia/Tokyo')).toBe('by Sunday 29 November at 07:30 your time (Saturday 28 November, 22:30 in Accra, GMT)');
  // New York across the end of daylight saving (1 November 2026): 09:05 in winter, 10:05 the day before.
  expect(replyByForMail('2026-10-31T14:05:00.000Z', 'America/New_York')).toBe('by Saturday 31 October at 10:05 your time (14:05 in Accra, GMT)');
  expect(replyByForMail('2026-11-02T14:05:00.000Z', 'America/New_York')).toBe('by Monday 2 November at 09:05 your time (14:05 in Accra, GMT)');
  for (const zone of ['Africa/Accra', 'UTC', 'Not/AZone', null]) expect(replyByForMail(due, zone)).toBe('by Saturday 28 November at 14:05 Accra time (GMT, the same as UTC)');
});
