import { services } from './content/services.ts';
import { serviceSummaries } from './content/serviceSummaries.ts';
// The card-level portfolio data only: the route table is part of every page's JavaScript.
import { portfolioCards as portfolio } from './content/portfolioCards.ts';
import { site } from './site.ts';
import type { PageKey } from './routePaths.ts';
import { catalog, en } from './i18n/catalogs.ts';
import './i18n/enPages.ts';
import { basePath, localeOfPath, pathIn, type Locale } from './i18n/locale.ts';
import { frenchPages } from './i18n/pages.ts';
import { proseIn } from './content/registry.ts';
import type { ServiceSlug } from './content/services.ts';
import { percentIn } from './i18n/format.ts';

export type { PageKey } from './routePaths.ts';
export { protectedShells } from './routePaths.ts';

// The route table of docs/product.md §2 with each page's title and description. It drives prerendering,
// sitemap.xml, client-side head updates and the e2e tests. The router itself uses the light
// shared/routePaths.ts, so this table (with every service and portfolio entry) is not in the JavaScript
// every page loads.

export interface PublicRoute {
  path: string;
  page: PageKey;
  title: string;
  description: string;
  /** Canonical path when it differs from path (/home is the same page as /). */
  canonical?: string;
  /** Listed in sitemap.xml and indexable. Account screens and /success are not. */
  indexable: boolean;
  /** The page's language (its URL's); English when absent. */
  locale?: Locale;
}

const r = (path: string, page: PageKey, title: string, description: string, extra: Partial<PublicRoute> = {}): PublicRoute =>
  ({ path, page, title, description, indexable: true, ...extra });

export const publicRoutes: readonly PublicRoute[] = [
  r('/', 'home', `${site.name} — Software agency in Ghana for clients worldwide`, site.description),
  r('/home', 'home', `${site.name} — Software agency in Ghana for clients worldwide`, site.description, { canonical: '/', indexable: false }),
  r('/about', 'about', `About us — ${site.name}`, `Volta Labs is a software agency in Accra, Ghana, with ${site.claims.clients} clients and ${site.claims.projects} projects in ${site.claims.countries} countries. Our story, values and way of working.`),
  r('/team', 'team', `Our team — ${site.name}`, 'Meet the engineers, designers, web specialists and DevOps engineers of Volta Labs in Accra, Ghana.'),
  r('/services', 'services', `Services — ${site.name}`, 'Thirteen services in software development, UI/UX design, web design and DevOps, with price ranges and typical timelines for each department.'),
  ...services.map((s) => r(`/services/${s.slug}`, 'service', `${s.name} — ${site.name}`, serviceSummaries[s.slug])),
  r('/services/seo-audit', 'seo-audit', `Free SEO audit — ${site.name}`, 'Request a free SEO audit of your website and get a prioritised list of fixes.'),
  r('/portfolio', 'portfolio', `Portfolio — ${site.name}`, 'Case studies of websites, mobile apps and online stores we built for clients in Ghana, the Netherlands, the UK and the US.'),
  ...portfolio.map((p) => r(`/portfolio/${p.slug}`, 'portfolio-detail', `${p.title} — ${site.name}`, p.description)),
  r('/agreement', 'agreement', `Client services agreement — ${site.name}`, 'Our client services agreement: scope, quotes and payment terms, change requests, IP transfer, confidentiality, warranty, liability and Ghanaian law.'),
  r('/contact', 'contact', `Contact us — ${site.name}`, `Tell us about your project. We reply ${site.replyPromise}.`),
  r('/affiliate', 'affiliate', `Partner programme — earn ${site.affiliateCommission} — ${site.name}`, `Join the ${site.name} partner programme: refer clients who need websites, apps or DevOps and earn ${site.affiliateCommission} commission on their first project.`),
  r('/affiliate-form', 'affiliate-form', `Apply as a partner — ${site.name}`, 'Apply to join our partner programme.'),
  r('/career', 'career', `Careers — ${site.name}`, 'Open roles at Volta Labs: engineers, designers and DevOps specialists in Accra and remote, building software for clients worldwide.'),
  r('/career-form', 'career-form', `Apply for a job — ${site.name}`, 'Send us your application.'),
  r('/faq', 'faq', `FAQs — ${site.name}`, 'Answers about our prices, timelines, process, payment, support, time zones and who owns the work.'),
  r('/booking', 'booking', `Book a consultation — ${site.name}`, 'Book a free 30-minute consultation with our team.'),
  r('/sign-in', 'sign-in', `Sign in — ${site.name}`, 'Sign in to your account.', { indexable: false }),
  r('/sign-up', 'sign-up', `Sign up — ${site.name}`, 'Create an account.', { indexable: false }),
  r('/verify-email', 'verify-email', `Verify your email — ${site.name}`, 'Email verification.', { indexable: false }),
  r('/verify-phone', 'verify-phone', `Verify your phone — ${site.name}`, 'Phone verification.', { indexable: false }),
  r('/success', 'success', `Thank you — ${site.name}`, `We received your message and will reply ${site.replyPromise}.`, { indexable: false }),
  r('/auth/reset-password', 'reset-password', `Reset your password — ${site.name}`, 'Choose a new password.', { indexable: false }),
];

