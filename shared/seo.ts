import { notFoundRoute, type PublicRoute } from './routes.ts';
import { site } from './site.ts';
import { services, serviceBySlug } from './content/services.ts';
import { departmentById } from './content/departments.ts';
import { projectBySlug } from './content/portfolio.ts';

// Prerendered pages carry this token wherever an absolute URL is needed; the Worker replaces it with
// SITE_URL when it serves the page, so one build serves every environment (decision 8).
export const ORIGIN_TOKEN = '%SITE_ORIGIN%';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
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

function structuredData(route: PublicRoute): object[] {
  const url = `${ORIGIN_TOKEN}${route.canonical ?? route.path}`;
  if (route.page === 'home' || route.page === 'about' || route.page === 'contact') return [organization()];
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
    return [{
      '@type': 'Service',
      name: s.name,
      description: s.summary,
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
    return [{ '@type': 'CreativeWork', name: p.title, description: p.description, url, creator: { '@type': 'Organization', name: site.name }, keywords: p.technologies.join(', ') }];
  }
  return [];
}

/** The <head> tags of one prerendered route. */
export function headTags(route: PublicRoute): string {
  const canonical = `${ORIGIN_TOKEN}${route.canonical ?? route.path}`;
  const tags = [
    `<title>${esc(route.title)}</title>`,
    `<meta name="description" content="${esc(route.description)}" />`,
    route === notFoundRoute ? '' : `<link rel="canonical" href="${canonical}" />`,
    route.indexable ? '' : '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${esc(site.name)}" />`,
    `<meta property="og:title" content="${esc(route.title)}" />`,
    `<meta property="og:description" content="${esc(route.description)}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:image" content="${ORIGIN_TOKEN}/og-image.png" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  const data = structuredData(route);
  if (data.length) {
    tags.push(`<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', '@graph': data })}</script>`);
  }
  return tags.filter(Boolean).join('\n    ');
}
