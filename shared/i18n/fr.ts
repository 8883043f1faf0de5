// What every French page needs, in one chunk: the frame's and the pages' catalogs, the account messages any page
// may show (signed in or out, session ended) and the common words (errors, rate limits, the reply promise, the
// Accra-time notes, the WhatsApp links, the chat launcher's name). Loaded by French pages only
// (web/i18n/i18n.ts, listed in their module list by scripts/prerender.ts). What only some pages or the chat
// panel read comes with them instead (shared/i18n/frenchParts.ts).
import { messages as frame } from './locales/fr.ts';
import { messages as pages } from './pages/fr.ts';
import { messages as common } from './common/fr.ts';
import { messages as account } from './account/fr.ts';

export const messages = { ...frame, ...pages, ...common, ...account };
