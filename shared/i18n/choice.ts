import { LOCALES, type Locale } from './locale.ts';

// The visitor's own choice of language, remembered in the browser. It never redirects and never changes
// what a URL shows (search engines and shared links get the URL's language); it only stops the suggestion
// to switch (web/components/LanguageSuggestion.tsx) from asking again.

export const CHOICE_KEY = 'language';
export const DISMISSED_KEY = 'language-suggestion-dismissed';

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** The first of the browser's languages (navigator.languages) that the site has, if any. */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/**
 * The language to suggest on a page in `pageLocale`, or null: only when the browser prefers another language
 * the page exists in, and the visitor has neither chosen a language nor dismissed the suggestion.
 */
export function suggestion(pageLocale: Locale, languages: readonly string[], stored: { choice: string | null; dismissed: boolean }, exists: (l: Locale) => boolean): Locale | null {
  if (stored.dismissed || isLocale(stored.choice)) return null;
  const preferred = preferredLocale(languages);
  return preferred && preferred !== pageLocale && exists(preferred) ? preferred : null;
}
