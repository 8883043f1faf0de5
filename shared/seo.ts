import { alternatesOf, type PublicRoute } from './routes.ts';
import { catalog } from './i18n/catalogs.ts';
import { DEFAULT_LOCALE, LOCALE_TAGS, OG_LOCALES, type Locale } from './i18n/locale.ts';
import { site } from './site.ts';
import { services, serviceBySlug, servicesInDepartment } from './content/services.ts';
import { serviceSummaries } from './content/serviceSummaries.ts';
import { departmentById, departments } from './content/departments.ts';
import { portfolio, projectBySlug } from './content/portfolio.ts';
import { serviceDetailBySlug } from './content/serviceDetails.ts';
import { allFaqs } from './content/faq.ts';
import type { FaqItem } from './content/types.ts';
import { escapeHtml } from './html.ts';

// Prerendered pages carry this token wherever an absolute URL is needed; the Worker replaces it with
// SITE_URL when it serves the page, so one build serves every environment (docs/architecture.md §9).
export const ORIGIN_TOKEN = '%SITE_ORIGIN%';

const esc = escapeHtml;
// JSON inside <script> must not be able to close the element.
const jsonForScript = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

const organization = () => ({
  '@type': 'Organization',
  '@id': `${ORIGIN_TOKEN}/#organization`,
  name: site.name,
  legalName: site.legalName,
  url: `${ORIGIN_TOKEN}/`,
  logo: `${ORIGIN_TOKEN}/favicon.svg`,
  email: site.email,
  description: site.description,
  address: { '@type': 'PostalAddress', addressLocality: site.address.locality, addressCountry: site.address.country },
  areaServed: 'Worldwide',
  sameAs: site.social.map((s) => s.href),
});

/** The services, grouped by department, as the organisation's offer catalogue. */
const offerCatalog = () => ({
  '@type': 'OfferCatalog',
  name: 'Services',
  itemListElement: departments.map((d) => ({
    '@type': 'OfferCatalog',
    name: d.name,
    itemListElement: servicesInDepartment(d.id).map((s) => ({
      '@type': 'Offer',
      itemOffered: { '@type': 'Service', name: s.name, description: serviceSummaries[s.slug], url: `${ORIGIN_TOKEN}/services/${s.slug}` },
    })),
  })),
});

const faqPage = (items: readonly FaqItem[]) => ({
  '@type': 'FAQPage',
  mainEntity: items.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
});

const breadcrumbs = (items: { name: string; path: string }[]) => ({
  '@type': 'BreadcrumbList',
  itemListElement: items.map((b, i) => ({ '@type': 'ListItem', position: i + 1, name: b.name, item: `${ORIGIN_TOKEN}${b.path}` })),
});

/** The page itself, in its language (schema.org inLanguage). */
const webPage = (route: PublicRoute, locale: Locale) => ({
  '@type': 'WebPage',
  url: `${ORIGIN_TOKEN}${route.canonical ?? route.path}`,
  name: route.title,
  description: route.description,
  inLanguage: LOCALE_TAGS[locale],
  isPartOf: { '@type': 'WebSite', name: site.name, url: `${ORIGIN_TOKEN}/` },
});

function structuredData(route: PublicRoute): object[] {
  const locale = route.locale ?? DEFAULT_LOCALE;
  // A French page describes itself and the organisation in French; the offer catalogue and the other
  // pages' data follow as their pages are translated (docs/decisions/0032-french-and-i18n.md).
  if (locale !== DEFAULT_LOCALE) {
    const org = { ...organization(), description: catalog(locale)._('route.home.description') };
    return route.page === 'home' ? [webPage(route, locale), org] : [webPage(route, locale)];
  }
  return [...pageData(route), webPage(route, locale)];
}

