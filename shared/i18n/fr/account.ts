import { addCatalog } from '../catalogs.ts';
import { messages } from '../account/pages/fr.ts';

// A French part (shared/i18n/frenchParts.ts): the account pages' own words (shared/i18n/account/pages/fr.po). The
// messages any page may show (signed in or out, session ended, account errors) stay in the French chunk.
addCatalog('fr', messages);
