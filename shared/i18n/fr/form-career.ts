import { addCatalog } from '../catalogs.ts';
import { messages } from '../forms/career/fr.ts';

// A French part (shared/i18n/frenchParts.ts formPart): the career form's own words (shared/i18n/forms/career/fr.po).
addCatalog('fr', messages);
