import { addCatalog } from '../catalogs.ts';
import { messages } from '../company/fr.ts';

// A French part (shared/i18n/frenchParts.ts): the careers, partner programme and agreement pages' own words
// (shared/i18n/company/fr.po); their long text is the careers, affiliate and agreement parts.
addCatalog('fr', messages);
