import type { Locale } from '../i18n/locale.ts';
import { careers, openRoles, type OpenRole } from './careers.ts';
import { affiliate } from './affiliate.ts';
import { agreement } from './agreement.ts';
import type { CareersText, RoleText } from './fr/careers.ts';
import type { AffiliateText } from './fr/affiliate.ts';
import type { AgreementText } from './fr/agreement.ts';

// The careers, partner programme and agreement pages in a page's language: English is the content modules
// themselves; another language's text is registered here by its chunk (shared/i18n/fr.ts).

export interface JoinAndTermsTexts {
  careers: CareersText;
  roleTypes: Record<OpenRole['type'], string>;
  roles: Record<string, RoleText>;
  affiliate: AffiliateText;
  agreement: AgreementText;
}
const texts: Partial<Record<Locale, JoinAndTermsTexts>> = {};

export function addJoinAndTermsTexts(locale: Locale, t: JoinAndTermsTexts): void {
  texts[locale] = t;
}

function textsIn(locale: Locale): JoinAndTermsTexts {
  const found = texts[locale];
  if (!found) throw new Error(`The ${locale} text of the careers, partner and agreement pages is not loaded`);
  return found;
}

/** An open role as its card shows it: `typeLabel` is its contract type in `locale`. */
export type RoleIn = Omit<OpenRole, keyof RoleText> & RoleText & { typeLabel: string };

export function careersIn(locale: Locale): { careers: CareersText; roles: readonly RoleIn[] } {
  if (locale === 'en') return { careers, roles: openRoles.map((r) => ({ ...r, typeLabel: r.type })) };
  const t = textsIn(locale);
  return {
    careers: t.careers,
    roles: openRoles.map((r) => {
      const text = t.roles[r.slug];
      if (!text) throw new Error(`No ${locale} text for the open role ${r.slug}`);
      return { ...r, ...text, typeLabel: t.roleTypes[r.type] };
    }),
  };
}

export const affiliateIn = (locale: Locale): AffiliateText => (locale === 'en' ? affiliate : textsIn(locale).affiliate);

export const agreementIn = (locale: Locale): AgreementText => (locale === 'en' ? agreement : textsIn(locale).agreement);
