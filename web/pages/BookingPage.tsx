import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useBooking } from '../booking/BookingContext.tsx';
import { InlineBookingWidget } from '../booking/InlineBookingWidget.tsx';
import { BookingButton } from '../booking/BookingButton.tsx';
import { BookingRequestForm } from '../forms/BookingRequestForm.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TeamHours } from '../booking/TeamHours.tsx';
import { site } from '../../shared/site.ts';
import { sayIn } from '../../shared/i18n/say.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';

// /booking: the 30-minute consultation through the scheduling widget when it is configured and loads,
// otherwise the booking request form (stored and delivered like the other forms). The area below the
// introduction keeps its height while the choice is made, so nothing under it jumps.
export default function BookingPage() {
  const { status, url, load } = useBooking();
  useEffect(load, [load]);
  const t = sayIn(useLocale());
  const href = useHref();

  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('booking.title', 'Book a free 30-minute consultation')}</h1>
      <p className="mt-4 text-lg text-slate-600">
        {t('booking.lead', 'Talk to one of our leads about your idea, budget and timeline. You leave the call with honest advice, a rough estimate and clear next steps, with no obligation.')}
      </p>
      <ul className="mt-6 grid gap-2 text-slate-700 sm:grid-cols-3">
        <li className="flex items-center gap-2"><Check />{t('booking.call', '30 minutes, video call')}</li>
        <li className="flex items-center gap-2"><Check />{t('booking.free', 'Free of charge')}</li>
        <li className="flex items-center gap-2"><Check />{t('booking.anyZone', 'Any time zone')}</li>
      </ul>
      <p className="mt-4 text-slate-600"><TeamHours /></p>

      <section aria-labelledby="booking-how" className="mt-10 min-h-[700px]">
        <h2 id="booking-how" className="sr-only">{t('booking.choose', 'Choose a time')}</h2>
        {status === 'ready' && url ? (
          <>
            <p className="mb-4 text-slate-600">
              {t('booking.pick', 'Pick a time in the calendar below, or')}{' '}
              <BookingButton className="font-medium text-brand-700 underline">{t('booking.popup', 'open the booking calendar in a window')}</BookingButton>.
            </p>
            <InlineBookingWidget url={url} />
          </>
        ) : status === 'off' || status === 'failed' ? (
          <>
            <p className="mb-6 rounded-xl bg-brand-50 p-4 text-slate-700">
              {status === 'failed' ? `${t('booking.failed', 'Our online calendar cannot be reached right now.')} ` : ''}
              {t('booking.request', `Tell us when suits you and what you would like to discuss. We confirm a time ${site.replyPromise}.`, { promise: t('contact.promise', site.replyPromise) })}{' '}
              {t('booking.contactBefore', 'You can also reach us through the')}{' '}
              <Link to={href('/contact')} className="font-medium text-brand-700 underline">{t('booking.contactLink', 'contact page')}</Link>.
            </p>
            <BookingRequestForm />
          </>
        ) : (
          <div className="flex h-[700px] items-center justify-center rounded-2xl border border-slate-200">
            <Spinner size="lg" label={t('booking.loading', 'Loading the booking calendar')} />
          </div>
        )}
      </section>
    </div>
  );
}

function Check() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-brand-600" fill="currentColor">
      <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
    </svg>
  );
}
