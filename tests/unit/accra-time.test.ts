import { describe, expect, it } from 'vitest';
import { teamHoursSentence, wallTimeToUtc, windowInAccra } from '../../shared/accraTime.ts';

// Times in the visitor's zone next to Accra's (shared/accraTime.ts), across a daylight-saving change: New York
// left daylight saving on Sunday 1 November 2026 at 02:00 (UTC-4 before, UTC-5 after).

describe('wall times in a zone', () => {
  it('finds the instant on both sides of the change', () => {
    expect(wallTimeToUtc('2026-10-31', '09:00', 'America/New_York')?.toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(wallTimeToUtc('2026-11-02', '09:00', 'America/New_York')?.toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // The repeated hour of the change day: the first 01:30 (still daylight time) or the second is fine, never a day off.
    expect(wallTimeToUtc('2026-11-01', '12:00', 'America/New_York')?.toISOString()).toBe('2026-11-01T17:00:00.000Z');
    expect(wallTimeToUtc('2026-11-02', '09:00', 'Africa/Accra')?.toISOString()).toBe('2026-11-02T09:00:00.000Z');
    expect(wallTimeToUtc('2026-11-02', '09:00', 'Not/AZone')).toBeNull();
    expect(wallTimeToUtc('2 Nov', '09:00', 'UTC')).toBeNull();
  });
});

describe('the booking request\'s preferred window in Accra', () => {
  it('moves by an hour across the change', () => {
    expect(windowInAccra('2026-10-30', 'Morning (09:00-12:00)', 'America/New_York')).toBe('13:00–16:00 in Accra (GMT)');
    expect(windowInAccra('2026-11-02', 'Morning (09:00-12:00)', 'America/New_York')).toBe('14:00–17:00 in Accra (GMT)');
  });

  it('names Accra\'s day when it is another, and says nothing for "Any time"', () => {
    expect(windowInAccra('2026-11-02', 'Evening (18:00-20:00)', 'America/Los_Angeles')).toBe('Tuesday 3 November, 02:00–04:00 in Accra (GMT)');
    expect(windowInAccra('2026-11-02', 'Morning (09:00-12:00)', 'Asia/Tokyo')).toBe('00:00–03:00 in Accra (GMT)');
    expect(windowInAccra('2026-11-02', 'Any time', 'America/New_York')).toBeNull();
  });
});

describe('the team\'s hours in the visitor\'s zone', () => {
  it('follows the visitor\'s daylight saving', () => {
    expect(teamHoursSentence('America/New_York', new Date('2026-10-30T12:00:00Z'))).toBe('Monday to Friday, 09:00–18:00 in Accra (GMT), which is 05:00–14:00 your time');
    expect(teamHoursSentence('America/New_York', new Date('2026-11-02T12:00:00Z'))).toBe('Monday to Friday, 09:00–18:00 in Accra (GMT), which is 04:00–13:00 your time');
    expect(teamHoursSentence('Europe/Berlin', new Date('2026-11-02T12:00:00Z'))).toBe('Monday to Friday, 09:00–18:00 in Accra (GMT), which is 10:00–19:00 your time');
  });

  it('says Accra time only when the visitor\'s clock is Accra\'s or unknown, and marks another day', () => {
    for (const zone of ['Africa/Accra', 'Europe/London', 'UTC', null, 'Not/AZone']) {
      expect(teamHoursSentence(zone, new Date('2026-11-02T12:00:00Z'))).toBe('Monday to Friday, 09:00–18:00 in Accra (GMT)');
    }
    expect(teamHoursSentence('Pacific/Auckland', new Date('2026-11-02T12:00:00Z'))).toBe('Monday to Friday, 09:00–18:00 in Accra (GMT), which is 22:00–07:00 your time (another day for you)');
  });
});
