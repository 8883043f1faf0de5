import { preload } from 'react-dom';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/**
 * Asks for the Latin Inter file as early as possible: called while rendering, so the prerendered HTML
 * carries <link rel="preload" as="font"> and the browser fetches the font in parallel with the
 * stylesheet (styles.css declares it with font-display: optional).
 */
export function usePreloadedFont() {
  preload(interLatin, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
}
