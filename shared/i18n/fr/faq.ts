import { addFaqTexts } from '../../content/contentRegistry.ts';
import { faqTexts } from '../../content/fr/faq.ts';

// A French part (shared/i18n/frenchParts.ts): the FAQ page.
addFaqTexts('fr', faqTexts);
