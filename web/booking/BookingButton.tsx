import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useHref } from '../i18n/i18n.ts';
import { useBooking } from './BookingContext.tsx';

export const bookingButtonClass =
  'inline-flex items-center justify-center rounded-full bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-700';

/**
 * "Book a consultation": opens the scheduling widget's popup when it is ready, and is otherwise a plain
 * link to /booking. Any element with data-booking-widget behaves the same way (see BookingProvider).
 */
export function BookingButton({ children = 'Book a consultation', className = bookingButtonClass }: { children?: ReactNode; className?: string }) {
  const { status } = useBooking();
  const href = useHref();
  return (
    <Link to={href('/booking')} data-booking-widget="" aria-haspopup={status === 'ready' ? 'dialog' : undefined} className={className}>
      {children}
    </Link>
  );
}
