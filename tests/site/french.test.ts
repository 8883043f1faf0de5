import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../shared/i18n/allCatalogs.ts';
import { allRoutes, frenchRoutes, notFoundRoutes, publicRoutes } from '../../shared/routes.ts';
import { messages as enFrame } from '../../shared/i18n/locales/en.ts';
import { messages as enPages } from '../../shared/i18n/pages/en.ts';
import { messages as enCompany } from '../../shared/i18n/company/en.ts';
import { messages as enAccount } from '../../shared/i18n/account/en.ts';
import { messages as enDashboard } from '../../shared/i18n/account/dashboard/en.ts';
import { messages as enAccountPages } from '../../shared/i18n/account/pages/en.ts';
import { messages as frChat } from '../../shared/i18n/chat/fr.ts';
import { messages as frForms } from '../../shared/i18n/forms/fr.ts';
import { formKinds, type FormKind } from '../../shared/submissionKinds.ts';
import { messages as frDashboard } from '../../shared/i18n/account/dashboard/fr.ts';
import { messages as frAccountPages } from '../../shared/i18n/account/pages/fr.ts';
import { portfolioCards } from '../../shared/content/portfolioCards.ts';
import { careersText } from '../../shared/content/fr/careers.ts';
import { serviceTexts } from '../../shared/content/fr/services.ts';
import { prose } from '../../shared/content/fr/prose.ts';
import { clientDir, startSite, testVars, type Site } from './harness.ts';

// The forms' catalogs: the shared one (shared/i18n/forms) and one per form kind (shared/i18n/forms/<kind>).
const enForms = Object.assign({}, ...Object.values(import.meta.glob<Record<string, unknown>>('../../shared/i18n/forms/**/en.ts', { eager: true, import: 'messages' })));
const frFormOf = import.meta.glob<Record<string, unknown>>('../../shared/i18n/forms/*/fr.ts', { eager: true, import: 'messages' });
const frFormKind = (kind: FormKind) => frFormOf[`../../shared/i18n/forms/${kind}/fr.ts`]!;

// The French pages as built and served: every word French (checked against the English catalog and every
// English content module), <html lang>, hreflang pairs that answer each other, the sitemap's alternates and
// the French not-found page.

const fileFor = (path: string) => resolve(clientDir, path === '/' ? 'index.html' : `${path.slice(1)}.html`);
const read = (path: string) => readFileSync(fileFor(path), 'utf8');
const decode = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&nbsp;/g, '\u00a0').replace(/&amp;/g, '&');

/** What a reader (or a screen reader) gets: the text, plus alt, aria-label, title and the head's description. */
function readable(html: string): string {
  const attrs = [...html.matchAll(/\s(?:alt|aria-label|title|content)="([^"]*)"/g)].map((m) => m[1]);
  const text = html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, '\n');
  return decode([text, ...attrs, ...[...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])].join('\n')).replace(/\s+/g, ' ');
}

/** Every string exported by the English content modules and the site's facts. */
async function englishContent(): Promise<string[]> {
  const dir = resolve(import.meta.dirname, '../../shared/content');
  const modules = await Promise.all([
    ...readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => import(resolve(dir, f))),
    import('../../shared/site.ts'),
    import('../../shared/navigation.ts'),
  ]);
  const walk = (v: unknown, seen = new Set<unknown>()): string[] => {
    if (typeof v === 'string') return [v];
    if (!v || typeof v !== 'object' || seen.has(v)) return [];
    seen.add(v);
    return Object.values(v).flatMap((x) => walk(x, seen));
  };
  return modules.flatMap((m) => walk(m));
}

/** An English sentence: four words or more, with a word only English uses. Names ("Bright Steps Learning
 * Foundation", the clients' names) and shared words ("Design UI/UX") are not sentences. */
const STOPWORDS = /\b(the|and|our|your|we|with|for|to|of|you|in|is|are|that|from|a)\b/;
const CLIENT_NAMES = new Set(portfolioCards.map((p) => p.client));
const isSentence = (s: string) => s.trim().split(/\s+/).length >= 4 && STOPWORDS.test(s) && !CLIENT_NAMES.has(s);

