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
