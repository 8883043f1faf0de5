import { en } from './catalogs.ts';
import { messages } from './pages/en.ts';

// The English text of the pages themselves (shared/i18n/pages/en.po), added to the English catalog by the
// modules that show it. Kept out of the frame's catalog, which every page's JavaScript carries: an English
// page's own text is in its prerendered HTML and comes with its code only when the app renders it.
en.load('en', messages);
