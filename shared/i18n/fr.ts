// Everything French in one chunk: the compiled catalog and the content's prose. Loaded by French pages only
// (web/i18n/i18n.ts, listed in their module list by scripts/prerender.ts).
import { messages as frame } from './locales/fr.ts';
import { messages as pages } from './pages/fr.ts';
import { messages as forms } from './forms/fr.ts';

export const messages = { ...frame, ...pages, ...forms };
export { prose } from '../content/fr/prose.ts';
