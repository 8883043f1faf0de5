import type { Locale } from '../i18n/locale.ts';
import { careers, openRoles, type OpenRole } from './careers.ts';
import { affiliate } from './affiliate.ts';
import { agreement } from './agreement.ts';
import type { CareersText, RoleText } from './fr/careers.ts';
import type { AffiliateText } from './fr/affiliate.ts';
import { textsOf } from './registry.ts';
import type { AgreementText } from './fr/agreement.ts';

// The careers, partner programme and agreement pages in a page's language: English is the content modules
// themselves; another language's text comes from its registered parts (./registry.ts).

/** An open role as its card shows it: `typeLabel` is its contract type in `locale`. */
export type RoleIn = Omit<OpenRole, keyof RoleText> & RoleText & { typeLabel: string };

export function careersIn(locale: Locale): { careers: CareersText; roles: readonly RoleIn[] } {
  if (locale === 'en') return { careers, roles: openRoles.map((r) => ({ ...r, typeLabel: r.type })) };
  const roles = textsOf(locale, 'roles');
  const roleTypes = textsOf(locale, 'roleTypes');
  return {
    careers: textsOf(locale, 'careers'),
    roles: openRoles.map((r) => {
      const text = roles[r.slug];
      if (!text) throw new Error(`No ${locale} text for the open role ${r.slug}`);
      return { ...r, ...text, typeLabel: roleTypes[r.type] };
    }),
  };
}

export const affiliateIn = (locale: Locale): AffiliateText => (locale === 'en' ? affiliate : textsOf(locale, 'affiliate'));

export const agreementIn = (locale: Locale): AgreementText => (locale === 'en' ? agreement : textsOf(locale, 'agreement'));
