import { REPLY_PROMISE_MS } from './admin/leads.ts';
import { isTimeZone } from './alerts/quietHours.ts';
import { say } from './i18n/say.ts';
import { LOCALE_TAGS, type Locale } from './i18n/locale.ts';

// "By when" the team answers (docs/decisions/0029), told to the visitor in their own time zone and in
// Accra's (Africa/Accra: GMT all year, no daylight saving). Pure: the zone is given (the browser's), and
// Intl does the calendars. No I/O.

export const ACCRA_ZONE = 'Africa/Accra';

/** The promise's end for a request received at `receivedAt` (ISO): what the Worker answers as `replyBy`. */
export const replyByOf = (receivedAt: string | number): string => new Date(new Date(receivedAt).getTime() + REPLY_PROMISE_MS).toISOString();

const parts = (at: Date, timeZone: string, locale: Locale = 'en') => {
  const f = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : LOCALE_TAGS[locale], { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => f.find((p) => p.type === type)?.value ?? '';
  return { day: get('weekday'), time: `${get('hour')}:${get('minute')}` };
};

/** The zone's offset from UTC at `at`, in minutes. */
function offsetMinutes(at: Date, timeZone: string): number {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = f.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/**
 * "by Saturday 14:05 your time (14:05 in Accra)"; once when the visitor's clock reads as Accra's ("by
 * Saturday 14:05, Accra time"); Accra's day named too when it is another day there. Null for a bad date.
 * An unknown visitor zone is told Accra time only.
 */
export function replyBySentence(replyBy: string, visitorZone: string | null | undefined, locale: Locale = 'en'): string | null {
  const at = new Date(replyBy);
  if (Number.isNaN(at.getTime())) return null;
  const accra = parts(at, ACCRA_ZONE, locale);
  if (!isTimeZone(visitorZone) || offsetMinutes(at, visitorZone) === offsetMinutes(at, ACCRA_ZONE)) {
    return say(locale, 'replyBy.accra', `by ${accra.day} ${accra.time}, Accra time`, accra);
  }
  const mine = parts(at, visitorZone, locale);
  const values = { ...mine, accraDay: accra.day, accraTime: accra.time };
  return mine.day === accra.day
    ? say(locale, 'replyBy.both', `by ${mine.day} ${mine.time} your time (${accra.time} in Accra)`, values)
    : say(locale, 'replyBy.bothDay', `by ${mine.day} ${mine.time} your time (${accra.day} ${accra.time} in Accra)`, values);
}

export { TIME_ZONE_HEADER } from './api.ts';

/**
 * For the acknowledgement e-mail: "by Saturday 28 November at 15:05 your time (14:05 in Accra, GMT)" when
 * the browser told its zone and it is not Accra's clock; else "by Saturday 28 November at 14:05 Accra time
 * (GMT, the same as UTC)". Accra keeps GMT all year, so its clock is UTC's. In French from the mail catalog,
 * with Intl's French dates ("d’ici le samedi 28 novembre à 15:05, heure locale (14:05 à Accra, GMT)").
 */
export function replyByForMail(replyBy: string, visitorZone?: string | null, locale: Locale = 'en'): string {
  const at = new Date(replyBy);
  const dateIn = (timeZone: string) => new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : LOCALE_TAGS[locale], { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(at);
  const accra = { accraDay: dateIn(ACCRA_ZONE), accraTime: parts(at, ACCRA_ZONE, locale).time };
  if (isTimeZone(visitorZone) && offsetMinutes(at, visitorZone) !== offsetMinutes(at, ACCRA_ZONE)) {
    const mine = { day: dateIn(visitorZone), time: parts(at, visitorZone, locale).time, ...accra };
    return mine.accraDay === mine.day
      ? say(locale, 'mail.replyBy.both', `by ${mine.day} at ${mine.time} your time (${mine.accraTime} in Accra, GMT)`, mine)
      : say(locale, 'mail.replyBy.bothDay', `by ${mine.day} at ${mine.time} your time (${mine.accraDay}, ${mine.accraTime} in Accra, GMT)`, mine);
  }
  return say(locale, 'mail.replyBy.accra', `by ${accra.accraDay} at ${accra.accraTime} Accra time (GMT, the same as UTC)`, accra);
}
