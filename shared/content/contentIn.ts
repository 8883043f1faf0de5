import type { Locale } from '../i18n/locale.ts';
import type { ServiceDetail } from './serviceDetails.ts';
import type { ServiceSlug } from './services.ts';
import type { PortfolioProject } from './portfolio.ts';
import { cardIn } from './localized.ts';
import { textsOf, type ContentTexts } from './registry.ts';
import type { TeamMember } from './team.ts';
import type { FaqGroup } from './faq.ts';

// The content pages in a page's language: English is the content modules themselves; another language's text
// comes from its registered part (./registry.ts). The careers, partner and agreement pages have their own module
// (./joinAndTermsIn.ts), so that these pages' chunks do not carry each other's English.

/** A service page's content in `locale`: the English detail with its text in that language. */
export function serviceDetailIn(locale: Locale, slug: ServiceSlug, english: ServiceDetail): ServiceDetail {
  if (locale === 'en') return english;
  const text = textsOf(locale, 'services')[slug];
  if (!text) throw new Error(`No ${locale} text for the service ${slug}`);
  return { ...english, ...text, tools: text.tools ?? english.tools };
}

/** A case study in `locale`: its card (shared/content/localized.ts) and its story in that language. */
export function projectIn(locale: Locale, english: PortfolioProject): PortfolioProject & { categoryLabel: string } {
  const card = cardIn(locale, english);
  if (locale === 'en') return { ...english, ...card };
  const text = textsOf(locale, 'portfolio')[english.slug];
  if (!text) throw new Error(`No ${locale} story for the project ${english.slug}`);
  return { ...english, ...card, ...text };
}

/** The about and team pages' text in `locale` (null for English: the content modules themselves). */
export const companyIn = (locale: Locale): ContentTexts['company'] | null => (locale === 'en' ? null : textsOf(locale, 'company'));

/** A team member in `locale`. */
export function memberIn(locale: Locale, member: TeamMember): TeamMember {
  const text = companyIn(locale)?.members[member.slug];
  return text ? { ...member, ...text } : member;
}

/** The FAQ's groups in `locale`; `lists` are the departments' prices and timelines in that language. */
export function faqIn(locale: Locale, english: readonly FaqGroup[], lists: { prices: string; weeks: string }): readonly FaqGroup[] {
  if (locale === 'en') return english;
  const texts = textsOf(locale, 'faq');
  const fill = (text: string) => text.replace('{prices}', lists.prices).replace('{weeks}', lists.weeks);
  return english.map((g) => {
    const text = texts[g.id];
    if (!text) throw new Error(`No ${locale} text for the FAQ group ${g.id}`);
    return { id: g.id, title: text.title, items: text.items.map((x) => ({ question: x.question, answer: fill(x.answer) })) };
  });
}
