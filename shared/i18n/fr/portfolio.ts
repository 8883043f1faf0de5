import { addTexts } from '../../content/registry.ts';
import { portfolioTexts } from '../../content/fr/portfolio.ts';

// A French part (shared/i18n/frenchParts.ts): the case studies.
addTexts('fr', { portfolio: portfolioTexts });
