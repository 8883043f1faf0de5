import { addCatalog } from '../catalogs.ts';
import { messages } from '../forms/affiliate/fr.ts';

// A French part (shared/i18n/frenchParts.ts formPart): the affiliate form's own words (shared/i18n/forms/affiliate/fr.po).
addCatalog('fr', messages);
