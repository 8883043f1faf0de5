// What every French page needs, in one chunk: the compiled catalogs and the shared prose. Loaded by French
// pages only (web/i18n/i18n.ts, listed in their module list by scripts/prerender.ts). The long prose of the
// content pages comes with each page instead (shared/i18n/frenchParts.ts).
import { messages as frame } from './locales/fr.ts';
import { messages as pages } from './pages/fr.ts';
import { messages as forms } from './forms/fr.ts';
import { messages as content } from './content/fr.ts';
import { messages as chat } from './chat/fr.ts';
import { messages as company } from './company/fr.ts';
import { messages as common } from './common/fr.ts';
import { messages as account } from './account/fr.ts';

// The chat's French (shared/i18n/chat/fr.po) comes here too: the panel loads after the page, so its words are
// ready whenever it opens, and English pages never carry them.
// The account messages too (shared/i18n/account/fr.po), which any page may show (signed out, session ended); the
// account pages' own words are a French part (shared/i18n/fr/account.ts), the dashboard's come with it (web/i18n/i18n.ts).
export const messages = { ...frame, ...pages, ...forms, ...content, ...chat, ...company, ...common, ...account };
export { prose } from '../content/fr/prose.ts';
