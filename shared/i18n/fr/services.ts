import { addTexts } from '../../content/registry.ts';
import { serviceTexts } from '../../content/fr/services.ts';

// A French part (shared/i18n/frenchParts.ts): the service pages' prose.
addTexts('fr', { services: serviceTexts });
