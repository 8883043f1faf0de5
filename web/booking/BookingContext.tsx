import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useConfig, useConfigReady } from '../config.tsx';
import { whenIdle } from '../hydration/idle.ts';
import { isLight } from '../light/isLight.ts';

/**
 * - pending: configuration not known yet (prerender and the first client render)
 * - off: no booking URL configured
 * - loading / ready / failed: the widget's script is loading, usable, or could not load
 */
// The widget loader is only needed where a booking URL is configured: it loads with the widget.
const calendly = () => import('./calendly.ts');
let bookingElementFor: ((event: MouseEvent) => Element | null) | null = null;

export type BookingStatus = 'pending' | 'off' | 'loading' | 'ready' | 'failed';

interface BookingState {
  status: BookingStatus;
  url: string | null;
  /** Starts loading the widget now instead of at the next idle moment (the /booking page needs it). */
  load: () => void;
}

const BookingContext = createContext<BookingState>({ status: 'pending', url: null, load: () => {} });

export const useBooking = () => useContext(BookingContext);

// Initialises the widget at startup (after hydration, when the browser is idle) and turns every
// [data-booking-widget] element into a popup opener once it is ready. Until then, or when it never gets
// ready, those elements keep their own behaviour (a link to /booking).
export function BookingProvider({ children }: { children: ReactNode }) {
  const config = useConfig();
  const ready = useConfigReady();
  const url = config?.bookingUrl ?? null;
  const [widget, setWidget] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');

  const started = useRef(false);
  const load = useCallback(() => {
    if (!url || started.current) return;
    started.current = true;
    // Transitions, like every context change above the pages (see web/config.tsx).
    startTransition(() => setWidget('loading'));
    void calendly()
      .then((m) => {
        bookingElementFor = m.bookingElementFor;
        return m.loadCalendly();
      })
      .catch(() => false)
      .then((ok) => startTransition(() => setWidget(ok ? 'ready' : 'failed')));
  }, [url]);

  // A light page (docs/decisions/0033) loads the widget only when asked for (the /booking page, a tap).
  useEffect(() => (url && !isLight() ? whenIdle(load) : undefined), [url, load]);

  const status: BookingStatus = !ready ? 'pending' : !url ? 'off' : widget === 'idle' ? 'loading' : widget;

  useEffect(() => {
    if (status !== 'ready' || !url) return;
    // Capture phase: runs before the router's link handler, which then sees defaultPrevented.
    const onClick = (event: MouseEvent) => {
      if (!bookingElementFor?.(event) || !window.Calendly) return;
      event.preventDefault();
      window.Calendly.initPopupWidget({ url });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [status, url]);

  const value = useMemo(() => ({ status, url, load }), [status, url, load]);
  return <BookingContext.Provider value={value}>{children}</BookingContext.Provider>;
}