function pageData(route: PublicRoute): object[] {
  const url = `${ORIGIN_TOKEN}${route.canonical ?? route.path}`;
  if (route.page === 'home') return [{ ...organization(), hasOfferCatalog: offerCatalog() }];
  if (route.page === 'about' || route.page === 'contact') return [organization()];
  if (route.page === 'services') {
    return [{
      '@type': 'ItemList',
      itemListElement: services.map((s, i) => ({ '@type': 'ListItem', position: i + 1, url: `${ORIGIN_TOKEN}/services/${s.slug}`, name: s.name })),
    }];
  }
  if (route.page === 'service') {
    const s = serviceBySlug(route.path.split('/').pop() ?? '');
    if (!s) return [];
    const d = departmentById(s.department);
    const detail = serviceDetailBySlug(s.slug);
    return [breadcrumbs([{ name: 'Services', path: '/services' }, { name: s.name, path: route.path }]), ...(detail ? [faqPage(detail.faqs)] : []), {
      '@type': 'Service',
      name: s.name,
      description: serviceSummaries[s.slug],
      url,
      serviceType: d.name,
      provider: { '@id': `${ORIGIN_TOKEN}/#organization`, '@type': 'Organization', name: site.name },
      areaServed: 'Worldwide',
      offers: { '@type': 'Offer', priceCurrency: 'USD', price: String(d.price.min), priceSpecification: { '@type': 'PriceSpecification', minPrice: d.price.min, maxPrice: d.price.max, priceCurrency: 'USD' } },
    }];
  }
  if (route.page === 'portfolio-detail') {
    const p = projectBySlug(route.path.split('/').pop() ?? '');
    if (!p) return [];
    return [
      breadcrumbs([{ name: 'Portfolio', path: '/portfolio' }, { name: p.title, path: route.path }]),
      {
        '@type': 'CreativeWork', name: p.title, description: p.description, abstract: p.about, url,
        image: `${ORIGIN_TOKEN}${p.image}`, creator: { '@type': 'Organization', name: site.name },
        keywords: p.technologies.join(', '),
      },
    ];
  }
  if (route.page === 'portfolio') {
    return [{
      '@type': 'ItemList',
      itemListElement: portfolio.map((p, i) => ({ '@type': 'ListItem', position: i + 1, url: `${ORIGIN_TOKEN}/portfolio/${p.slug}`, name: p.title })),
    }];
  }
  if (route.page === 'faq') return [faqPage(allFaqs)];
  return [];
}

/** The <head> tags of one prerendered route. */
export function headTags(route: PublicRoute): string {
  const canonical = `${ORIGIN_TOKEN}${route.canonical ?? route.path}`;
  const locale = route.locale ?? DEFAULT_LOCALE;
  const notFound = route.page === 'not-found';
  const tags = [
    `<title>${esc(route.title)}</title>`,
    `<meta name="description" content="${esc(route.description)}" />`,
    notFound ? '' : `<link rel="canonical" href="${canonical}" />`,
    ...(notFound ? [] : hreflangLinks(route)),
    route.indexable ? '' : '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${esc(site.name)}" />`,
    `<meta property="og:title" content="${esc(route.title)}" />`,
    `<meta property="og:description" content="${esc(route.description)}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[locale]}" />`,
    `<meta property="og:image" content="${ORIGIN_TOKEN}/images/og-image.png" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  const data = structuredData(route);
  if (data.length) {
    tags.push(`<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', '@graph': data })}</script>`);
  }
  return tags.filter(Boolean).join('\n    ');
}

/** The page in each of its languages, plus x-default (English), both ways: every version lists them all. */
export function hreflangLinks(route: PublicRoute): string[] {
  const alternates = alternatesOf(route);
  if (Object.keys(alternates).length < 2) return [];
  const links = (Object.entries(alternates) as [Locale, string][]).map(
    ([locale, path]) => `<link rel="alternate" hreflang="${LOCALE_TAGS[locale]}" href="${ORIGIN_TOKEN}${path}" />`,
  );
  return [...links, `<link rel="alternate" hreflang="x-default" href="${ORIGIN_TOKEN}${alternates[DEFAULT_LOCALE]}" />`];
}

/** <html lang> of a page. */
export const htmlLang = (route: PublicRoute): string => LOCALE_TAGS[route.locale ?? DEFAULT_LOCALE];
