import { useEffect, useRef } from 'react';

/** Calendly's inline calendar for `url`; render it only once the widget is ready. */
export function InlineBookingWidget({ url }: { url: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !window.Calendly) return;
    window.Calendly.initInlineWidget({ url, parentElement: el });
    return () => {
      el.replaceChildren();
    };
  }, [url]);
  return <div ref={ref} className="h-[700px] min-w-[320px] overflow-hidden rounded-2xl border border-slate-200" data-testid="booking-inline-widget" />;
}
