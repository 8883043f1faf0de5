import { addTexts } from '../../content/registry.ts';
import { prose } from '../../content/fr/prose.ts';

// A French part (shared/i18n/frenchParts.ts): the prose many content pages show (departments, service summaries,
// the process, the portfolio cards), for the pages that render it; a page left as its prerendered HTML needs none.
addTexts('fr', { prose });
