import { budgetChoices, serviceChoices, timelineChoices } from '../forms/choices.ts';
import { estimatePrice, pageChoices, projectTypeChoices, tableTypeForChoice, type Estimate } from './estimate.ts';
import { NO_NOTES, NONE_PROVIDED, PREFER_EMAIL } from './messages.ts';
import { isChatEmail } from '../email.ts';
import type { Locale } from '../i18n/locale.ts';
import { chatText, priceRangeIn, projectLabelIn, weekRangeIn } from './text.ts';

// The lead-capture and pricing flows of docs/product.md §7 and §8.1 as pure state machines:
// (state, input) → { state, botMessages, effects }. The widget runs them, shows botMessages (with the step
// delays of docs/product.md §10) and carries out the effects (POST /api/chat/lead, /api/chat/pricing).

export type LeadStep = 'idle' | 'name' | 'email' | 'phone' | 'service' | 'budget' | 'timeline' | 'summary' | 'complete';
export type PricingStep =
  | 'idle' | 'pricing-name' | 'pricing-email' | 'pricing-type' | 'pricing-features' | 'pricing-pages' | 'pricing-details'
  | 'pricing-complete';

/** Chat lead info (docs/product.md §17.2), kept in local storage by the widget. */
export interface LeadInfo {
  name: string;
  email: string;
  phone: string;
  company: string;
  collected: boolean;
  serviceInterest: string;
  budgetRange: string;
  timeline: string;
  projectSummary: string;
}

/** Pricing request info (docs/product.md §17.3). */
export interface PricingInfo {
  name: string;
  email: string;
  projectType: string;
  features: string[];
  numberOfPages: string;
  additionalDetails: string;
  collected: boolean;
}

export interface FlowState {
  /** The page's language: the flows speak it (shared/chat/text.ts). */
  locale: Locale;
  lead: { step: LeadStep; info: LeadInfo };
  pricing: { step: PricingStep; info: PricingInfo };
}

export interface BotMessage {
  text: string;
  /** Suggestion chips shown under the message; choosing one sends its text. */
  chips?: string[];
  /** The pricing flow's result, for the widget to render as an estimate card. */
  estimate?: Estimate;
}

export type FlowEffect =
  | { type: 'submitLead'; lead: LeadInfo }
  | { type: 'submitPricing'; request: PricingInfo; estimate: Estimate };

export interface FlowResult {
  state: FlowState;
  botMessages: BotMessage[];
  effects: FlowEffect[];
}

/** What routeInput answers: handled by a flow, or for the AI (state unchanged). */
export type RouteResult = ({ handled: true } & FlowResult) | { handled: false; state: FlowState };

export const emptyLead = (): LeadInfo => ({
  name: '', email: '', phone: '', company: '', collected: false, serviceInterest: '', budgetRange: '', timeline: '', projectSummary: '',
});
export const emptyPricing = (): PricingInfo => ({
  name: '', email: '', projectType: '', features: [], numberOfPages: '', additionalDetails: '', collected: false,
});

/** The start state. A lead restored from storage as collected starts at complete (docs/product.md §6.1). */
export function initialFlowState(storedLead?: Partial<LeadInfo> | null, locale: Locale = 'en'): FlowState {
  const info = { ...emptyLead(), ...(storedLead ?? {}) };
  return {
    locale,
    lead: { step: info.collected ? 'complete' : 'idle', info },
    pricing: { step: 'idle', info: emptyPricing() },
  };
}

export const phoneChips = chatText('en').phoneChips;

// Timing for the widget (docs/product.md §10).
/** The bot's reply delay. */
export const BOT_REPLY_DELAY_MS = 700;
/** Lead and pricing step delays: 800 to 1200 ms. */
export const FLOW_STEP_DELAY_MS = { min: 800, max: 1200 } as const;
/** The lead prompt starts after more than this many messages. */
export const LEAD_PROMPT_AFTER_MESSAGES = 3;
/** A step delay for a random number in [0, 1). */
export const flowStepDelay = (random: number) =>
  Math.round(FLOW_STEP_DELAY_MS.min + Math.min(Math.max(random, 0), 1) * (FLOW_STEP_DELAY_MS.max - FLOW_STEP_DELAY_MS.min));
export { serviceChoices, budgetChoices, timelineChoices, projectTypeChoices, pageChoices };

// --- Rules (docs/product.md §7 and §8.1) ------------------------------------------------------------------

/** Both '@' and '.' (shared/email.ts). */
export const isValidChatEmail = isChatEmail;
/** 'rather' or 'not' as a word at the name step ("I'd rather not say", "not now"; not "Notah"); French 'pas'. */
export const declinesName = (text: string) => /\b(rather|not|pas)\b/i.test(text);
/** The phone chips, or any text containing prefer or skip (French: préfér…, passer). */
export const prefersEmail = (text: string) => /prefer|skip|préf|passer/i.test(text);
/** 'no' (French 'non') as a word ("no", "No thanks"; not "innovation"), or fewer than 3 characters. */
export const isNoSummary = (text: string) => text.trim().length < 3 || /\b(no|non)\b/i.test(text);
/** 'none' ('aucun'), or any text containing skip ('passer'). */
export const isNoDetails = (text: string) => /^(none|aucune?)$/.test(text.trim().toLowerCase()) || /skip|passer/i.test(text);
/**
 * price, pricing, quote, cost, how much or estimate (at the start of a word: "prices", "costs", "estimated");
 * in French prix, tarif, devis, coût, combien, estimation.
 */
