import { windowInAccra } from '../../shared/accraTime.ts';
import type { FormValues } from '../../shared/forms/schema.ts';

// Under the booking request's fields: the chosen window, which the visitor gives in their own zone, in Accra
// time too (shared/accraTime.ts), so both sides read the same hour, daylight saving included. Polite: it
// changes as they choose.
export function BookingWindowNote({ values }: { values: FormValues }) {
  const accra = values.date && values.timeWindow && values.timeZone ? windowInAccra(values.date, values.timeWindow, values.timeZone) : null;
  return (
    <p className="text-sm text-slate-600" aria-live="polite" data-testid="booking-accra-time">
      {accra ? `${values.timeWindow} on ${values.date}, your time (${values.timeZone}), is ${accra}.` : ''}
    </p>
  );
}
