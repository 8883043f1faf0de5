import { en } from './catalogs.ts';
import { messages } from './company/en.ts';

// The English text of the careers, partner programme and agreement pages (shared/i18n/company/en.po), added to
// the English catalog by those pages, like shared/i18n/enPages.ts: the frame's catalog stays without it.
en.load('en', messages);
