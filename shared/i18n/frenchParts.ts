import type { PageKey } from '../routePaths.ts';
import type { FormKind } from '../submissionKinds.ts';

// What a French page needs beyond the French chunk (shared/i18n/fr.ts: the frame's, the pages', the account
// and the common words), one chunk per part (shared/i18n/fr/<part>.ts): the prose the content pages share, the
// long prose of a page family, and the catalogs only some pages read (the forms', the content and company pages' words, the
// dashboard's). A French visitor of the home page pays for none of them. The app fetches a French page's parts
// with its code (web/App.tsx), each after the French chunk (web/i18n/loadFrenchPart.ts); the prerenderer lists
// them in that page's modules (scripts/prerender.ts). The chat's part comes with the chat panel's code
// (web/chat/ChatLauncher.tsx), not with a page. The forms' words are split the same way: 'forms' holds what every
// form page shares, each form kind has its own part (formPart), so /fr/contact never fetches the career form's,
// and the success page has its own.
export type FrenchPart =
  | 'services' | 'portfolio' | 'company' | 'faq' | 'careers' | 'affiliate' | 'agreement' | 'account'
  | 'prose' | 'forms' | FormPart | 'success' | 'content' | 'companyWords' | 'chat' | 'dashboard';

/** One form's own words (shared/i18n/forms/<kind>/fr.po): its page, labels, hints, required messages and choices. */
export type FormPart = `form-${FormKind}`;
const formPart = (kind: FormKind): FormPart => `form-${kind}`;
/** A form page's parts: the shared words, then its own form's. */
const formPage = (kind: FormKind, ...others: FrenchPart[]): readonly FrenchPart[] => [...others, 'forms', formPart(kind)];

/** A French page, or the French account area (/fr/dashboard, not a public page). */
export type FrenchArea = PageKey | 'dashboard';

export const frenchPartsOf: Partial<Record<FrenchArea, readonly FrenchPart[]>> = {
  home: ['prose'],
  services: ['prose'],
  service: ['prose', 'services', 'content'],
  portfolio: ['prose', 'content'],
  'portfolio-detail': ['prose', 'portfolio', 'content'],
  about: ['prose', 'company', 'content'],
  team: ['prose', 'company', 'content'],
  faq: ['prose', 'faq', 'content'],
  career: ['prose', 'careers', 'companyWords'],
  'career-form': formPage('career', 'careers'),
  affiliate: ['affiliate', 'companyWords'],
  'affiliate-form': formPage('affiliate', 'affiliate'),
  agreement: ['agreement', 'companyWords'],
  contact: formPage('contact'),
  booking: formPage('booking'),
  'seo-audit': formPage('seo-audit'),
  success: ['prose', 'success'],
  'sign-in': ['account'],
  'sign-up': ['account'],
  'verify-email': ['account'],
  'verify-phone': ['account'],
  'reset-password': ['account'],
  dashboard: ['account', 'dashboard'],
};

/** The chat panel's words, which come with the panel's code rather than with a page. */
export const chatFrenchPart: FrenchPart = 'chat';
