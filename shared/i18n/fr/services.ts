import { addServiceTexts } from '../../content/contentRegistry.ts';
import { serviceTexts } from '../../content/fr/services.ts';

// A French part (shared/i18n/frenchParts.ts): the service pages' prose.
addServiceTexts('fr', serviceTexts);
