// Everything French in one chunk: the compiled catalog and the content's prose. Loaded by French pages only
// (web/i18n/i18n.ts, listed in their module list by scripts/prerender.ts).
import { messages as frame } from './locales/fr.ts';
import { messages as pages } from './pages/fr.ts';
import { messages as forms } from './forms/fr.ts';
import { messages as content } from './content/fr.ts';
import { addCompanyTexts, addFaqTexts, addPortfolioTexts, addServiceTexts } from '../content/contentRegistry.ts';
import { faqTexts } from '../content/fr/faq.ts';
import { aboutText, memberTexts, teamIntroText } from '../content/fr/company.ts';
import { portfolioTexts } from '../content/fr/portfolio.ts';
import { serviceTexts } from '../content/fr/services.ts';
import { messages as chat } from './chat/fr.ts';
import { messages as common } from './common/fr.ts';

// The chat's French (shared/i18n/chat/fr.po) comes here too: the panel loads after the page, so its words are
// ready whenever it opens, and English pages never carry them.
export const messages = { ...frame, ...pages, ...forms, ...content, ...chat, ...common };
addServiceTexts('fr', serviceTexts);
addPortfolioTexts('fr', portfolioTexts);
addCompanyTexts('fr', { about: aboutText, teamIntro: teamIntroText, members: memberTexts });
addFaqTexts('fr', faqTexts);
export { prose } from '../content/fr/prose.ts';
