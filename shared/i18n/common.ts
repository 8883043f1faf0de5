import { messages } from '../messages.ts';
import { catalog } from './catalogs.ts';
import type { Locale } from './locale.ts';

// What any page or API answer may say, in the page's language (shared/i18n/common/*.po): the rate-limit
// messages and the error fallback. English is the specification's (shared/messages.ts, docs/product.md §4.3)
// word for word; another language reads its catalog (the French chunk in the browser, functions/rateLimit.ts
// on the server).

/** "Too many requests. Please try again in 30 seconds." in `locale`. */
export const tooManyRequestsIn = (locale: Locale, seconds: number): string =>
  locale === 'en' ? messages.tooManyRequests(seconds) : catalog(locale)._('common.tooManyRequests', { seconds });

/** The global error fallback's title and button (docs/product.md §4.3: 'Something went wrong', 'Try again'). */
export const errorFallbackIn = (locale: Locale): { title: string; retry: string } =>
  locale === 'en' ? { title: 'Something went wrong', retry: 'Try again' } : { title: catalog(locale)._('common.error.title'), retry: catalog(locale)._('common.error.retry') };
