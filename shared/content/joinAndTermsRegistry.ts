import type { Locale } from '../i18n/locale.ts';
import { careers, openRoles, type OpenRole } from './careers.ts';
import { affiliate } from './affiliate.ts';
import { agreement } from './agreement.ts';
import type { CareersText, RoleText } from './fr/careers.ts';
import type { AffiliateText } from './fr/affiliate.ts';
import type { AgreementText } from './fr/agreement.ts';

// The careers, partner programme and agreement pages in a page's language: English is the content modules
// themselves; another language's text is registered here, part by part, by its chunks (shared/i18n/fr/*.ts).

export interface JoinAndTermsTexts {
  careers: CareersText;
  roleTypes: Record<OpenRole['type'], string>;
  roles: Record<string, RoleText>;
  affiliate: AffiliateText;
  agreement: AgreementText;
}
const texts: Partial<Record<Locale, JoinAndTermsTexts>> = {};

/** Adds some of a language's texts (each page family's chunk brings its own: shared/i18n/frenchParts.ts). */
export function addJoinAndTermsTexts(locale: Locale, t: Partial<JoinAndTermsTexts>): void {
  texts[locale] = { ...texts[locale], ...t } as JoinAndTermsTexts;
}

function textsIn<K extends keyof JoinAndTermsTexts>(locale: Locale, part: K): JoinAndTermsTexts[K] {
  const found = texts[locale]?.[part];
  if (!found) throw new Error(`The ${locale} text of ${part} is not loaded`);
  return found;
}

/** An open role as its card shows it: `typeLabel` is its contract type in `locale`. */
export type RoleIn = Omit<OpenRole, keyof RoleText> & RoleText & { typeLabel: string };

export function careersIn(locale: Locale): { careers: CareersText; roles: readonly RoleIn[] } {
  if (locale === 'en') return { careers, roles: openRoles.map((r) => ({ ...r, typeLabel: r.type })) };
  const roles = textsIn(locale, 'roles');
  const roleTypes = textsIn(locale, 'roleTypes');
  return {
    careers: textsIn(locale, 'careers'),
    roles: openRoles.map((r) => {
      const text = roles[r.slug];
      if (!text) throw new Error(`No ${locale} text for the open role ${r.slug}`);
      return { ...r, ...text, typeLabel: roleTypes[r.type] };
    }),
  };
}

export const affiliateIn = (locale: Locale): AffiliateText => (locale === 'en' ? affiliate : textsIn(locale, 'affiliate'));

export const agreementIn = (locale: Locale): AgreementText => (locale === 'en' ? agreement : textsIn(locale, 'agreement'));
