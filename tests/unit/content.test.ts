import { serviceSummaries } from '../../shared/content/serviceSummaries.ts';
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { services, serviceBySlug, featuredServiceSlugs } from '../../shared/content/services.ts';
import { serviceDetails, serviceDetailBySlug } from '../../shared/content/serviceDetails.ts';
import { departments, departmentById, formatPriceRange, formatWeeks } from '../../shared/content/departments.ts';
import { usd } from '../../shared/usd.ts';
import { portfolio, projectBySlug, portfolioFilters } from '../../shared/content/portfolio.ts';
import { portfolioCards } from '../../shared/content/portfolioCards.ts';
import { portfolioStories } from '../../shared/content/portfolioStories.ts';
import { team, initials } from '../../shared/content/team.ts';
import { openRoles } from '../../shared/content/careers.ts';
import { faqGroups } from '../../shared/content/faq.ts';
import { agreement } from '../../shared/content/agreement.ts';
import { affiliate } from '../../shared/content/affiliate.ts';
import { publicRoutes } from '../../shared/routes.ts';
import { headTags } from '../../shared/seo.ts';
import { site } from '../../shared/site.ts';

const publicDir = fileURLToPath(new URL('../../web/public', import.meta.url));
const nonEmpty = (v: unknown) => (Array.isArray(v) ? v.length > 0 && v.every(nonEmpty) : typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && v.trim().length > 0);
/** Words that betray unfinished copy. */
const placeholder = /lorem|ipsum|todo|tbd|placeholder|coming soon|xxx/i;

function allStrings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(allStrings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(allStrings);
  return [];
}

describe('usd', () => {
  it('writes whole dollars as en-US does, without Intl', () => {
    for (const n of [0, 7, 999, 1000, 2000, 12_500, 25_000, 100_000, 999_999, 1_234_567, 250_000_000, -4200]) {
      expect(usd(n)).toBe(`${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US')}`);
    }
    expect(usd(1999.6)).toBe('$2,000');
  });
});

describe('departments (docs/product.md §8.4, "Department prices")', () => {
  it('has the four departments with the spec prices and timelines', () => {
    const table = Object.fromEntries(departments.map((d) => [d.name, `${formatPriceRange(d.price)}, ${formatWeeks(d.weeks)}`]));
    expect(table).toEqual({
      'Software Development': '$5,000 – $25,000+, 4–16 weeks',
      'UI/UX Design': '$2,000 – $10,000, 2–8 weeks',
      'Web Design': '$2,000 – $12,000, 3–10 weeks',
      DevOps: '$3,000 – $15,000, 2–12 weeks',
    });
  });

  it('describes every department', () => {
    for (const d of departments) {
      expect(d.summary.length, d.id).toBeGreaterThan(30);
      expect(d.description.length, d.id).toBeGreaterThan(60);
    }
  });
});

describe('services', () => {
  const specNames = [
    'Web Development', 'WordPress Development', 'Mobile App Development', 'UI/UX Design', 'E-commerce', 'Branding',
    'Digital Marketing', 'SEO Optimization', 'CI/CD Pipeline', 'Cloud Infrastructure', 'Container Orchestration',
    'Monitoring and Logging', 'Security and Compliance',
  ];

  it('are the 13 services of docs/product.md §1 with unique slugs and valid departments', () => {
    expect(services.map((s) => s.name).sort()).toEqual([...specNames].sort());
    expect(new Set(services.map((s) => s.slug)).size).toBe(13);
    for (const s of services) expect(() => departmentById(s.department)).not.toThrow();
  });

  it('match the routes of docs/product.md §2', () => {
    const paths = publicRoutes.filter((r) => r.page === 'service').map((r) => r.path).sort();
    expect(paths).toEqual([
      '/services/branding', '/services/cicd-pipeline', '/services/cloud-infrastructure', '/services/container-orchestration',
      '/services/digital-marketing', '/services/ecommerce', '/services/mobile-app-development', '/services/monitoring-logging',
      '/services/security-compliance', '/services/seo-optimization', '/services/ui-ux-design', '/services/web-development',
      '/services/wordpress-development',
    ]);
  });

  it.each(services.map((s) => [s.slug, s] as const))('%s has full page content', (slug, s) => {
    const d = serviceDetailBySlug(slug);
    expect(d).toBeDefined();
    if (!d) return;
    expect(serviceSummaries[s.slug].length).toBeGreaterThan(40);
    expect(d.headline.length).toBeGreaterThan(60);
    expect(d.whatItIs.length).toBeGreaterThanOrEqual(2);
    expect(d.idealFor.length).toBeGreaterThanOrEqual(3);
    expect(d.deliverables.length).toBeGreaterThanOrEqual(5);
    expect(d.process.length).toBeGreaterThanOrEqual(4);
    expect(d.tools.length).toBeGreaterThanOrEqual(4);
    expect(d.faqs.length).toBeGreaterThanOrEqual(2);
    expect(nonEmpty(allStrings(d))).toBe(true);
    // The typical timeline lies inside the department's range of docs/product.md §8.4.
    const dep = departmentById(s.department);
    expect(d.typicalWeeks.min).toBeGreaterThanOrEqual(dep.weeks.min);
    expect(d.typicalWeeks.max).toBeLessThanOrEqual(dep.weeks.max);
    expect(d.typicalWeeks.min).toBeLessThanOrEqual(d.typicalWeeks.max);
  });

  it('have no content for unknown slugs', () => {
    expect(Object.keys(serviceDetails).sort()).toEqual(services.map((s) => s.slug).sort());
    expect(serviceBySlug('seo-audit')).toBeUndefined();
    expect(serviceDetailBySlug('nope')).toBeUndefined();
    expect(serviceDetailBySlug('toString')).toBeUndefined();
  });

  it('features existing services on the home page', () => {
    for (const slug of featuredServiceSlugs) expect(serviceBySlug(slug)).toBeDefined();
  });
});

