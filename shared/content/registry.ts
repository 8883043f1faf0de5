import type { Locale } from '../i18n/locale.ts';
import type { Prose } from './fr/prose.ts';
import type { ServiceSlug } from './services.ts';
import type { ServiceText } from './fr/services.ts';
import type { PortfolioText } from './fr/portfolio.ts';
import type { AboutText, MemberText } from './fr/company.ts';
import type { FaqText } from './fr/faq.ts';
import type { OpenRole } from './careers.ts';
import type { CareersText, RoleText } from './fr/careers.ts';
import type { AffiliateText } from './fr/affiliate.ts';
import type { AgreementText } from './fr/agreement.ts';

// Where a language's content text is registered once its part is loaded: each French part
// (shared/i18n/fr/*.ts, shared/i18n/frenchParts.ts) adds its families when it is imported. English is the content
// modules themselves. Types only: the frame, which reads the prose, carries no content by importing this.

export interface ContentTexts {
  /** What several pages and the chat share: summaries, cards, categories, the process. */
  prose: Prose;
  services: Record<ServiceSlug, ServiceText>;
  portfolio: Record<string, PortfolioText>;
  company: { about: AboutText; teamIntro: { title: string; lead: string }; members: Record<string, MemberText> };
  faq: Record<string, FaqText>;
  careers: CareersText;
  roleTypes: Record<OpenRole['type'], string>;
  roles: Record<string, RoleText>;
  affiliate: AffiliateText;
  agreement: AgreementText;
}

const registered: Partial<Record<Locale, Partial<ContentTexts>>> = {};

/** Adds some of a language's content text (each part brings its own families). */
export function addTexts(locale: Locale, texts: Partial<ContentTexts>): void {
  registered[locale] = { ...registered[locale], ...texts };
}

/** A family of a language's content text; throws when its part is not loaded rather than show English instead. */
export function textsOf<K extends keyof ContentTexts>(locale: Locale, family: K): ContentTexts[K] {
  const found = registered[locale]?.[family];
  if (!found) throw new Error(`The ${locale} text of ${family} is not loaded`);
  return found;
}

/** A language's prose; null for English, whose text is in the content modules themselves. */
export const proseIn = (locale: Locale): Prose | null => (locale === 'en' ? null : textsOf(locale, 'prose'));