/** Rendered to 404.html, which the asset server answers with status 404 for any unknown path. */
export const notFoundRoute: PublicRoute = r('/404', 'not-found', en._('route.notFound.title', { name: site.name }), en._('route.notFound.description'), { indexable: false });

/**
 * The French pages (shared/i18n/pages.ts lists which exist): the English route under /fr, its title and
 * description from the French catalog (read when asked for: the catalog is loaded by then, see
 * shared/i18n/catalogs.ts).
 */
/** The head of a page that stands for one item (a service, a case study): its name and summary in `locale`. */
const slugOf = (route: PublicRoute) => route.path.split('/').pop() ?? '';
const pageTitle = (locale: Locale, route: PublicRoute): string | undefined => {
  if (route.page === 'service') return catalog(locale)._('route.service.title', { service: catalog(locale)._(`service.${slugOf(route)}`), name: site.name });
  if (route.page === 'portfolio-detail') return catalog(locale)._('route.portfolio-detail.title', { project: proseIn(locale)?.portfolioCards[slugOf(route)]?.title, name: site.name });
  if (route.page === 'affiliate') return catalog(locale)._('route.affiliate.title', { commission: percentIn(locale, site.affiliateCommission), name: site.name });
  return undefined;
};
const pageDescription = (locale: Locale, route: PublicRoute): string | undefined => {
  if (route.page === 'service') return proseIn(locale)?.serviceSummaries[slugOf(route) as ServiceSlug];
  if (route.page === 'portfolio-detail') return proseIn(locale)?.portfolioCards[slugOf(route)]?.description;
  if (route.page === 'about') return catalog(locale)._('route.about.description', site.claims);
  if (route.page === 'affiliate') return catalog(locale)._('route.affiliate.description', { commission: percentIn(locale, site.affiliateCommission), name: site.name });
  return undefined;
};

const inFrench = (route: PublicRoute): PublicRoute => {
  const key = route.page === 'not-found' ? 'notFound' : route.page;
  return {
    ...route,
    path: pathIn('fr', route.path),
    ...(route.canonical ? { canonical: pathIn('fr', route.canonical) } : {}),
    locale: 'fr',
    get title() { return pageTitle('fr', route) ?? catalog('fr')._(`route.${key}.title`, { name: site.name }); },
    get description() { return pageDescription('fr', route) ?? catalog('fr')._(`route.${key}.description`); },
  };
};

export const frenchRoutes: readonly PublicRoute[] = publicRoutes.filter((x) => frenchPages.has(x.page)).map(inFrench);

/** Every prerendered public page, in every language. */
export const allRoutes: readonly PublicRoute[] = [...publicRoutes, ...frenchRoutes];

/** The not-found page of each language (the French one is 404 for any missing path under /fr). */
export const notFoundRoutes: Record<Locale, PublicRoute> = { en: notFoundRoute, fr: inFrench(notFoundRoute) };

/**
 * The head of a client-only area's shell (protectedShells): the site's name and the home page's description in
 * the shell's language, never indexed (the not-found page's kind: no canonical link, no alternates).
 */
export function shellRoute(path: string): PublicRoute {
  const locale = localeOfPath(path);
  const home = (locale === 'en' ? publicRoutes : frenchRoutes).find((x) => x.page === 'home');
  return { path, page: 'not-found', title: site.name, description: home?.description ?? site.description, indexable: false, locale };
}

export function routeForPath(path: string): PublicRoute | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return allRoutes.find((x) => x.path === clean);
}

/** The same page in each language it exists in, by language (hreflang alternates, the sitemap). */
export function alternatesOf(route: PublicRoute): Partial<Record<Locale, string>> {
  const path = route.canonical ?? route.path;
  const english = basePath(path);
  const out: Partial<Record<Locale, string>> = { en: english };
  if (frenchPages.has(route.page)) out.fr = pathIn('fr', english);
  return out;
}
