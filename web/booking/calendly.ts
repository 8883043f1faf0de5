import { loadScript } from '../hydration/idle.ts';
import { isPlainClick } from '../navigation/plainClick.ts';

// The scheduling widget (Calendly, docs/product.md §12): its script and stylesheet load at startup
// when a booking URL is configured. When they cannot load (offline, blocked) the booking elements stay
// plain links to /booking, where the booking request form takes over.

export const CALENDLY_SCRIPT = 'https://assets.calendly.com/assets/external/widget.js';
export const CALENDLY_STYLESHEET = 'https://assets.calendly.com/assets/external/widget.css';

/** The part of Calendly's embed API we use (https://help.calendly.com/hc/en-us/articles/31644195810199). */
export interface CalendlyApi {
  initPopupWidget(options: { url: string }): void;
  initInlineWidget(options: { url: string; parentElement: HTMLElement }): void;
  closePopupWidget?(): void;
}

declare global {
  interface Window {
    Calendly?: CalendlyApi;
  }
}

let loading: Promise<boolean> | null = null;

function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      resolve();
    };
    document.head.append(link);
  });
}

/**
 * Loads the widget once; resolves true when window.Calendly is usable, false otherwise. Never rejects.
 * The stylesheet is only fetched once the script has loaded, so an unreachable Calendly costs one failed
 * request, not two.
 */
export function loadCalendly(timeoutMs = 15000): Promise<boolean> {
  if (window.Calendly) return Promise.resolve(true);
  loading ??= (async () => {
    const ok = (await loadScript(CALENDLY_SCRIPT, timeoutMs)) && !!window.Calendly;
    if (ok) await loadStylesheet(CALENDLY_STYLESHEET);
    return ok;
  })();
  return loading;
}

/**
 * The booking element that was clicked, if the click should open the popup: a plain left click (no
 * modifier keys, so "open in new tab" still works) on or inside an element with data-booking-widget.
 */
export function bookingElementFor(event: MouseEvent): Element | null {
  if (!isPlainClick(event)) return null;
  const target = event.target;
  return target instanceof Element ? target.closest('[data-booking-widget]') : null;
}
