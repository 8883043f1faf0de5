import { en } from './catalogs.ts';
import { messages } from './content/en.ts';

// The English text of the content pages (shared/i18n/content/en.po), added to the English catalog by the pages
// that show it, like shared/i18n/enPages.ts: the frame's catalog, which every page carries, stays without it.
en.load('en', messages);
