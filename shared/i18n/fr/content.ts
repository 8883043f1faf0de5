import { addCatalog } from '../catalogs.ts';
import { messages } from '../content/fr.ts';

// A French part (shared/i18n/frenchParts.ts): the content pages' headings and labels (shared/i18n/content/fr.po).
addCatalog('fr', messages);
