// What the SPA router needs to pick a page: patterns and page keys, nothing else. The full route table
// (titles, descriptions, every service and portfolio path) is in shared/routes.ts, which the prerenderer,
// the sitemap and the tests use; it stays out of the JavaScript every page loads. A unit test keeps the
// two in step (tests/unit/route-paths.test.ts).
export type PageKey =
  | 'home' | 'about' | 'team' | 'services' | 'service' | 'seo-audit' | 'portfolio' | 'portfolio-detail'
  | 'agreement' | 'contact' | 'affiliate' | 'affiliate-form' | 'career' | 'career-form' | 'faq'
  | 'booking' | 'sign-in' | 'sign-up' | 'verify-email' | 'verify-phone' | 'success' | 'reset-password'
  | 'not-found';

/** Router patterns of the public pages. Dynamic pages answer an unknown slug with the not-found page. */
export const pagePatterns: ReadonlyArray<readonly [pattern: string, page: PageKey]> = [
  ['/', 'home'],
  ['/home', 'home'],
  ['/about', 'about'],
  ['/team', 'team'],
  ['/services', 'services'],
  ['/services/seo-audit', 'seo-audit'],
  ['/services/:slug', 'service'],
  ['/portfolio', 'portfolio'],
  ['/portfolio/:slug', 'portfolio-detail'],
  ['/agreement', 'agreement'],
  ['/contact', 'contact'],
  ['/affiliate', 'affiliate'],
  ['/affiliate-form', 'affiliate-form'],
  ['/career', 'career'],
  ['/career-form', 'career-form'],
  ['/faq', 'faq'],
  ['/booking', 'booking'],
  ['/sign-in', 'sign-in'],
  ['/sign-up', 'sign-up'],
  ['/verify-email', 'verify-email'],
  ['/verify-phone', 'verify-phone'],
  ['/success', 'success'],
  ['/auth/reset-password', 'reset-password'],
];

/** Client-only areas: prerendered as a shell (the session spinner) and never indexed. The dashboard is in French
 * too (/fr/dashboard); the staff's admin area is English only. */
export const protectedShells = ['/dashboard', '/fr/dashboard', '/admin'] as const;
