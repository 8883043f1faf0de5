import { lazy } from 'react';
import { LazyPart } from '../hydration/LazyPart.tsx';
import { useWhatsAppNumber } from './available.ts';

// The footer's and /contact's WhatsApp links, in the page's frame: their code is fetched only once the
// configuration names a number (never part of a page's first load, tests/site/first-load.test.ts), in a
// boundary of its own so that the rest of the footer or aside never waits for it, nor falls with it when its
// code cannot load (the page's error fallback took the whole frame down, footer included).
const FooterWhatsApp = lazy(() => import('./FooterWhatsApp.tsx'));
const ContactWhatsApp = lazy(() => import('./ContactWhatsApp.tsx'));

export function FooterWhatsAppLater() {
  const number = useWhatsAppNumber();
  return number ? <LazyPart><FooterWhatsApp number={number} /></LazyPart> : null;
}

export function ContactWhatsAppLater() {
  const number = useWhatsAppNumber();
  return number ? <LazyPart><ContactWhatsApp number={number} /></LazyPart> : null;
}
