import type { I18n } from '@lingui/core';
import { say } from '../i18n/say.ts';
import { catalog } from '../i18n/catalogs.ts';
import { usdIn } from '../i18n/format.ts';
import type { Locale } from '../i18n/locale.ts';
import type { WeekRange } from '../content/types.ts';
import { formatUsd, formatWeekRange, pageChoices, projectTypeChoices, type ProjectType } from './estimate.ts';
import { chatMessages, flowMessages } from './messages.ts';
import { liveMessages, MAX_LIVE_TEXT, TALK_TO_PERSON, waitOffer, waitOfferKnown } from './live.ts';
import { voiceMessages, voiceStatus } from '../voice/messages.ts';
import { MAX_CONCURRENT_VOICE_SESSIONS } from '../rateLimits.ts';

// The chat's words in the visitor's language (docs/decisions/0032, "Chat"). English is the modules' own text
// (the specification's, word for word); another language reads the chat catalog (shared/i18n/chat/*.po) from
// its Lingui instance: in the browser the chat panel's French part brings it (shared/i18n/fr/chat.ts), on the
// server the chat route does (shared/i18n/allCatalogs.ts). `catalogText` with the English catalog gives back the modules'
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
  /** What the live hand-off says: the room's system messages and the panel's own (shared/chat/live.ts). */
  live: { ...liveMessages, waitOffer, waitOfferKnown } as Texts<typeof liveMessages> & { waitOffer: string; waitOfferKnown: string },
  /** Two more of the chat's own errors: a person has the conversation; the conversation is another browser's. */
  withPerson: chatMessages.withPerson as string,
  conversationForbidden: chatMessages.conversationForbidden as string,
  /** The voice input's messages and states (shared/voice/messages.ts), and its button's names. */
  voice: { ...voiceMessages, ...voiceStatus, start: 'Start voice input', stop: 'Stop voice input' } as Texts<typeof voiceMessages & typeof voiceStatus> & { start: string; stop: string },
  talkToPerson: TALK_TO_PERSON as string,
  starterChips: ['Our services', 'See our work', 'Get a price estimate', 'Book a consultation'] as readonly [string, string, string, string],
  phoneChips: ['Prefer email only', 'Skip this step'] as readonly string[],
  projectTypeChoices: projectTypeChoices as readonly string[],
  pageChoices: pageChoices as readonly string[],
};
export type ChatText = typeof english;

/** A count as the catalog's language writes it ("2000" in English as the specification does, "2 000" in French). */
const numberIn = (t: I18n, n: number) => (t.locale === 'en' ? String(n) : new Intl.NumberFormat(t.locale).format(n));

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
    live: {
      joining: t._('chat.live.joining'),
      joined: (name: string) => t._('chat.live.joined', { name }),
      endedByVisitor: t._('chat.live.endedByVisitor'),
      visitorLeft: t._('chat.live.visitorLeft'),
      endedByStaff: (name: string) => t._('chat.live.endedByStaff', { name }),
      offline: t._('chat.live.offline'),
      askEmail: t._('chat.live.askEmail'),
      queued: t._('chat.live.queued'),
      invalid: t._('chat.live.invalid'),
      tooLong: t._('chat.live.tooLong', { max: numberIn(t, MAX_LIVE_TEXT) }),
      rateLimited: t._('chat.live.rateLimited'),
      full: t._('chat.live.full'),
      ended: t._('chat.live.ended'),
      lost: t._('chat.live.lost'),
      gone: t._('chat.live.gone'),
      tooManyWindows: t._('chat.live.tooManyWindows'),
      waitOffer: t._('chat.live.waitOffer'),
      waitOfferKnown: t._('chat.live.waitOfferKnown'),
    },
    withPerson: t._('chat.error.withPerson'),
    conversationForbidden: t._('chat.error.conversationForbidden'),
    voice: {
      unsupported: t._('chat.voice.unsupported'),
      sessionLimit: t._('chat.voice.sessionLimit'),
      error: t._('chat.voice.error'),
      permission: t._('chat.voice.permission'),
      connectTimeout: t._('chat.voice.connectTimeout'),
      tooManySessions: t._('chat.voice.tooManySessions', { count: MAX_CONCURRENT_VOICE_SESSIONS }),
      tooManyTypedTurns: t._('chat.voice.tooManyTypedTurns'),
      audioTooFast: t._('chat.voice.audioTooFast'),
      connecting: t._('chat.voice.connecting'),
      recording: t._('chat.voice.recording'),
      stopped: t._('chat.voice.stopped'),
      start: t._('chat.voice.start'),
      stop: t._('chat.voice.stop'),
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

/** A message of the chat catalog in `locale`; the English is the modules' own text (shared/i18n/say.ts). */
export const chatSay = say;

/** "$2,000 – $5,000" / "2 000 $ US – 5 000 $ US". */
export const priceRangeIn = (locale: Locale, min: number, max: number): string =>
  locale === 'en' ? formatUsd(min, max) : `${usdIn(locale, min)} – ${usdIn(locale, max)}`;

/** "2-4 weeks" / "2 à 4 semaines". */
export const weekRangeIn = (locale: Locale, w: WeekRange): string =>
  locale === 'en' ? formatWeekRange(w) : catalog(locale)._('chat.weeks', { min: w.min, max: w.max });

/** The estimate's label ("mobile app") in `locale`. */
export const projectLabelIn = (locale: Locale, type: ProjectType, en: string): string => chatSay(locale, `chat.estimate.${type}`, en);
