import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKey } from '../shared/routes.ts';

// Every page is its own chunk (spec.md section 2: "Every page loads lazily").
export const pages: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('./pages/HomePage.tsx')),
  about: lazy(() => import('./pages/AboutPage.tsx')),
  team: lazy(() => import('./pages/TeamPage.tsx')),
  services: lazy(() => import('./pages/ServicesPage.tsx')),
  service: lazy(() => import('./pages/ServicePage.tsx')),
  'seo-audit': lazy(() => import('./pages/SeoAuditPage.tsx')),
  portfolio: lazy(() => import('./pages/PortfolioPage.tsx')),
  'portfolio-detail': lazy(() => import('./pages/PortfolioDetailPage.tsx')),
  agreement: lazy(() => import('./pages/AgreementPage.tsx')),
  contact: lazy(() => import('./pages/ContactPage.tsx')),
  affiliate: lazy(() => import('./pages/AffiliatePage.tsx')),
  'affiliate-form': lazy(() => import('./pages/AffiliateFormPage.tsx')),
  career: lazy(() => import('./pages/CareerPage.tsx')),
  'career-form': lazy(() => import('./pages/CareerFormPage.tsx')),
  faq: lazy(() => import('./pages/FaqPage.tsx')),
  booking: lazy(() => import('./pages/BookingPage.tsx')),
  'sign-in': lazy(() => import('./pages/SignInPage.tsx')),
  'sign-up': lazy(() => import('./pages/SignUpPage.tsx')),
  'verify-email': lazy(() => import('./pages/VerifyEmailPage.tsx')),
  'verify-phone': lazy(() => import('./pages/VerifyPhonePage.tsx')),
  success: lazy(() => import('./pages/SuccessPage.tsx')),
  'reset-password': lazy(() => import('./pages/ResetPasswordPage.tsx')),
  'not-found': lazy(() => import('./pages/NotFoundPage.tsx')),
};
