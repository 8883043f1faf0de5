import type { PageKey } from '../routePaths.ts';

// The long French prose of the content pages travels with the page that shows it, one chunk per family
// (shared/i18n/fr/<part>.ts), not in the French chunk every French page loads (shared/i18n/fr.ts): a French
// visitor of the home page does not pay for thirteen service pages and the agreement. The app fetches a
// French page's part with its code (web/App.tsx); the prerenderer lists it in that page's modules.
export type FrenchPart = 'services' | 'portfolio' | 'company' | 'faq' | 'careers' | 'affiliate' | 'agreement';

export const frenchPartOf: Partial<Record<PageKey, FrenchPart>> = {
  service: 'services',
  'portfolio-detail': 'portfolio',
  about: 'company',
  team: 'company',
  faq: 'faq',
  career: 'careers',
  'career-form': 'careers',
  affiliate: 'affiliate',
  'affiliate-form': 'affiliate',
  agreement: 'agreement',
};
