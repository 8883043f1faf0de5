import type { PageKey } from '../shared/routePaths.ts';

// Which file in web/pages/ renders each page. Plain data so that the prerenderer (Node, no Vite) can map a
// route to its chunk and preload it.
export const pageFiles: Record<PageKey, string> = {
  home: 'HomePage',
  about: 'AboutPage',
  team: 'TeamPage',
  services: 'ServicesPage',
  service: 'ServicePage',
  'seo-audit': 'SeoAuditPage',
  portfolio: 'PortfolioPage',
  'portfolio-detail': 'PortfolioDetailPage',
  agreement: 'AgreementPage',
  contact: 'ContactPage',
  affiliate: 'AffiliatePage',
  'affiliate-form': 'AffiliateFormPage',
  career: 'CareerPage',
  'career-form': 'CareerFormPage',
  faq: 'FaqPage',
  booking: 'BookingPage',
  'sign-in': 'SignInPage',
  'sign-up': 'SignUpPage',
  'verify-email': 'VerifyEmailPage',
  'verify-phone': 'VerifyPhonePage',
  success: 'SuccessPage',
  'reset-password': 'ResetPasswordPage',
  'not-found': 'NotFoundPage',
};

/**
 * Pages whose HTML depends on nothing but their address: no state, effects, context, handlers or forms.
 * On the page the browser loaded, such a page keeps its prerendered HTML (web/hydration/StaticHtml.tsx), so
 * its code is neither fetched nor run to start the app; a navigation within the app renders it as usual.
 * tests/unit/static-pages.test.ts reads their code and fails when one of them gains any of these.
 */
export const staticPages: ReadonlySet<PageKey> = new Set<PageKey>([
  'home', 'about', 'team', 'services', 'service', 'portfolio-detail', 'agreement', 'affiliate', 'career', 'faq',
  'not-found',
]);
