import { addCatalog } from '../catalogs.ts';
import { messages } from '../account/pages/fr.ts';

// A French part (shared/i18n/frenchParts.ts): the account pages' and the dashboard's shared words, the account
// errors, form checks and field names (shared/i18n/account/pages/fr.po). The messages any page may show (signed in
// or out, session ended, their dialog) stay in the French chunk (shared/i18n/account/fr.po).
addCatalog('fr', messages);
