// Everything French in one chunk: the compiled catalog and the content's prose. Loaded by French pages only
// (web/i18n/i18n.ts, listed in their module list by scripts/prerender.ts).
export { messages } from './locales/fr.ts';
export { prose } from '../content/fr/prose.ts';