export const mentionsPricing = (text: string) =>
  /\b(price|pricing|quote|cost|how much|estimate)/i.test(text) || /\b(prix|tarif|devis|co[uû]t|combien|estimation)/i.test(text);
/** The pages step comes only when the project type contains web or site. */
export const needsPages = (projectType: string) => /web|site/i.test(projectType);

const active = (step: string) => step !== 'idle' && step !== 'complete' && step !== 'pricing-complete';
export const isLeadActive = (s: FlowState) => active(s.lead.step);
export const isPricingActive = (s: FlowState) => active(s.pricing.step);
/** While either flow is active, input goes to that flow, not to the AI (docs/product.md §6.1). */
export const isFlowActive = (s: FlowState) => isLeadActive(s) || isPricingActive(s);

/** More than 3 messages, no lead collected, lead flow idle (and no pricing flow under way). */
export const shouldStartLead = (s: FlowState, messageCount: number) =>
  messageCount > LEAD_PROMPT_AFTER_MESSAGES && !s.lead.info.collected && s.lead.step === 'idle' && !isPricingActive(s);

/** A pricing word, no pricing request collected, and no flow under way. */
export const shouldStartPricing = (s: FlowState, text: string) =>
  mentionsPricing(text) && !s.pricing.info.collected && !isFlowActive(s);

/** Features from free text: split at commas, semicolons, new lines and " and ". "not sure" is none. */
export function parseFeatures(text: string): string[] {
  if (/^\s*(not sure|none|no idea|n\/a|je ne sais pas|aucune?)\s*$/i.test(text)) return [];
  return text.split(/[,;\n]|\band\b|\set\s|\s&\s/i).map((f) => f.trim().replace(/^[-*•]\s*/, '')).filter(Boolean);
}

// --- Transitions ------------------------------------------------------------------------------------

const say = (text: string, chips?: readonly string[]): BotMessage => (chips ? { text, chips: [...chips] } : { text });
const withLead = (s: FlowState, step: LeadStep, patch: Partial<LeadInfo> = {}): FlowState =>
  ({ ...s, lead: { step, info: { ...s.lead.info, ...patch } } });
const withPricing = (s: FlowState, step: PricingStep, patch: Partial<PricingInfo> = {}): FlowState =>
  ({ ...s, pricing: { step, info: { ...s.pricing.info, ...patch } } });
const result = (state: FlowState, botMessages: BotMessage[], effects: FlowEffect[] = []): FlowResult => ({ state, botMessages, effects });

/** Starts the lead flow: the bot asks for the name. */
export function startLead(s: FlowState): FlowResult {
  return result(withLead(s, 'name'), [say(chatText(s.locale).flow.leadAskName)]);
}

/** Starts the pricing flow: the bot asks for the name. */
export function startPricing(s: FlowState): FlowResult {
  return result(withPricing(s, 'pricing-name', { ...emptyPricing() }), [say(chatText(s.locale).flow.pricingAskName)]);
}

/** One answer in the lead flow. Input at idle or complete changes nothing. */
export function leadStep(s: FlowState, input: string): FlowResult {
  const text = input.trim();
  const { flow: flowMessages, invalidEmail, phoneChips } = chatText(s.locale);
  switch (s.lead.step) {
    case 'name':
      if (declinesName(text)) return result(withLead(s, 'email'), [say(flowMessages.leadAskEmailAnonymous)]);
      if (!text) return result(s, [say(flowMessages.askAgainName)]);
      return result(withLead(s, 'email', { name: text }), [say(flowMessages.leadAskEmail(text))]);
    case 'email':
      if (!isValidChatEmail(text)) return result(s, [say(invalidEmail)]);
      return result(withLead(s, 'phone', { email: text }), [say(flowMessages.leadAskPhone, phoneChips)]);
    case 'phone':
      return result(withLead(s, 'service', { phone: prefersEmail(text) || !text ? PREFER_EMAIL : text }),
        [say(flowMessages.leadAskService, serviceChoices)]);
    case 'service':
      return result(withLead(s, 'budget', { serviceInterest: text }), [say(flowMessages.leadAskBudget, budgetChoices)]);
    case 'budget':
      return result(withLead(s, 'timeline', { budgetRange: text }), [say(flowMessages.leadAskTimeline, timelineChoices)]);
    case 'timeline':
      return result(withLead(s, 'summary', { timeline: text }), [say(flowMessages.leadAskSummary)]);
    case 'summary': {
      const next = withLead(s, 'complete', { projectSummary: isNoSummary(text) ? NO_NOTES : text, collected: true });
      return result(next, [say(flowMessages.leadComplete(next.lead.info.name))], [{ type: 'submitLead', lead: next.lead.info }]);
    }
    default:
      return result(s, []);
  }
}

