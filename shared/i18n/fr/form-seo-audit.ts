import { addCatalog } from '../catalogs.ts';
import { messages } from '../forms/seo-audit/fr.ts';

// A French part (shared/i18n/frenchParts.ts formPart): the seo-audit form's own words (shared/i18n/forms/seo-audit/fr.po).
addCatalog('fr', messages);
