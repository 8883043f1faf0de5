import { addCatalog } from '../catalogs.ts';
import { messages } from '../forms/booking/fr.ts';

// A French part (shared/i18n/frenchParts.ts formPart): the booking form's own words (shared/i18n/forms/booking/fr.po).
addCatalog('fr', messages);
