import type { Locale } from '../i18n/locale.ts';
import type { Department } from './departments.ts';
import type { Service } from './services.ts';
import type { PortfolioCard } from './portfolioCards.ts';
import type { ProcessStep } from './types.ts';
import { serviceSummaries } from './serviceSummaries.ts';
import { categoryLabel } from './portfolioCards.ts';
import { agencyProcess } from './process.ts';
import { catalog } from '../i18n/catalogs.ts';
import { proseIn } from './registry.ts';

// The content in a page's language: English from the content modules themselves, another language from its
// prose (shared/content/fr/prose.ts), registered with its catalog (shared/i18n/fr.ts).


export function serviceIn(locale: Locale, s: Service): Service & { summary: string } {
  const p = proseIn(locale);
  if (!p) return { ...s, summary: serviceSummaries[s.slug] };
  return { ...s, name: catalog(locale)._(`service.${s.slug}`), summary: p.serviceSummaries[s.slug] };
}

export function departmentIn(locale: Locale, d: Department): Department {
  const p = proseIn(locale);
  return p ? { ...d, ...p.departments[d.id] } : d;
}

export function cardIn(locale: Locale, card: PortfolioCard): PortfolioCard & { categoryLabel: string } {
  const p = proseIn(locale);
  if (!p) return { ...card, categoryLabel: categoryLabel(card.category) };
  const fr = p.portfolioCards[card.slug];
  if (!fr) throw new Error(`No ${locale} text for the portfolio card ${card.slug}`);
  return { ...card, ...fr, categoryLabel: p.categories[card.category] };
}

export function processIn(locale: Locale): readonly ProcessStep[] {
  return proseIn(locale)?.process ?? agencyProcess;
}
