import { addCatalog } from '../catalogs.ts';
import { messages } from '../forms/success/fr.ts';

// A French part (shared/i18n/frenchParts.ts): the success page's words (shared/i18n/forms/success/fr.po), which
// no form page needs.
addCatalog('fr', messages);
