import { addJoinAndTermsTexts } from '../../content/joinAndTermsRegistry.ts';
import { agreementText } from '../../content/fr/agreement.ts';

// A French part (shared/i18n/frenchParts.ts): the agreement.
addJoinAndTermsTexts('fr', { agreement: agreementText });
