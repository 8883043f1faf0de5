import { addPortfolioTexts } from '../../content/contentRegistry.ts';
import { portfolioTexts } from '../../content/fr/portfolio.ts';

// A French part (shared/i18n/frenchParts.ts): the case studies.
addPortfolioTexts('fr', portfolioTexts);
