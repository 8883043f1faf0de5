import { isTimeZone } from './alerts/quietHours.ts';
import { ACCRA_ZONE } from './replyBy.ts';
import { say } from './i18n/say.ts';
import { LOCALE_TAGS, type Locale } from './i18n/locale.ts';

// Times told to a visitor in their own zone next to Accra's (Africa/Accra: GMT all year, no daylight saving):
// the booking request's preferred window, and the hours the team takes consultations (the booking page, the
// chat's booking answers). Intl does the calendars, so a zone with daylight saving is right on both sides of a
// change. No I/O.

/** When the team takes consultations, in Accra: Monday to Friday. */
export const TEAM_HOURS = { start: '09:00', end: '18:00', days: 'Monday to Friday' } as const;

const offsetMinutes = (at: Date, timeZone: string): number => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};

/**
 * The instant a wall clock in `zone` reads `time` on `date` (YYYY-MM-DD, HH:MM). The offset is taken at the
 * guess and once more at the result, which settles it on both sides of a change; a time that does not exist
 * (skipped by a spring change) lands an hour later, as clocks do.
 */
export function wallTimeToUtc(date: string, time: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time) || !isTimeZone(zone)) return null;
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  let at = asUtc - offsetMinutes(new Date(asUtc), zone) * 60_000;
  at = asUtc - offsetMinutes(new Date(at), zone) * 60_000;
  return new Date(at);
}

const tag = (locale: Locale) => (locale === 'en' ? 'en-GB' : LOCALE_TAGS[locale]);
const clock = (at: Date, timeZone: string, locale: Locale = 'en') =>
  new Intl.DateTimeFormat(tag(locale), { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
const day = (at: Date, timeZone: string, locale: Locale = 'en') =>
  new Intl.DateTimeFormat(tag(locale), { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(at);

/** The hours of a preferred-time choice ("Morning (09:00-12:00)"), or null for "Any time". */
export const windowHours = (choice: string): { start: string; end: string } | null => {
  const m = /\((\d{2}:\d{2})-(\d{2}:\d{2})\)/.exec(choice);
  return m ? { start: m[1]!, end: m[2]! } : null;
};

/**
 * A preferred window on a date in the visitor's zone, in Accra: "14:00–17:00 in Accra (GMT)", with Accra's
 * day when it is another ("Tuesday 3 November, 01:00–04:00 in Accra (GMT)"). Null when something is missing.
 */
export function windowInAccra(date: string, choice: string, zone: string, locale: Locale = 'en'): string | null {
  const hours = windowHours(choice);
  if (!hours) return null;
  const start = wallTimeToUtc(date, hours.start, zone);
  const end = wallTimeToUtc(date, hours.end, zone);
  if (!start || !end) return null;
  const sameDay = day(start, ACCRA_ZONE) === day(start, zone);
  const english = `${sameDay ? '' : `${day(start, ACCRA_ZONE)}, `}${clock(start, ACCRA_ZONE)}–${clock(end, ACCRA_ZONE)} in Accra (GMT)`;
  const values = { day: day(start, ACCRA_ZONE, locale), start: clock(start, ACCRA_ZONE, locale), end: clock(end, ACCRA_ZONE, locale) };
  return say(locale, sameDay ? 'accra.window' : 'accra.windowDay', english, values);
}

/**
 * The team's hours told in the visitor's zone on a given day: "Monday to Friday, 09:00–18:00 in Accra (GMT),
 * which is 04:00–13:00 your time". Accra time only when the visitor's clock reads as Accra's or is unknown.
 */
export function teamHoursSentence(zone: string | null | undefined, on: Date = new Date(), locale: Locale = 'en'): string {
  const accra = say(locale, 'accra.team', `${TEAM_HOURS.days}, ${TEAM_HOURS.start}–${TEAM_HOURS.end} in Accra (GMT)`, TEAM_HOURS);
  if (!isTimeZone(zone)) return accra;
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: ACCRA_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(on);
  const start = wallTimeToUtc(date, TEAM_HOURS.start, ACCRA_ZONE);
  const end = wallTimeToUtc(date, TEAM_HOURS.end, ACCRA_ZONE);
  if (!start || !end || offsetMinutes(start, zone) === 0) return accra;
  const shifted = day(start, zone) !== day(start, ACCRA_ZONE) || day(end, zone) !== day(end, ACCRA_ZONE);
  const english = `${accra}, which is ${clock(start, zone)}–${clock(end, zone)} your time${shifted ? ' (another day for you)' : ''}`;
  return say(locale, shifted ? 'accra.teamShifted' : 'accra.teamYours', english, { accra, start: clock(start, zone, locale), end: clock(end, zone, locale) });
}
