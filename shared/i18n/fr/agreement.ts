import { addTexts } from '../../content/registry.ts';
import { agreementText } from '../../content/fr/agreement.ts';

// A French part (shared/i18n/frenchParts.ts): the agreement.
addTexts('fr', { agreement: agreementText });
