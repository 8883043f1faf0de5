import { addTexts } from '../../content/registry.ts';
import { aboutText, memberTexts, teamIntroText } from '../../content/fr/company.ts';

// A French part (shared/i18n/frenchParts.ts): the about and team pages.
addTexts('fr', { company: { about: aboutText, teamIntro: teamIntroText, members: memberTexts } });
