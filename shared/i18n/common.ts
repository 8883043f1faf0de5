import { messages } from '../messages.ts';
import { say } from './say.ts';
import type { Locale } from './locale.ts';

// What any page or API answer may say, in the page's language (shared/i18n/common/*.po): the rate-limit
// messages and the error fallback. English is the specification's (shared/messages.ts, docs/product.md §4.3)
// word for word; another language reads its catalog (the French chunk in the browser, functions/rateLimit.ts
// on the server).

/** "Too many requests. Please try again in 30 seconds." in `locale`. */
export const tooManyRequestsIn = (locale: Locale, seconds: number): string =>
  say(locale, 'common.tooManyRequests', messages.tooManyRequests(seconds), { seconds });

/** The global error fallback's title and button (docs/product.md §4.3: 'Something went wrong', 'Try again'). */
export const errorFallbackIn = (locale: Locale): { title: string; retry: string } =>
  ({ title: say(locale, 'common.error.title', 'Something went wrong'), retry: say(locale, 'common.error.retry', 'Try again') });
