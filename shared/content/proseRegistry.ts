import type { Locale } from '../i18n/locale.ts';
import type { Prose } from './fr/prose.ts';

// Where a language's prose is registered once loaded (shared/i18n/fr/prose.ts, a French part). Kept apart from
// shared/content/localized.ts so that the part that registers it does not carry English content.

const proses: Partial<Record<Locale, Prose>> = {};

export function addProse(locale: Locale, prose: Prose): void {
  proses[locale] = prose;
}

/** A language's prose; null for English, whose text is in the content modules themselves. */
export function proseIn(locale: Locale): Prose | null {
  if (locale === 'en') return null;
  const found = proses[locale];
  if (!found) throw new Error(`The ${locale} content is not loaded`);
  return found;
}
