import { addCatalog } from '../catalogs.ts';
import { messages } from '../chat/fr.ts';

// A French part (shared/i18n/frenchParts.ts): the chat panel's words (shared/i18n/chat/fr.po), fetched with the
// panel's code (web/chat/ChatLauncher.tsx). The launcher's own name is in the common catalog (French chunk).
addCatalog('fr', messages);
