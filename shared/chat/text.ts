import type { I18n } from '@lingui/core';
import { catalog } from '../i18n/catalogs.ts';
import { usdIn } from '../i18n/format.ts';
import type { Locale } from '../i18n/locale.ts';
import type { WeekRange } from '../content/types.ts';
import { formatUsd, formatWeekRange, pageChoices, projectTypeChoices, type ProjectType } from './estimate.ts';
import { chatMessages, flowMessages } from './messages.ts';
import { TALK_TO_PERSON } from './live.ts';

// The chat's words in the visitor's language (docs/decisions/0032, "Chat"). English is the modules' own text
// (the specification's, word for word); another language reads the chat catalog (shared/i18n/chat/*.po) from
// its Lingui instance: in the browser the French chunk brings it (shared/i18n/fr.ts), on the server the chat
// route does (shared/i18n/allCatalogs.ts). `catalogText` with the English catalog gives back the modules'
// English exactly (tests/unit/i18n-catalogs.test.ts), so the two never drift apart.

/** A `const` table with its string literals widened (the other language's text differs). */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends readonly string[] ? readonly string[] : T[K] };

const english = {
  flow: flowMessages as Texts<typeof flowMessages>,
  invalidEmail: chatMessages.invalidEmail as string,
  errors: {
    clearConfirm: chatMessages.clearConfirm, aiFailure: chatMessages.aiFailure, aiApiKey: chatMessages.aiApiKey,
    aiRateLimit: chatMessages.aiRateLimit, aiNetwork: chatMessages.aiNetwork, aiHiccup: chatMessages.aiHiccup,
  } as Record<'clearConfirm' | 'aiFailure' | 'aiApiKey' | 'aiRateLimit' | 'aiNetwork' | 'aiHiccup', string>,
  talkToPerson: TALK_TO_PERSON as string,
  starterChips: ['Our services', 'See our work', 'Get a price estimate', 'Book a consultation'] as readonly [string, string, string, string],
  phoneChips: ['Prefer email only', 'Skip this step'] as readonly string[],
  projectTypeChoices: projectTypeChoices as readonly string[],
  pageChoices: pageChoices as readonly string[],
};
export type ChatText = typeof english;

/** The chat's text from a catalog holding the chat's messages (French, or English for the parity test). */
export function catalogText(t: I18n): ChatText {
  const thanks = (name: string) => ({ name: name ? `, ${name}` : '' });
  return {
    flow: {
      leadAskName: t._('chat.flow.leadAskName'),
      leadAskEmailAnonymous: t._('chat.flow.leadAskEmailAnonymous'),
      leadAskEmail: (name: string) => t._('chat.flow.leadAskEmail', { name }),
      leadAskPhone: t._('chat.flow.leadAskPhone'),
      leadAskService: t._('chat.flow.leadAskService'),
      leadAskBudget: t._('chat.flow.leadAskBudget'),
      leadAskTimeline: t._('chat.flow.leadAskTimeline'),
      leadAskSummary: t._('chat.flow.leadAskSummary'),
      leadComplete: (name: string) => t._('chat.flow.leadComplete', thanks(name)),
      pricingAskName: t._('chat.flow.pricingAskName'),
      pricingAskEmail: (name: string) => t._('chat.flow.pricingAskEmail', { name }),
      pricingAskType: t._('chat.flow.pricingAskType'),
      pricingAskFeatures: t._('chat.flow.pricingAskFeatures'),
      pricingAskPages: t._('chat.flow.pricingAskPages'),
      pricingAskDetails: t._('chat.flow.pricingAskDetails'),
      pricingEstimate: (label: string, price: string, weeks: string) => t._('chat.flow.pricingEstimate', { label, price, weeks }),
      pricingComplete: (name: string) => t._('chat.flow.pricingComplete', thanks(name)),
      askAgainName: t._('chat.flow.askAgainName'),
      askAgainType: t._('chat.flow.askAgainType'),
      askAgainFeatures: t._('chat.flow.askAgainFeatures'),
      askAgainPages: t._('chat.flow.askAgainPages'),
    },
    invalidEmail: t._('chat.invalidEmail'),
    errors: {
      clearConfirm: t._('chat.error.clearConfirm'), aiFailure: t._('chat.error.aiFailure'), aiApiKey: t._('chat.error.aiApiKey'),
      aiRateLimit: t._('chat.error.aiRateLimit'), aiNetwork: t._('chat.error.aiNetwork'), aiHiccup: t._('chat.error.aiHiccup'),
    },
    talkToPerson: t._('chat.talkToPerson'),
    starterChips: [t._('chat.chip.services'), t._('chat.chip.work'), t._('chat.chip.estimate'), t._('chat.chip.book')],
    phoneChips: [t._('chat.chip.preferEmail'), t._('chat.chip.skip')],
    projectTypeChoices: ['website', 'mobileApp', 'webApp', 'ecommerce', 'customSoftware'].map((k) => t._(`chat.chip.${k}`)),
    pageChoices: [...pageChoices.slice(0, -1), t._('chat.chip.notSure')],
  };
}

const cache: Partial<Record<Locale, ChatText>> = { en: english };

/** The chat's text in `locale` (its catalog must be loaded). */
export function chatText(locale: Locale): ChatText {
  cache[locale] ??= catalogText(catalog(locale));
  return cache[locale]!;
}

/** A message of the chat catalog in `locale`; `en` is the English, the modules' own text. */
export const chatSay = (locale: Locale, id: string, en: string, values?: Record<string, unknown>): string =>
  locale === 'en' ? en : catalog(locale)._(id, values);

/** "$2,000 – $5,000" / "2 000 $ US – 5 000 $ US". */
export const priceRangeIn = (locale: Locale, min: number, max: number): string =>
  locale === 'en' ? formatUsd(min, max) : `${usdIn(locale, min)} – ${usdIn(locale, max)}`;

/** "2-4 weeks" / "2 à 4 semaines". */
export const weekRangeIn = (locale: Locale, w: WeekRange): string =>
  locale === 'en' ? formatWeekRange(w) : catalog(locale)._('chat.weeks', { min: w.min, max: w.max });

/** The estimate's label ("mobile app") in `locale`. */
export const projectLabelIn = (locale: Locale, type: ProjectType, en: string): string => chatSay(locale, `chat.estimate.${type}`, en);
