import { LOCALE_TAGS, type Locale } from './locale.ts';

// Numbers in a language's typography, through Intl (French: 40 %, 2 000 $ US, with narrow no-break spaces).

/** "40%" (a share as the site's facts write it) in `locale`: "40 %" in French. */
export function percentIn(locale: Locale, share: string): string {
  const n = Number.parseFloat(share);
  if (Number.isNaN(n)) return share;
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'percent', maximumFractionDigits: 0 }).format(n / 100);
}

/** Whole US dollars in `locale`: "2 000 $ US" in French. English pages keep shared/usd.ts ("$2,000"). */
export function usdIn(locale: Locale, n: number): string {
  const parts = new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).formatToParts(n);
  // CLDR's French writes "$US"; the French typographic norm (and the Québec locale) separates it: "$ US".
  return parts.map((p) => (p.type === 'currency' && locale === 'fr' ? '$\u00a0US' : p.value)).join('');
}

/** A price range in `locale`: "2 000 $ US – 8 000 $ US +" in French. */
export function usdRangeIn(locale: Locale, price: { min: number; max: number; openEnded?: boolean }): string {
  return `${usdIn(locale, price.min)} – ${usdIn(locale, price.max)}${price.openEnded ? '\u00a0+' : ''}`;
}
