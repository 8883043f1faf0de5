import { addCatalog } from '../catalogs.ts';
import { messages } from '../forms/contact/fr.ts';

// A French part (shared/i18n/frenchParts.ts formPart): the contact form's own words (shared/i18n/forms/contact/fr.po).
addCatalog('fr', messages);