describe('portfolio (docs/product.md §17.4)', () => {
  const fields = ['id', 'slug', 'title', 'description', 'about', 'image', 'url', 'client', 'technologies', 'category', 'feedback', 'problem', 'solution', 'impact'] as const;

  it('has six projects', () => {
    expect(portfolio).toHaveLength(6);
  });

  it.each(portfolio.map((p) => [p.slug, p] as const))('%s has every field, non-empty', (_slug, p) => {
    for (const f of fields) expect(nonEmpty(p[f]), f).toBe(true);
    expect(p.url).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}/);
    expect(p.imageAlt.length).toBeGreaterThan(20);
    expect(p.feedbackAuthor).toContain(',');
    for (const f of ['about', 'problem', 'solution', 'impact'] as const) expect(p[f].length, f).toBeGreaterThan(100);
  });

  it('has unique ids and slugs, valid categories and existing images', () => {
    expect(new Set(portfolio.map((p) => p.id)).size).toBe(6);
    expect(new Set(portfolio.map((p) => p.slug)).size).toBe(6);
    const categories = portfolioFilters.map((f) => f.value);
    expect(categories).toEqual(['all', 'web', 'mobile', 'e-commerce', 'nonprofit']);
    for (const p of portfolio) {
      expect(categories.filter((c) => c !== 'all')).toContain(p.category);
      expect(p.image).toMatch(/^\/images\/portfolio\/.+\.svg$/);
      expect(existsSync(publicDir + p.image), p.image).toBe(true);
    }
  });

  it('covers every category', () => {
    for (const c of ['web', 'mobile', 'e-commerce', 'nonprofit']) expect(portfolio.some((p) => p.category === c), c).toBe(true);
  });

  it('has exactly one story per card', () => {
    expect(Object.keys(portfolioStories).sort()).toEqual(portfolioCards.map((c) => c.slug).sort());
  });

  it('is the clients of docs/product.md §17.4', () => {
    const text = portfolio.map((p) => `${p.client} ${p.location} ${p.about}`).join('\n');
    expect(text).toMatch(/cleaning company[^\n]*Amsterdam/);
    expect(text).toMatch(/children/);
    expect(text).toMatch(/cakes/);
    expect(portfolio.find((p) => p.slug === 'aquapure-water-delivery-app')?.location).toContain('Ghana');
    expect(portfolio.filter((p) => /ministr/i.test(p.client))).toHaveLength(2);
  });

  it('finds projects by slug and nothing for unknown slugs', () => {
    expect(projectBySlug('aquapure-water-delivery-app')?.client).toBe('AquaPure Ghana');
    expect(projectBySlug('nope')).toBeUndefined();
  });

  it('has one prerendered route per project', () => {
    expect(publicRoutes.filter((r) => r.page === 'portfolio-detail').map((r) => r.path).sort()).toEqual(portfolio.map((p) => `/portfolio/${p.slug}`).sort());
  });
});

