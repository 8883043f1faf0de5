import { preload } from 'react-dom';
import { isLight } from '../light/isLight.ts';
import interLatin from '../fonts/inter-latin-wght-subset.woff2?url';

/**
 * Asks for the Latin Inter file as early as possible: called while rendering, so the prerendered HTML
 * carries <link rel="preload" as="font"> and the browser fetches the font in parallel with the
 * stylesheet (styles.css declares it with font-display: optional). Not on a light page, which has no web font
 * (the Worker removed the preload from its HTML; the app must not put it back).
 */
export function usePreloadedFont() {
  if (isLight()) return;
  preload(interLatin, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
}