/** One answer in the pricing flow. Input at idle or pricing-complete changes nothing. */
export function pricingStep(s: FlowState, input: string): FlowResult {
  const text = input.trim();
  const info = s.pricing.info;
  const { flow: flowMessages, invalidEmail, projectTypeChoices, pageChoices } = chatText(s.locale);
  switch (s.pricing.step) {
    case 'pricing-name':
      if (!text) return result(s, [say(flowMessages.askAgainName)]);
      return result(withPricing(s, 'pricing-email', { name: text }), [say(flowMessages.pricingAskEmail(text))]);
    case 'pricing-email':
      if (!isValidChatEmail(text)) return result(s, [say(invalidEmail)]);
      return result(withPricing(s, 'pricing-type', { email: text }), [say(flowMessages.pricingAskType, projectTypeChoices)]);
    case 'pricing-type':
      if (!text) return result(s, [say(flowMessages.askAgainType, projectTypeChoices)]);
      return result(withPricing(s, 'pricing-features', { projectType: text }), [say(flowMessages.pricingAskFeatures)]);
    case 'pricing-features': {
      if (!text) return result(s, [say(flowMessages.askAgainFeatures)]);
      const features = parseFeatures(text);
      return needsPages(info.projectType)
        ? result(withPricing(s, 'pricing-pages', { features }), [say(flowMessages.pricingAskPages, pageChoices)])
        : result(withPricing(s, 'pricing-details', { features }), [say(flowMessages.pricingAskDetails)]);
    }
    case 'pricing-pages':
      if (!text) return result(s, [say(flowMessages.askAgainPages, pageChoices)]);
      return completePricing(withPricing(s, 'pricing-complete', { numberOfPages: text, additionalDetails: NONE_PROVIDED }));
    case 'pricing-details':
      return completePricing(withPricing(s, 'pricing-complete', { additionalDetails: isNoDetails(text) || !text ? NONE_PROVIDED : text }));
    default:
      return result(s, []);
  }
}

function completePricing(s: FlowState): FlowResult {
  const next = withPricing(s, 'pricing-complete', { collected: true });
  const request = next.pricing.info;
  const outcome = estimatePrice({ projectType: tableTypeForChoice(request.projectType, request.numberOfPages), features: request.features });
  // tableTypeForChoice always answers a table type, so the estimate cannot fail.
  if (!outcome.ok) throw new Error(outcome.error);
  const e = outcome.estimate;
  const { flow } = chatText(s.locale);
  return result(next, [
    { text: flow.pricingEstimate(projectLabelIn(s.locale, e.projectType, e.label), priceRangeIn(s.locale, e.min, e.max), weekRangeIn(s.locale, e.weeks)), estimate: e },
    say(flow.pricingComplete(request.name)),
  ], [{ type: 'submitPricing', request, estimate: e }]);
}

/**
 * Where a visitor's message goes (docs/product.md §6.1, flow routing): an active flow takes it; a pricing
 * word starts the pricing flow; otherwise it is for the AI (handled: false). Blank text is ignored.
 */
export function routeInput(s: FlowState, input: string): RouteResult {
  if (!input.trim()) return { handled: true, state: s, botMessages: [], effects: [] };
  if (isPricingActive(s)) return { handled: true, ...pricingStep(s, input) };
  if (isLeadActive(s)) return { handled: true, ...leadStep(s, input) };
  if (shouldStartPricing(s, input)) return { handled: true, ...startPricing(s) };
  return { handled: false, state: s };
}

/**
 * After the bot's reply to a message the AI answered: the lead flow starts once the conversation has more
 * than 3 messages (docs/product.md §7). Null when it does not start.
 */
export function afterReply(s: FlowState, messageCount: number): FlowResult | null {
  return shouldStartLead(s, messageCount) ? startLead(s) : null;
}

/** Saved lead record (docs/product.md §17.2), the widget's local-storage list. */
export interface SavedLeadRecord {
  id: string;
  name: string;
  email: string;
  phone: string;
  serviceInterest: string;
  budgetRange: string;
  timeline: string;
  projectSummary: string;
  source: 'Chatbot';
  date: string;
  messages: { type: 'user' | 'bot'; text: string }[];
  status: 'New';
}

export function savedLeadRecord(id: string, lead: LeadInfo, messages: { type: 'user' | 'bot'; text: string }[], now: Date): SavedLeadRecord {
  return {
    id, name: lead.name, email: lead.email, phone: lead.phone, serviceInterest: lead.serviceInterest, budgetRange: lead.budgetRange,
    timeline: lead.timeline, projectSummary: lead.projectSummary, source: 'Chatbot', date: now.toISOString(),
    messages: messages.map((m) => ({ type: m.type, text: m.text })), status: 'New',
  };
}
