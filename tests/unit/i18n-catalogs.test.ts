import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../shared/i18n/allCatalogs.ts';
import { messages as enFrame } from '../../shared/i18n/locales/en.ts';
import { messages as enPages } from '../../shared/i18n/pages/en.ts';
import { messages as enChat } from '../../shared/i18n/chat/en.ts';
import { messages as frMessages } from '../../shared/i18n/fr.ts';
import { catalog, en } from '../../shared/i18n/catalogs.ts';
import { basePath, localeOfPath, pathIn } from '../../shared/i18n/locale.ts';
import { localizedHref } from '../../shared/i18n/pages.ts';
import { preferredLocale, suggestion } from '../../shared/i18n/choice.ts';
import { percentIn, usdIn } from '../../shared/i18n/format.ts';
import { prose } from '../../shared/content/fr/prose.ts';
import { departments } from '../../shared/content/departments.ts';
import { services } from '../../shared/content/services.ts';
import { serviceSummaries } from '../../shared/content/serviceSummaries.ts';
import { portfolioCards, portfolioFilters } from '../../shared/content/portfolioCards.ts';
import { agencyProcess } from '../../shared/content/process.ts';
import { site } from '../../shared/site.ts';

// The catalogs (shared/i18n/locales/*.po) and the French prose (shared/content/fr/prose.ts): the same keys and
// placeholders in both languages, French typography, and the helpers that route links and format numbers.

/** msgid → msgstr of a language's PO catalogs (the frame's, the pages' and the chat's), read as a translator's tool would. */
function po(locale: string): Record<string, string> {
  const text = ['locales', 'pages', 'chat'].map((dir) => readFileSync(resolve(import.meta.dirname, `../../shared/i18n/${dir}/${locale}.po`), 'utf8')).join('\n');
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) {
    const id = JSON.parse(m[1]!) as string;
    if (id) out[id] = JSON.parse(m[2]!) as string;
  }
  return out;
}
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

/** Every string of a nested value. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];

describe('the catalogs', () => {
  const enPo = po('en');
  const frPo = po('fr');

  it('have the same message ids, each translated (and the compiled catalogs hold them all)', () => {
    expect(Object.keys(frPo).sort()).toEqual(Object.keys(enPo).sort());
    for (const [id, text] of Object.entries(frPo)) expect(text, id).not.toBe('');
    expect(Object.keys(frMessages).sort()).toEqual(Object.keys(enPo).sort());
    expect(Object.keys({ ...enFrame, ...enPages, ...enChat }).sort()).toEqual(Object.keys(enPo).sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const id of Object.keys(enPo)) expect(placeholders(frPo[id]!), id).toEqual(placeholders(enPo[id]!));
  });

  it('render ICU placeholders in both languages', () => {
    expect(en._('footer.copyright', { year: 2025, name: 'Volta Labs' })).toBe('© 2025 Volta Labs. All rights reserved.');
    expect(catalog('fr')._('footer.copyright', { year: 2025, name: 'Volta Labs' })).toBe('© 2025 Volta Labs. Tous droits réservés.');
    expect(catalog('fr')._('price.weeks', { min: 4, max: 16 })).toBe('4 à 16\u00a0semaines');
  });

  it('keep the English text that other modules also state word for word', () => {
    expect(en._('footer.tagline')).toBe(site.tagline);
    expect(en._('route.home.description')).toBe(site.description);
    for (const s of services) expect(en._(`service.${s.slug}`)).toBe(s.name);
  });

  it('write French with its typography: a no-break space before : ; ? ! and %, inside « », and vouvoiement', () => {
    const french = [...Object.values(frPo), ...strings(prose)];
    for (const text of french) {
      expect(text, text).not.toMatch(/[^\u00a0\u202f][:;?!%](?=\s|$)/);
      expect(text, text).not.toMatch(/«[^\u00a0\u202f]|[^\u00a0\u202f]»/);
      expect(text, text).not.toMatch(/(?<![\p{L}’'])(tu|toi|ton|ta|tes)(?!\p{L})/iu);
    }
  });
});

describe('the French prose', () => {
  it('covers every key of the English content it translates', () => {
    expect(Object.keys(prose.departments).sort()).toEqual(departments.map((d) => d.id).sort());
    expect(Object.keys(prose.serviceSummaries).sort()).toEqual(Object.keys(serviceSummaries).sort());
    expect(prose.process).toHaveLength(agencyProcess.length);
    expect(Object.keys(prose.portfolioCards).sort()).toEqual(portfolioCards.map((p) => p.slug).sort());
    expect(Object.keys(prose.categories).sort()).toEqual(portfolioFilters.filter((f) => f.value !== 'all').map((f) => f.value).sort());
  });
});

describe('paths in each language', () => {
  it('reads and writes the /fr prefix', () => {
    expect(localeOfPath('/fr')).toBe('fr');
    expect(localeOfPath('/fr/contact')).toBe('fr');
    expect(localeOfPath('/france')).toBe('en');
    expect(basePath('/fr')).toBe('/');
    expect(basePath('/fr/services/branding')).toBe('/services/branding');
    expect(pathIn('fr', '/')).toBe('/fr');
    expect(pathIn('fr', '/contact')).toBe('/fr/contact');
    expect(pathIn('en', '/contact')).toBe('/contact');
  });

  it('links a French page to French pages where they exist and to the English page otherwise', () => {
    expect(localizedHref('fr', '/')).toBe('/fr');
    expect(localizedHref('fr', '/#work')).toBe('/fr#work');
    expect(localizedHref('fr', '/agreement')).toBe('/agreement');
    expect(localizedHref('en', '/')).toBe('/');
  });
});

describe('the suggestion to switch language', () => {
  const none = { choice: null, dismissed: false };
  const exists = () => true;
  it('offers the browser’s preferred language when the page is in another', () => {
    expect(preferredLocale(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(suggestion('en', ['fr-FR', 'en'], none, exists)).toBe('fr');
    expect(suggestion('fr', ['en-GB'], none, exists)).toBe('en');
    expect(suggestion('fr', ['fr-BE'], none, exists)).toBeNull();
  });
  it('never asks again once the visitor has chosen or dismissed it, and never offers a page that does not exist', () => {
    expect(suggestion('en', ['fr'], { choice: 'en', dismissed: false }, exists)).toBeNull();
    expect(suggestion('en', ['fr'], { choice: null, dismissed: true }, exists)).toBeNull();
    expect(suggestion('en', ['fr'], none, () => false)).toBeNull();
  });
});

describe('numbers in French', () => {
  it('formats prices in USD as "2 000 $ US" and shares as "40 %"', () => {
    expect(usdIn('fr', 2000)).toBe('2\u202f000\u00a0$\u00a0US');
    expect(usdIn('fr', 25000)).toBe('25\u202f000\u00a0$\u00a0US');
    expect(percentIn('fr', '40%')).toBe('40\u00a0%');
  });
});
