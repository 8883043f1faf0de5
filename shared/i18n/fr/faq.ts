import { addTexts } from '../../content/registry.ts';
import { faqTexts } from '../../content/fr/faq.ts';

// A French part (shared/i18n/frenchParts.ts): the FAQ page.
addTexts('fr', { faq: faqTexts });
