import type { Locale } from '../i18n/locale.ts';
import type { ServiceDetail } from './serviceDetails.ts';
import type { ServiceSlug } from './services.ts';
import type { ServiceText } from './fr/services.ts';
import type { PortfolioText } from './fr/portfolio.ts';
import type { PortfolioProject } from './portfolio.ts';
import { cardIn } from './localized.ts';
import type { AboutText, MemberText } from './fr/company.ts';
import type { TeamMember } from './team.ts';
import type { FaqText } from './fr/faq.ts';
import type { FaqGroup } from './faq.ts';

// Where a language's text of the content pages is registered once its chunk is loaded (each French part,
// shared/i18n/fr/*.ts, registers its pages' French when it is imported: shared/i18n/frenchParts.ts). English is the content modules themselves.

const serviceTexts: Partial<Record<Locale, Record<ServiceSlug, ServiceText>>> = {};

export function addServiceTexts(locale: Locale, texts: Record<ServiceSlug, ServiceText>): void {
  serviceTexts[locale] = texts;
}

/** A service page's content in `locale`: the English detail with its text in that language. */
export function serviceDetailIn(locale: Locale, slug: ServiceSlug, english: ServiceDetail): ServiceDetail {
  if (locale === 'en') return english;
  const text = serviceTexts[locale]?.[slug];
  if (!text) throw new Error(`The ${locale} text of the service ${slug} is not loaded`);
  return { ...english, ...text, tools: text.tools ?? english.tools };
}

const portfolioTexts: Partial<Record<Locale, Record<string, PortfolioText>>> = {};

export function addPortfolioTexts(locale: Locale, texts: Record<string, PortfolioText>): void {
  portfolioTexts[locale] = texts;
}

/** A case study in `locale`: its card (shared/content/localized.ts) and its story in that language. */
export function projectIn(locale: Locale, english: PortfolioProject): PortfolioProject & { categoryLabel: string } {
  const card = cardIn(locale, english);
  if (locale === 'en') return { ...english, ...card };
  const text = portfolioTexts[locale]?.[english.slug];
  if (!text) throw new Error(`The ${locale} story of the project ${english.slug} is not loaded`);
  return { ...english, ...card, ...text };
}

interface CompanyTexts { about: AboutText; teamIntro: { title: string; lead: string }; members: Record<string, MemberText> }
const companyTexts: Partial<Record<Locale, CompanyTexts>> = {};

export function addCompanyTexts(locale: Locale, texts: CompanyTexts): void {
  companyTexts[locale] = texts;
}

/** The about and team pages' text in `locale` (null for English: the content modules themselves). */
export function companyIn(locale: Locale): CompanyTexts | null {
  if (locale === 'en') return null;
  const found = companyTexts[locale];
  if (!found) throw new Error(`The ${locale} text of the company pages is not loaded`);
  return found;
}

/** A team member in `locale`. */
export function memberIn(locale: Locale, member: TeamMember): TeamMember {
  const text = companyIn(locale)?.members[member.slug];
  return text ? { ...member, ...text } : member;
}

const faqTexts: Partial<Record<Locale, Record<string, FaqText>>> = {};

export function addFaqTexts(locale: Locale, texts: Record<string, FaqText>): void {
  faqTexts[locale] = texts;
}

/** The FAQ's groups in `locale`; `lists` are the departments' prices and timelines in that language. */
export function faqIn(locale: Locale, english: readonly FaqGroup[], lists: { prices: string; weeks: string }): readonly FaqGroup[] {
  if (locale === 'en') return english;
  const texts = faqTexts[locale];
  if (!texts) throw new Error(`The ${locale} FAQ is not loaded`);
  const fill = (text: string) => text.replace('{prices}', lists.prices).replace('{weeks}', lists.weeks);
  return english.map((g) => {
    const text = texts[g.id];
    if (!text) throw new Error(`No ${locale} text for the FAQ group ${g.id}`);
    return { id: g.id, title: text.title, items: text.items.map((x) => ({ question: x.question, answer: fill(x.answer) })) };
  });
}
