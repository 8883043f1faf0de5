import { addCompanyTexts } from '../../content/contentRegistry.ts';
import { aboutText, memberTexts, teamIntroText } from '../../content/fr/company.ts';

// A French part (shared/i18n/frenchParts.ts): the about and team pages.
addCompanyTexts('fr', { about: aboutText, teamIntro: teamIntroText, members: memberTexts });
