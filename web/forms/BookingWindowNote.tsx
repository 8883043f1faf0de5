import { windowInAccra } from '../../shared/accraTime.ts';
import type { FormValues } from '../../shared/forms/fields.ts';
import { choiceText } from '../../shared/forms/text.ts';
import { say } from '../../shared/i18n/say.ts';
import { LOCALE_TAGS } from '../../shared/i18n/locale.ts';
import { useLocale } from '../i18n/i18n.ts';

/** A YYYY-MM-DD date in words ("mardi 3 novembre 2026"), read as a calendar date (no zone shifts it). */
const dateIn = (tag: string, date: string) =>
  new Intl.DateTimeFormat(tag, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));

// Under the booking request's fields: the chosen window, which the visitor gives in their own zone, in Accra
// time too (shared/accraTime.ts), so both sides read the same hour, daylight saving included. Polite: it
// changes as they choose.
export function BookingWindowNote({ values }: { values: FormValues }) {
  const locale = useLocale();
  const accra = values.date && values.timeWindow && values.timeZone ? windowInAccra(values.date, values.timeWindow, values.timeZone, locale) : null;
  const note = () => say(locale, 'booking.windowNote', `${values.timeWindow} on ${values.date}, your time (${values.timeZone}), is ${accra}.`, {
    window: choiceText(locale, values.timeWindow ?? ''), date: locale === 'en' ? values.date : dateIn(LOCALE_TAGS[locale], values.date ?? ''), zone: values.timeZone, accra,
  });
  return (
    <p className="text-sm text-slate-600" aria-live="polite" data-testid="booking-accra-time">
      {accra ? note() : ''}
    </p>
  );
}
