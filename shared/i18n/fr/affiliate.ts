import { addTexts } from '../../content/registry.ts';
import { affiliateText } from '../../content/fr/affiliate.ts';

// A French part (shared/i18n/frenchParts.ts): the partner programme and its form.
addTexts('fr', { affiliate: affiliateText });