describe('French pages', () => {
  // The account pages are French routes too (never indexed); the dashboard is a client-only shell (below).
  const frenchPaths = [...frenchRoutes.map((r) => r.path), '/fr/404'];
  let sentences: string[] = [];
  beforeAll(async () => {
    const catalogText = Object.values({ ...enFrame, ...enPages, ...enForms, ...enCompany, ...enAccount, ...enAccountPages, ...enDashboard }).map((parts) => (parts as unknown[]).filter((p) => typeof p === 'string').join(''));
    sentences = [...new Set([...catalogText, ...(await englishContent()), ...publicRoutes.flatMap((r) => [r.title, r.description])])]
      .map((s) => s.replace(/\s+/g, ' ').trim())
      .filter(isSentence);
  });

  it('exist for the translated pages and the not-found page', () => {
    expect(frenchPaths).toEqual(expect.arrayContaining(['/fr', '/fr/404', '/fr/career', '/fr/career-form', '/fr/affiliate', '/fr/affiliate-form', '/fr/agreement']));
    expect(sentences.length).toBeGreaterThan(300);
  });

  it.each(frenchPaths)('%s shows no English sentence', (path) => {
    const text = readable(read(path));
    expect(sentences.filter((s) => text.includes(s))).toEqual([]);
  });

  it('the check sees an English sentence: the English home page fails it', () => {
    const text = readable(read('/'));
    expect(sentences.filter((s) => text.includes(s)).length).toBeGreaterThan(20);
  });

  it.each(frenchPaths)('%s is <html lang="fr"> with og:locale fr_FR and a French title', (path) => {
    const html = read(path);
    expect(html).toMatch(/<html lang="fr">/);
    expect(html).toContain('<meta property="og:locale" content="fr_FR" />');
    const route = allRoutes.find((r) => r.path === path) ?? notFoundRoutes.fr;
    expect(html).toContain(`<title>${route.title}</title>`);
  });

  it('/fr/dashboard is a French shell: <html lang="fr">, French head, the French catalog with the account area, never indexed', () => {
    const html = read('/fr/dashboard');
    expect(html).toMatch(/<html lang="fr">/);
    expect(sentences.filter((s) => readable(html).includes(s))).toEqual([]);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('hreflang=');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toMatch(/<meta name="app-modules" content="[^"]*fr[^"]*AccountArea/);
    // The dashboard's French comes with it, on this page only.
    const dashboardFrench = (path: string) => modulesOf(path, 'app').some((m) => carries(m, frDashboard));
    expect(dashboardFrench('/fr/dashboard')).toBe(true);
    expect(dashboardFrench('/fr/sign-in')).toBe(false);
    expect(dashboardFrench('/dashboard')).toBe(false);
    // The account errors, checks and field names come with the account pages and the dashboard, not every page.
    const accountFrench = (path: string) => modulesOf(path, 'app').some((m) => carries(m, frAccountPages));
    for (const path of ['/fr/dashboard', '/fr/sign-in', '/fr/sign-up']) expect(accountFrench(path), path).toBe(true);
    for (const path of ['/fr', '/fr/contact', '/fr/portfolio']) expect(accountFrench(path), path).toBe(false);
    expect(read('/dashboard')).toMatch(/<html lang="en">/);
  });

  it('the account pages are French but stay out of the sitemap and are noindex', () => {
    for (const path of ['/fr/sign-in', '/fr/sign-up', '/fr/verify-email', '/fr/verify-phone', '/fr/auth/reset-password']) {
      expect(frenchPaths, path).toContain(path);
      expect(read(path), path).toContain('<meta name="robots" content="noindex" />');
      // Their own words are a French part that comes with them (shared/i18n/fr/account.ts), not with every French page.
      expect(read(path), path).toMatch(/\/assets\/account-[\w-]+\.js/);
    }
    expect(read('/fr')).not.toMatch(/\/assets\/account-[\w-]+\.js/);
  });

  it('name the Light mode switch in the page\'s language', () => {
    expect(read('/fr')).toMatch(/>Mode léger</);
    expect(read('/fr')).not.toMatch(/>Light mode</);
    expect(read('/')).toMatch(/>Light mode</);
  });

  it('English pages stay <html lang="en">', () => {
    for (const path of ['/', '/contact', '/404']) expect(read(path), path).toMatch(/<html lang="en">/);
  });

  it('JSON-LD names the page’s language', () => {
    const graph = (path: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(read(path))![1]!)['@graph'] as { '@type': string; inLanguage?: string }[];
    expect(graph('/fr').find((x) => x['@type'] === 'WebPage')?.inLanguage).toBe('fr');
    expect(graph('/').find((x) => x['@type'] === 'WebPage')?.inLanguage).toBe('en');
  });
});

/** The modules a prerendered page lists: those it loads after load (app), or those the chat button preloads (chat). */
const modulesOf = (path: string, list: 'app' | 'chat') =>
  new RegExp(`<meta name="${list}-modules" content="([^"]*)"`).exec(read(path))![1]!.split(' ').filter(Boolean);
const js = (href: string) => readFileSync(resolve(clientDir, href.slice(1)), 'utf8');
/** Whether the built file `href` holds the compiled catalog `messages`: a few of its plain messages, id and text. */
function carries(href: string, messages: Record<string, unknown>): boolean {
  const code = js(href);
  const plain = Object.entries(messages).filter(([, v]) => Array.isArray(v) && v.every((x) => typeof x === 'string' && !/[\\"`$]/.test(x)));
  expect(plain.length).toBeGreaterThan(2);
  return plain.slice(0, 3).every(([id, v]) => code.includes(`"${id}":${JSON.stringify(v)}`));
}

describe('the French chunks', () => {
  const modules = (path: string) => modulesOf(path, 'app');
  const frenchChunk = () => modules('/fr').find((m) => js(m).includes('Mode léger'))!;

  it('every French page loads the catalogs, but not the prose of pages it does not show', () => {
    expect(frenchChunk()).toBeDefined();
    const chunk = js(frenchChunk());
    expect(chunk).not.toContain(careersText.hero.title);
    expect(chunk).not.toContain(serviceTexts['web-development'].idealFor[1]!.slice(0, 40));
  });

  it('a French page that hydrates brings its own part with its code (shared/i18n/frenchParts.ts)', () => {
    const list = modules('/fr/career-form');
    expect(list).toContain(frenchChunk());
    expect(list.some((m) => js(m).includes(careersText.hero.title))).toBe(true);
    expect(modules('/career-form').some((m) => js(m).includes(careersText.hero.title))).toBe(false);
  });

  // The forms' French comes with the pages that show a form (and the success page); the chat's, with the chat
  // panel's modules (preloaded on intent, fetched when it opens), on French pages only (shared/i18n/frenchParts.ts).
  const formPages = ['/fr/contact', '/fr/booking', '/fr/services/seo-audit', '/fr/career-form', '/fr/affiliate-form'];
  const otherPages = ['/fr', '/fr/services', '/fr/services/web-development', '/fr/portfolio/helder-cleaning-amsterdam', '/fr/about', '/fr/team', '/fr/faq', '/fr/career', '/fr/affiliate', '/fr/sign-in', '/fr/dashboard'];

  it('the shared French prose comes with the pages that render it, not with a page kept as its HTML', () => {
    const summary = prose.serviceSummaries['web-development'].slice(0, 40);
    const hasProse = (path: string) => modules(path).some((m) => js(m).includes(summary));
    for (const path of ['/fr/portfolio', '/fr/success']) expect(hasProse(path), path).toBe(true);
    for (const path of ['/fr', '/fr/services/web-development', '/fr/contact', '/fr/sign-in']) expect(hasProse(path), path).toBe(false);
    expect(js(frenchChunk())).not.toContain(summary);
  });

  it("a French page's module list holds the forms' French if, and only if, the page shows a form", () => {
    for (const path of formPages) expect(modules(path).some((m) => carries(m, frForms)), path).toBe(true);
    for (const path of otherPages) expect(modules(path).some((m) => carries(m, frForms)), path).toBe(false);
    for (const path of ['/contact', '/career-form']) expect(modules(path).some((m) => carries(m, frForms)), path).toBe(false);
    expect(carries(frenchChunk(), frForms)).toBe(false);
  });

  it("a French form page's module list holds its own form's words and no other form's", () => {
    const pageOf: Record<FormKind, string> = { contact: '/fr/contact', booking: '/fr/booking', 'seo-audit': '/fr/services/seo-audit', career: '/fr/career-form', affiliate: '/fr/affiliate-form' };
    const holds = (path: string, kind: FormKind) => modules(path).some((m) => carries(m, frFormKind(kind)));
    for (const kind of formKinds) {
      for (const other of formKinds) expect(holds(pageOf[kind], other), `${pageOf[kind]} holds ${other}'s`).toBe(other === kind);
      expect(holds('/fr/success', kind), `/fr/success holds ${kind}'s`).toBe(false);
      expect(carries(frenchChunk(), frFormKind(kind))).toBe(false);
    }
    expect(holds('/fr/contact', 'contact') && !holds('/fr/contact', 'career')).toBe(true);
    // The success page's words come with it alone; it needs no form's.
    const success = frFormOf['../../shared/i18n/forms/success/fr.ts']!;
    expect(modules('/fr/success').some((m) => carries(m, success))).toBe(true);
    for (const path of ['/fr/contact', '/fr/booking']) expect(modules(path).some((m) => carries(m, success)), path).toBe(false);
    expect(modules('/fr/success').some((m) => carries(m, frForms))).toBe(false);
  });

  it("the chat's French is among the chat panel's modules on French pages, never in a page's own list", () => {
    for (const path of [...formPages, ...otherPages]) {
      expect(modules(path).some((m) => carries(m, frChat)), path).toBe(false);
      expect(modulesOf(path, 'chat').some((m) => carries(m, frChat)), path).toBe(true);
    }
    for (const path of ['/', '/contact']) expect([...modules(path), ...modulesOf(path, 'chat')].some((m) => carries(m, frChat)), path).toBe(false);
  });
});

describe('hreflang', () => {
  const alternates = (path: string): Record<string, string> =>
    Object.fromEntries([...read(path).matchAll(/<link rel="alternate" hreflang="([^"]+)" href="%SITE_ORIGIN%([^"]*)" \/>/g)].map((m) => [m[1]!, m[2]!]));

  it('every page with a French version lists both languages and x-default (English)', () => {
    for (const route of frenchRoutes.filter((r) => r.indexable)) {
      const english = route.path.replace(/^\/fr/, '') || '/';
      expect(alternates(route.path), route.path).toEqual({ en: english, fr: route.path, 'x-default': english });
    }
  });

  it('pairs are reciprocal: each alternate of a page lists the page back', () => {
    const pages = allRoutes.filter((r) => r.indexable).map((r) => r.path);
    let pairs = 0;
    for (const path of pages) {
      for (const [lang, target] of Object.entries(alternates(path))) {
        if (lang === 'x-default') continue;
        expect(Object.values(alternates(target)), `${path} → ${target}`).toContain(path);
        pairs++;
      }
    }
    expect(pairs).toBeGreaterThanOrEqual(2);
  });

  it('a page with no French version has no alternates (nothing points to a page that does not exist)', () => {
    // Every page is French now: an unknown service's 404 is the page with no French version.
    expect(alternates('/404')).toEqual({});
  });
});

describe('served', () => {
  let site: Site;
  beforeAll(async () => { site = await startSite(testVars()); }, 60_000);
  afterAll(async () => { await site?.close(); });

  it('a missing path under /fr gets the French not-found page, with status 404', async () => {
    const res = await site.fetch('/fr/nope');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toMatch(/<html lang="fr">/);
    expect(html).toContain('Page introuvable');
    const english = await site.fetch('/nope');
    expect(english.status).toBe(404);
    expect(await english.text()).toMatch(/<html lang="en">[\s\S]*Page not found/);
  });

  it('Accept-Language never redirects: /fr and / answer in their own language whatever the browser asks', async () => {
    const en = await site.fetch('/', { headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' }, redirect: 'manual' });
    expect(en.status).toBe(200);
    expect(await en.text()).toMatch(/<html lang="en">/);
    const fr = await site.fetch('/fr', { headers: { 'Accept-Language': 'en-US' }, redirect: 'manual' });
    expect(fr.status).toBe(200);
    expect(await fr.text()).toMatch(/<html lang="fr">/);
  });

  it('the sitemap lists every French page with its alternates', async () => {
    const xml = await (await site.fetch('/sitemap.xml')).text();
    const origin = testVars().SITE_URL;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(`<url><loc>${origin}/fr</loc><xhtml:link rel="alternate" hreflang="en" href="${origin}/"/><xhtml:link rel="alternate" hreflang="fr" href="${origin}/fr"/><xhtml:link rel="alternate" hreflang="x-default" href="${origin}/"/></url>`);
    expect(xml).toContain(`<url><loc>${origin}/</loc><xhtml:link rel="alternate" hreflang="en"`);
    expect(xml).toContain(`<url><loc>${origin}/fr/agreement</loc><xhtml:link rel="alternate" hreflang="en" href="${origin}/agreement"/>`);
    // The account pages are French but never indexed: neither language's is listed; robots.txt closes both dashboards.
    for (const path of ['/sign-in', '/sign-up', '/verify-email', '/dashboard']) expect(xml, path).not.toContain(`${path}<`);
    expect(xml).not.toContain('sign-in');
    const robots = await (await site.fetch('/robots.txt')).text();
    expect(robots).toContain('Disallow: /dashboard\n');
    expect(robots).toContain('Disallow: /fr/dashboard\n');
  });
});
