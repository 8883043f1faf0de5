import { addCatalog } from '../catalogs.ts';
import { messages } from '../forms/fr.ts';

// A French part (shared/i18n/frenchParts.ts): the forms' words (shared/i18n/forms/fr.po), for the pages that show
// a form or its outcome. The reply promise, the Accra-time notes and the WhatsApp links' names, which the footer
// and the chat show too, are in the common catalog (French chunk).
addCatalog('fr', messages);