describe('company content', () => {
  it('has a team with unique people and initials', () => {
    expect(team.length).toBeGreaterThanOrEqual(8);
    expect(new Set(team.map((m) => m.slug)).size).toBe(team.length);
    for (const d of departments) expect(team.some((m) => m.department === d.id), d.id).toBe(true);
    expect(initials('Kwame Asante')).toBe('KA');
    expect(initials('Nana Kwesi Appiah')).toBe('NA');
  });

  it('has open roles in valid departments', () => {
    expect(openRoles.length).toBeGreaterThan(0);
    expect(new Set(openRoles.map((r) => r.slug)).size).toBe(openRoles.length);
    for (const r of openRoles) {
      expect(() => departmentById(r.department)).not.toThrow();
      expect(r.responsibilities.length).toBeGreaterThan(0);
      expect(r.requirements.length).toBeGreaterThan(0);
    }
  });

  it('answers the FAQ topics the issue asks for, with the spec prices', () => {
    expect(faqGroups.map((g) => g.id)).toEqual(expect.arrayContaining(['prices', 'timelines', 'process', 'payment', 'support', 'time-zones', 'ownership']));
    const prices = faqGroups.find((g) => g.id === 'prices')?.items[0]?.answer ?? '';
    for (const d of departments) expect(prices).toContain(formatPriceRange(d.price));
  });

  it('has an agreement with the required sections and Ghanaian law', () => {
    const titles = agreement.sections.map((s) => s.title.toLowerCase()).join(' | ');
    for (const t of ['scope', 'payment', 'change requests', 'intellectual property', 'confidentiality', 'warranty', 'liability', 'termination', 'governing law']) {
      expect(titles).toContain(t);
    }
    expect(allStrings(agreement).join(' ')).toContain('laws of the Republic of Ghana');
  });

  it('advertises the partner programme with the spec badge and commission', () => {
    expect(affiliate.badge).toBe('EARN 40%');
    expect(affiliate.commission).toBe(site.affiliateCommission);
    expect(affiliate.howItWorks.length).toBeGreaterThanOrEqual(3);
  });

  it('has no placeholder copy anywhere', async () => {
    const modules = await Promise.all([
      import('../../shared/content/home.ts'), import('../../shared/content/about.ts'), import('../../shared/content/pages.ts'),
      import('../../shared/content/accounts.ts'), import('../../shared/content/process.ts'), import('../../shared/content/careers.ts'),
    ]);
    const text = [...allStrings(modules), ...allStrings(serviceDetails), ...allStrings(portfolio), ...allStrings(team), ...allStrings(faqGroups), ...allStrings(agreement), ...allStrings(affiliate)];
    expect(text.filter((s) => placeholder.test(s))).toEqual([]);
  });
});

describe('SEO', () => {
  it('gives every route a unique title and a description of a useful length', () => {
    const indexable = publicRoutes.filter((r) => r.indexable);
    expect(new Set(indexable.map((r) => r.title)).size).toBe(indexable.length);
    for (const r of publicRoutes) {
      expect(r.description.length, r.path).toBeGreaterThanOrEqual(15);
      expect(r.description.length, r.path).toBeLessThanOrEqual(170);
    }
  });

  it('describes the FAQ page, the services and the projects in JSON-LD', () => {
    const json = (path: string) => {
      const route = publicRoutes.find((r) => r.path === path);
      if (!route) throw new Error(path);
      const m = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(headTags(route));
      return JSON.parse(m?.[1] ?? '{}') as { '@graph': { '@type': string; mainEntity?: unknown[] }[] };
    };
    const faq = json('/faq')['@graph'].find((x) => x['@type'] === 'FAQPage');
    expect(faq?.mainEntity).toHaveLength(faqGroups.flatMap((g) => g.items).length);
    expect(json('/services/branding')['@graph'].map((x) => x['@type'])).toEqual(expect.arrayContaining(['Service', 'BreadcrumbList']));
    expect(json('/portfolio/house-of-grace-church-app')['@graph'].map((x) => x['@type'])).toContain('CreativeWork');
    expect(JSON.stringify(json('/'))).toContain('OfferCatalog');
  });

  it('points og:image at an image that exists', () => {
    const tags = headTags(publicRoutes[0]!);
    const m = /og:image" content="%SITE_ORIGIN%([^"]+)"/.exec(tags);
    expect(m).not.toBeNull();
    expect(existsSync(publicDir + m![1])).toBe(true);
  });
});
