import { addCatalog } from '../catalogs.ts';
import { messages } from '../forms/fr.ts';

// A French part (shared/i18n/frenchParts.ts): the words every form page shares (shared/i18n/forms/fr.po: errors,
// summary, sending and sent messages, choose, the required note). Each form's own words are its kind's part
// (./form-<kind>.ts); the success page's, ./success.ts. The reply promise, the Accra-time notes and the WhatsApp
// links' names, which the footer and the chat show too, are in the common catalog (French chunk).
addCatalog('fr', messages);
