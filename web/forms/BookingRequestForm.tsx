import { kindLabels } from '../../shared/submissionKinds.ts';
import { BookingWindowNote } from './BookingWindowNote.tsx';
import { SubmissionForm } from './SubmissionForm.tsx';
import { sayIn } from '../../shared/i18n/say.ts';
import { useLocale } from '../i18n/i18n.ts';

// The booking request form shown on /booking when no scheduling widget is configured (or it cannot load):
// stored and delivered like the other forms. The time zone starts as the visitor's own, and the chosen window is
// told in Accra time beneath the fields.
const browserTimeZone = () => {
  try {
    return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '' };
  } catch {
    return {};
  }
};

export function BookingRequestForm() {
  const t = sayIn(useLocale());
  return <SubmissionForm kind="booking" label={t('booking.formLabel', kindLabels.booking)} submitLabel={t('booking.submit', 'Request a booking')} prefill={browserTimeZone} extra={(values) => <BookingWindowNote values={values} />} />;
}
