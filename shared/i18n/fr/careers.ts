import { addTexts } from '../../content/registry.ts';
import { careersText, roleTexts, roleTypeTexts } from '../../content/fr/careers.ts';

// A French part (shared/i18n/frenchParts.ts): the careers page and its form.
addTexts('fr', { careers: careersText, roleTypes: roleTypeTexts, roles: roleTexts });
