import { departments, formatPriceRange, formatWeeks } from '../content/departments.ts';
import { allFaqs, faqGroups } from '../content/faq.ts';
import { faqIn } from '../content/contentIn.ts';
import { usdRangeIn } from '../i18n/format.ts';
import { services, type ServiceSlug } from '../content/services.ts';
import { serviceSummaries } from '../content/serviceSummaries.ts';
import { site } from '../site.ts';
import type { ChatPart, ChatReply, ChatTurn } from './api.ts';
import { estimatePrice, formatUsd, formatWeekRange, parseTiming, type ProjectType } from './estimate.ts';
import { bookingPart, departmentPart, portfolioPart, type ToolContext } from './tools.ts';
import type { PortfolioFilter } from '../content/portfolioCards.ts';
import type { Locale } from '../i18n/locale.ts';
import { departmentIn, serviceIn } from '../content/localized.ts';
import { proseIn } from '../content/registry.ts';
import { chatSay, chatText, priceRangeIn, projectLabelIn, weekRangeIn } from './text.ts';

// The built-in assistant that answers when no Gemini key is configured (docs/architecture.md §6: a product
// feature, also serving production when the key is missing). Simple intent matching over the site's own
// content, answering through the same tools as the AI, so the widget renders the same cards. No I/O.
// It answers in the page's language (French from the chat catalog, shared/chat/text.ts) and understands
// French questions too, and answers FAQ questions from the FAQ of the page's language (shared/content/fr/faq.ts).

export const localChips = chatText('en').starterChips;

export type LocalIntent =
  | 'greeting' | 'thanks' | 'booking' | 'estimate' | 'prices' | 'portfolio' | 'service' | 'department' | 'services'
  | 'contact' | 'faq' | 'fallback';

const has = (re: RegExp, s: string) => re.test(s);

/** The project type a message talks about, if any (for price questions). */
export function projectTypeIn(text: string): ProjectType | null {
  const s = text.toLowerCase();
  if (/e-?commerce|online (shop|store)|\bshop\b|\bstore\b|boutique/.test(s)) return 'e-commerce';
  if (/web ?app|web application|portal|saas|dashboard|application web|tableau de bord/.test(s)) return 'web-app';
  if (/mobile|\bapp\b|ios|android/.test(s)) return 'mobile-app';
  if (/landing page|simple (web)?site|small (web)?site|one.page/.test(s)) return 'simple-website';
  if (/website|web ?site|\bsite\b/.test(s)) return 'business-website';
  if (/ui|ux|design/.test(s)) return 'ui-ux-design';
  if (/devops|cloud|ci\/?cd|pipeline|kubernetes|infrastructure/.test(s)) return 'devops-setup';
  if (/custom software|software|system|platform|logiciel|plateforme/.test(s)) return 'custom-software';
  return null;
}

const portfolioCategoryIn = (s: string): PortfolioFilter =>
  /e-?commerce|shop|store|bakery|cake/.test(s) ? 'e-commerce'
    : /nonprofit|non-profit|charity|ngo|church|ministr|foundation/.test(s) ? 'nonprofit'
      : /mobile|\bapps?\b|ios|android/.test(s) ? 'mobile'
        : /web ?sites?|\bweb\b/.test(s) ? 'web' : 'all';

const serviceKeywords: [RegExp, ServiceSlug][] = [
  [/wordpress/, 'wordpress-development'], [/\bseo\b|search engine/, 'seo-optimization'], [/brand/, 'branding'],
  [/marketing|social media|ads\b/, 'digital-marketing'], [/ci\/?cd|pipeline/, 'cicd-pipeline'], [/cloud|aws|azure|gcp/, 'cloud-infrastructure'],
  [/container|kubernetes|docker/, 'container-orchestration'], [/monitoring|logging|alert/, 'monitoring-logging'],
  [/security|compliance|audit/, 'security-compliance'], [/e-?commerce|online (shop|store)/, 'ecommerce'],
  [/mobile app|ios|android/, 'mobile-app-development'], [/ui\/?ux|user experience|interface design/, 'ui-ux-design'],
  [/web development|web app/, 'web-development'],
];

const stop: Record<Locale, Set<string>> = {
  en: new Set('a an and are as at be by can do does for from have how i in is it me my of on or our the to we what when where which who will with you your'.split(' ')),
  fr: new Set('les des une est que qui quoi pour vous nous votre vos avec dans sur par pas quel quelle quels quelles comment ces ses son sont aux mes mon peut pouvez'.split(' ')),
};
const wordPattern: Record<Locale, RegExp> = { en: /[a-z0-9]+/g, fr: /[\p{L}\p{N}]+/gu };
const words = (s: string, locale: Locale) => s.toLowerCase().match(wordPattern[locale])?.filter((w) => w.length > 2 && !stop[locale].has(w)) ?? [];

