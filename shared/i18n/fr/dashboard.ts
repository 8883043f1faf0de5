import { addCatalog } from '../catalogs.ts';
import { messages } from '../account/dashboard/fr.ts';

// A French part (shared/i18n/frenchParts.ts): the dashboard's panels (shared/i18n/account/dashboard/fr.po),
// fetched with the account area's code on /fr/dashboard only (web/App.tsx).
addCatalog('fr', messages);