/** The FAQ in `locale`: French from the French chunk's FAQ (shared/content/fr/faq.ts), its lists written in French. */
function faqItems(locale: Locale): readonly { question: string; answer: string }[] {
  if (locale === 'en') return allFaqs;
  const lists = {
    prices: departments.map((d) => `${departmentIn(locale, d).name} ${usdRangeIn(locale, d.price)}`).join('\u202f; '),
    weeks: departments.map((d) => `${departmentIn(locale, d).name} ${weekRangeIn(locale, d.weeks)}`).join('\u202f; '),
  };
  return faqIn(locale, faqGroups, lists).flatMap((g) => g.items);
}

/** The FAQ entry sharing the most words with the question (at least two), in the question's language. */
export function bestFaq(text: string, locale: Locale = 'en'): { question: string; answer: string } | null {
  const q = new Set(words(text, locale));
  let best: { question: string; answer: string } | null = null;
  let bestScore = 1;
  for (const item of faqItems(locale)) {
    const w = new Set(words(item.question, locale));
    let score = 0;
    for (const x of q) if (w.has(x) || w.has(x.replace(/s$/, ''))) score += 1;
    if (score > bestScore) {
      best = item;
      bestScore = score;
    }
  }
  return best;
}

const GREETING = /^(hi|hello|hey|hiya|good (morning|afternoon|evening)|akwaaba|greetings|bonjour|salut|bonsoir)\b/;
const THANKS = /^(thanks|thank you|cheers|great|ok(ay)?|cool|merci|parfait|d['’]accord)\b/;
/** A greeting or thanks that opens a message, with what follows it up to the words ("Hello, " of "Hello, how much…"). */
const OPENER = new RegExp(`^(?:${GREETING.source.slice(1)}|${THANKS.source.slice(1)})[\\s,;:.!?]*`);

/**
 * Which intent a visitor's message has, its FAQ read in `locale`. A greeting or thanks that opens a question does
 * not hide it: "Hello, how much is a website?" asks a price; "Hello" alone (a short message) is a greeting.
 */
export function localIntent(text: string, locale: Locale = 'en'): LocalIntent {
  const s = text.toLowerCase().trim();
  const opener = OPENER.exec(s)?.[0] ?? '';
  const asked = topicIntent(s.slice(opener.length), locale);
  if (asked !== 'fallback' || !opener || s.length >= 40) return asked;
  return GREETING.test(s) ? 'greeting' : 'thanks';
}

/** What a message asks about, openers aside. */
function topicIntent(s: string, locale: Locale): LocalIntent {
  if (!s) return 'fallback';
  if (has(/\bbook|consult|meeting|appointment|schedul|\bcall\b|talk to (someone|a person|a human|you)/, s)) return 'booking';
  if (has(/rendez-vous|r[ée]serv|r[ée]union|appel|parler [àa] (une personne|quelqu|un humain|vous)/, s)) return 'booking';
  if (has(/price|pricing|cost|how much|quote|estimate|budget|rates?\b|charge|prix|tarif|co[uû]t|combien(?! de temps)|devis|estimation/, s)) return projectTypeIn(s) ? 'estimate' : 'prices';
  if (has(/portfolio|case stud|y?our work|previous work|past work|examples?|projects?|clients?|have you (built|done|made)|show me|r[ée]alisations?|projets?|exemples?|montrez/, s)) return 'portfolio';
  if (has(/contact|e-?mail|phone|whatsapp|address|where are you|located|location|office|reach you|t[ée]l[ée]phone|adresse|o[uù] [êe]tes-vous|bureau|joindre/, s)) return 'contact';
  if (serviceKeywords.some(([re]) => re.test(s)) && has(/\b(do|offer|provide|tell|about|help|need|want|what|can)\b/, s)) return 'service';
  if (has(/devops|ui\/?ux|design|software development|web design|department/, s)) return 'department';
  if (has(/services?|what do you do|what can you do|offer|help me with|capabilit|que faites-vous|proposez/, s)) return 'services';
  if (bestFaq(s, locale)) return 'faq';
  return 'fallback';
}

const departmentsText = (locale: Locale) => departments.map((d) => locale === 'en'
  ? `${d.name} (${formatPriceRange(d.price)}, ${formatWeeks(d.weeks)})`
  : `${departmentIn(locale, d).name} (${usdRangeIn(locale, d.price)}, ${weekRangeIn(locale, d.weeks)})`).join(', ');

/** The local assistant's answer to the last visitor message, in the page's language. */
export function localReply(messages: readonly ChatTurn[], ctx: Pick<ToolContext, 'booking'>, locale: Locale = 'en'): ChatReply {
  const last = [...messages].reverse().find((m) => m.role === 'user')?.text ?? '';
  const s = last.toLowerCase();
  const text = chatText(locale);
  const chips = text.starterChips;
  const [, work, estimateChip, book] = chips;
  const say = (id: string, en: string, values?: Record<string, unknown>) => chatSay(locale, `chat.local.${id}`, en, values);
  const reply = (answer: string, parts: ChatPart[] = [], offered: readonly string[] = chips): ChatReply => ({ text: answer, parts, chips: [...offered] });
  const contact: ChatPart = { type: 'contact', email: site.email, phone: site.phone, href: '/contact' };
  const intent = localIntent(last, locale);

  switch (intent) {
    case 'greeting':
      return reply(say('greeting', `Hello! I'm the ${site.name} assistant. We're a software agency in Accra, Ghana, building websites, apps, designs and cloud setups for clients worldwide. What can I help you with?`, { name: site.name }));
    case 'thanks':
      return reply(say('thanks', `You're welcome! Anything else I can help with? If you'd like to talk to a person, book a free consultation or leave your email and we'll reply ${site.replyPromise}.`));
    case 'booking': {
      const part = bookingPart(ctx.booking, locale);
      if (!part) return reply(say('bookingUnavailable', 'Booking system not available. Please visit our contact page.'), [contact]);
      return reply(say('booking', `Happy to set that up! The first consultation is free and takes ${part.minutes} minutes. Pick a time that suits you:`, { minutes: part.minutes }), [part]);
    }
    case 'estimate': {
      const type = projectTypeIn(s)!;
      const featureCount = Number(/(\d+)\s+(main\s+)?(features?|fonctionnalités?)/.exec(s)?.[1] ?? 0);
      const out = estimatePrice({ projectType: type, features: featureCount, timeline: parseTiming(s) });
      if (!out.ok) return reply(out.error);
      const e = out.estimate;
      const [label, price, weeks] = [projectLabelIn(locale, e.projectType, e.label), priceRangeIn(locale, e.min, e.max), weekRangeIn(locale, e.weeks)];
      return reply(
        say('estimate', `A ${e.label} with us typically costs ${formatUsd(e.min, e.max)} and takes about ${formatWeekRange(e.weeks)}. It's a rough range: after a free consultation you get a fixed quote.`, { label, price, weeks }),
        [{ type: 'estimate', estimate: { ...e, label } }],
        [book, work],
      );
    }
    case 'prices':
      return reply(
        say('prices', `Our typical prices in US dollars per department: ${departmentsText('en')}. Tell me what you want to build (a website, mobile app, web app, online store...) and I'll give you a range.`, { departments: departmentsText(locale) }),
        [],
        text.projectTypeChoices,
      );
    case 'portfolio': {
      const category = portfolioCategoryIn(s);
      const part = portfolioPart(category, category === 'all' ? 3 : 5, locale);
      const answer = category === 'all'
        ? say('portfolioAll', 'Here are some projects we are proud of:')
        : say('portfolioCategory', `Here is our ${category} work:`, { category: proseIn(locale)?.categories[category] ?? category });
      return reply(answer, [part], [book, estimateChip]);
    }
    case 'contact':
      return reply(
        say('contact', `You can email us at ${site.email} or call ${site.phone}. We're based in ${site.address.locality}, ${site.address.countryName}, and reply ${site.replyPromise}.`,
          { email: site.email, phone: site.phone, place: `${site.address.locality} (${site.address.countryName})` }),
        [contact],
      );
    case 'service': {
      const slug = serviceKeywords.find(([re]) => re.test(s))![1];
      const service = services.find((x) => x.slug === slug)!;
      const dept = departmentPart(service.department, locale)!;
      const local = serviceIn(locale, service);
      const d = departments.find((x) => x.id === service.department)!;
      return reply(say('service', `Yes, we do ${service.name}: ${serviceSummaries[slug]} It's part of our ${dept.department.name} team (${dept.department.priceText}, ${dept.department.weeksText}). More at /services/${slug}.`, {
        service: local.name, summary: local.summary, department: departmentIn(locale, d).name,
        price: usdRangeIn(locale, d.price), weeks: weekRangeIn(locale, d.weeks), href: `/services/${slug}`,
      }), [dept]);
    }
    case 'department': {
      const part = departmentPart(s, locale);
      if (!part) return reply('Department not found');
      const d = part.department;
      const local = departmentIn(locale, departments.find((x) => x.id === d.id)!);
      return reply(say('department', `${d.name}: ${d.summary} Typical projects cost ${d.priceText} and take ${d.weeksText}.`, {
        name: local.name, summary: local.summary, price: usdRangeIn(locale, d.price), weeks: weekRangeIn(locale, d.weeks),
      }), [part]);
    }
    case 'services':
      return reply(
        say('services', `We work in four departments: ${departmentsText('en')}. Our services: ${services.map((x) => x.name).join(', ')}. Which one interests you?`, {
          departments: departmentsText(locale), services: services.map((x) => serviceIn(locale, x).name).join(', '),
        }),
        [],
        departments.map((d) => departmentIn(locale, d).name),
      );
    case 'faq': {
      const item = bestFaq(s, locale)!;
      return reply(item.answer, [{ type: 'faq', items: [item] }]);
    }
    default:
      return reply(
        say('fallback', `I can tell you about our services and prices, show our work, give you a price estimate or book a free consultation. You can also leave your email and a strategist will reply ${site.replyPromise}.`),
        [],
        // When it cannot help, a person can (docs/decisions/0019).
        [...chips, text.talkToPerson],
      );
  }
}
