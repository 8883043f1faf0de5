import { teamHoursSentence } from '../accraTime.ts';
import { z } from 'zod';
import { departments, formatPriceRange, formatWeeks, type DepartmentId } from '../content/departments.ts';
import { portfolioCards, type PortfolioCard, type PortfolioFilter } from '../content/portfolioCards.ts';
import { servicesInDepartment } from '../content/services.ts';
import { site } from '../site.ts';
import type { ChatPart, PortfolioCardPart } from './api.ts';
import { estimatePrice, findDepartment, projectTypes, timings } from './estimate.ts';
import { chatMessages, toolErrors } from './messages.ts';
import { messages } from '../messages.ts';
import { isEmailAddress } from '../email.ts';
import type { Locale } from '../i18n/locale.ts';
import { cardIn, departmentIn, serviceIn } from '../content/localized.ts';
import { chatSay, projectLabelIn, weekRangeIn } from './text.ts';
import { usdRangeIn } from '../i18n/format.ts';

// The five AI tools (docs/product.md §6.3): their arguments (zod), the declarations Gemini gets (generated
// from them) and their execution over the site's own content. Execution is pure except for the lead tool, which hands the lead to the
// context (the Worker puts it on the submissions queue). Each result has a `response` for the model and,
// when there is something to show, a structured `part` for the widget.

export const TOOL_NAMES = {
  submitLead: 'submitLead',
  estimate: 'getPriceEstimate',
  services: 'getServiceInfo',
  portfolio: 'showPortfolio',
  booking: 'bookConsultation',
} as const;

export const PORTFOLIO_DEFAULT_COUNT = 3;
export const PORTFOLIO_MAX_COUNT = 5;
export const portfolioCategories = ['web', 'mobile', 'e-commerce', 'nonprofit', 'all'] as const;
export const CONSULTATION_MINUTES = 30;

const required = (name: string) => ({ error: `Missing required argument: ${name}` });
const requiredText = (name: string, description: string) =>
  z.string(required(name)).trim().min(1, required(name)).describe(description);
const optionalText = (description: string) => z.string({ error: 'must be text' }).trim().optional().describe(description);

const countError = `count must be a whole number from 1 to ${PORTFOLIO_MAX_COUNT}`;

/**
 * The arguments of each tool as zod schemas: the one source of the declarations sent to Gemini (as JSON
 * Schema, toolDeclarations below) and of the checks executeTool makes before it acts. A failed check goes
 * back to the model as `{error}` with the message of its first issue (docs/product.md §16.3 where fixed).
 */
export const toolArguments = {
  [TOOL_NAMES.submitLead]: z.object({
    name: requiredText('name', "The visitor's name."),
    email: requiredText('email', "The visitor's email address.").refine(isEmailAddress, { error: chatMessages.invalidEmail }),
    phone: optionalText('Phone number, if given.'),
    serviceInterest: requiredText('serviceInterest', 'The service they are interested in, e.g. Web Development, Mobile App, SEO, Branding, Digital Marketing, Automation.'),
    budget: optionalText('Budget range, e.g. Under $5k, $5k - $10k, $10k - $25k, $25k+, Not sure yet.'),
    timeline: optionalText('When they want to start, e.g. ASAP, 1-2 months, 3-6 months, Flexible timeline.'),
    projectDetails: optionalText('A short summary of the project.'),
  }),
  [TOOL_NAMES.estimate]: z.object({
    projectType: z.enum(projectTypes, { error: toolErrors.unknownProjectType }).describe('The kind of project.'),
    features: z.array(z.string(), { error: 'features must be a list of text' }).optional()
      .describe('The main features wanted (more than 3 or 5 raise the price).'),
    timeline: z.enum(timings, { error: `timeline must be one of ${timings.join(', ')}` }).optional().describe('How soon it is needed.'),
  }),
  [TOOL_NAMES.services]: z.object({
    department: z.enum(departments.map((d) => d.id) as [DepartmentId, ...DepartmentId[]], { error: toolErrors.departmentNotFound })
      .describe('Software Development, UI/UX Design, Web Design or DevOps.'),
  }),
  [TOOL_NAMES.portfolio]: z.object({
    category: z.enum(portfolioCategories, { error: `category must be one of ${portfolioCategories.join(', ')}` }).optional()
      .describe('Which kind of project; all by default.'),
    count: z.int({ error: countError }).min(1, { error: countError }).max(PORTFOLIO_MAX_COUNT, { error: countError }).optional()
      .describe(`How many projects, 1 to ${PORTFOLIO_MAX_COUNT} (default ${PORTFOLIO_DEFAULT_COUNT}).`),
  }),
  [TOOL_NAMES.booking]: z.object({
    topic: optionalText('What they want to talk about.'),
  }),
} as const;

const toolDescriptions: Record<keyof typeof toolArguments, string> = {
  [TOOL_NAMES.submitLead]: `Send the visitor's contact details and project interest to the ${site.name} team, who reply ${site.replyPromise}. Only call it once the visitor has given their name and email and agreed to be contacted.`,
  [TOOL_NAMES.estimate]: 'Estimate the price range (USD) and duration (weeks) of a project from the agency price table.',
  [TOOL_NAMES.services]: 'Describe one department: its services, price range and typical duration.',
  [TOOL_NAMES.portfolio]: 'Show projects from the agency portfolio as cards linking to their case studies.',
  [TOOL_NAMES.booking]: `Offer the visitor a free ${CONSULTATION_MINUTES}-minute consultation: shows a booking button.`,
};

/** A tool's arguments as JSON Schema (what a caller may send, so optional fields are not required). */
function parametersOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return json;
}

/** Gemini function declarations, generated from toolArguments (`parametersJsonSchema`). */
export const toolDeclarations = Object.values(TOOL_NAMES).map((name) => ({
  name,
  description: toolDescriptions[name],
  parametersJsonSchema: parametersOf(toolArguments[name]),
}));

/** The lead as it goes on the queue: the AI lead tool's FormSubmit fields (docs/product.md §18). */
export interface AiLeadFields {
  name: string;
  email: string;
  phone: string;
  service: string;
  budget: string;
  timeline: string;
  message: string;
}

export interface ToolContext {
  /** The consultation: the scheduling page, or the site's /booking page; null when there is none. */
  booking: { url: string; external: boolean } | null;
  /** The page's language: the tools' results are in it (English when absent). */
  locale?: Locale;
  /**
   * Files the conversation's lead (docs/decisions/0011): 'filed' with its id once it is on the queue;
   * 'recorded' when this conversation already has its lead (nothing is filed again); 'limited' when the
   * visitor is over the generic API limit. Throws when it could not be stored.
   */
  submitLead(lead: AiLeadFields): Promise<LeadOutcome>;
}

export type LeadOutcome =
  | { status: 'filed'; id: string }
  | { status: 'recorded' }
  | { status: 'limited'; retryAfterSeconds: number };

export interface ToolResult {
  /** What goes back to the model as the functionResponse. */
  response: Record<string, unknown>;
  /** What the widget shows. */
  part?: ChatPart;
}

export function portfolioPart(categoryArg: unknown, countArg: unknown, locale: Locale = 'en'): Extract<ChatPart, { type: 'portfolio' }> {
  const category: PortfolioFilter = (portfolioCategories as readonly unknown[]).includes(categoryArg) ? (categoryArg as PortfolioFilter) : 'all';
  const n = typeof countArg === 'number' && Number.isFinite(countArg) ? Math.round(countArg) : PORTFOLIO_DEFAULT_COUNT;
  const count = Math.min(PORTFOLIO_MAX_COUNT, Math.max(1, n));
  const cards = portfolioCards.filter((p) => category === 'all' || p.category === category).slice(0, count);
  return { type: 'portfolio', category, projects: cards.map((p) => cardPart(locale === 'en' ? p : cardIn(locale, p))) };
}

const cardPart = (p: PortfolioCard): PortfolioCardPart => ({
  slug: p.slug, title: p.title, description: p.description, image: p.image, imageAlt: p.imageAlt, client: p.client,
  location: p.location, category: p.category, href: `/portfolio/${p.slug}`,
});

export function departmentPart(query: unknown, locale: Locale = 'en'): Extract<ChatPart, { type: 'department' }> | null {
  const found = findDepartment(query);
  if (!found) return null;
  const d = departmentIn(locale, found);
  const en = locale === 'en';
  return {
    type: 'department',
    department: {
      id: d.id, name: d.name, summary: d.summary, price: { ...d.price }, weeks: { ...d.weeks },
      priceText: en ? formatPriceRange(d.price) : usdRangeIn(locale, d.price),
      weeksText: en ? formatWeeks(d.weeks) : weekRangeIn(locale, d.weeks), href: '/services',
    },
    services: servicesInDepartment(d.id).map((s) => ({ name: serviceIn(locale, s).name, href: `/services/${s.slug}` })),
  };
}

export function bookingPart(booking: ToolContext['booking'], locale: Locale = 'en'): Extract<ChatPart, { type: 'booking' }> | null {
  if (!booking) return null;
  const label = chatSay(locale, 'chat.part.bookingLabel', `Book a free ${CONSULTATION_MINUTES}-minute consultation`, { minutes: CONSULTATION_MINUTES });
  return { type: 'booking', url: booking.url, external: booking.external, label, minutes: CONSULTATION_MINUTES };
}

/** The message of a failed argument check: its first issue's (they are written for the model). */
const argumentError = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid arguments';

type ToolName = keyof typeof toolArguments;
type Args<T extends ToolName> = z.output<(typeof toolArguments)[T]>;

/** Each tool with its checked arguments. */
const tools: { [T in ToolName]: (args: Args<T>, ctx: ToolContext) => ToolResult | Promise<ToolResult> } = {
  [TOOL_NAMES.estimate]: (a, ctx) => {
    const out = estimatePrice(a);
    if (!out.ok) return { response: { error: out.error } };
    const locale = ctx.locale ?? 'en';
    const e = { ...out.estimate, label: projectLabelIn(locale, out.estimate.projectType, out.estimate.label) };
    return {
      response: { projectType: e.projectType, currency: 'USD', minPrice: e.min, maxPrice: e.max, minWeeks: e.weeks.min, maxWeeks: e.weeks.max, note: 'A rough range; the team sends a fixed quote after a free consultation.' },
      part: { type: 'estimate', estimate: e },
    };
  },
  [TOOL_NAMES.services]: (a, ctx) => {
    const part = departmentPart(a.department, ctx.locale);
    if (!part) return { response: { error: toolErrors.departmentNotFound } };
    const d = part.department;
    return {
      response: { department: d.name, summary: d.summary, price: d.priceText, duration: d.weeksText, services: part.services.map((s) => s.name) },
      part,
    };
  },
  [TOOL_NAMES.portfolio]: (a, ctx) => {
    const part = portfolioPart(a.category, a.count, ctx.locale);
    return {
      response: { category: part.category, projects: part.projects.map((p) => ({ title: p.title, client: p.client, description: p.description, link: p.href })) },
      part,
    };
  },
  [TOOL_NAMES.booking]: (_a, ctx) => {
    const part = bookingPart(ctx.booking, ctx.locale);
    if (!part) return { response: { error: toolErrors.bookingUnavailable } };
    return { response: { bookingUrl: part.url, minutes: part.minutes, teamHours: teamHoursSentence(null), message: 'A booking button is shown to the visitor, with these hours in their own time zone.' }, part };
  },
  [TOOL_NAMES.submitLead]: async (a, ctx) => {
    const lead: AiLeadFields = {
      name: a.name, email: a.email, phone: a.phone ?? '', service: a.serviceInterest, budget: a.budget ?? '',
      timeline: a.timeline ?? '', message: a.projectDetails ?? '',
    };
    try {
      const outcome = await ctx.submitLead(lead);
      if (outcome.status === 'recorded') {
        return { response: { success: false, alreadyRecorded: true, message: toolErrors.leadAlreadyRecorded } };
      }
      if (outcome.status === 'limited') return { response: { error: messages.tooManyRequests(outcome.retryAfterSeconds) } };
      return {
        response: { success: true, message: `The team has the details and will reply ${site.replyPromise}.` },
        part: { type: 'lead', id: outcome.id, name: lead.name, email: lead.email },
      };
    } catch {
      return { response: { error: toolErrors.notificationFailed } };
    }
  },
};

/** Runs one function call. Never throws: failures are results with an `error` the model can relay. */
export async function executeTool(name: string, args: Record<string, unknown> | undefined, ctx: ToolContext): Promise<ToolResult> {
  if (!Object.hasOwn(toolArguments, name)) return { response: { error: toolErrors.unknownFunction(name) } };
  const tool = name as ToolName;
  const parsed = toolArguments[tool].safeParse(args ?? {});
  if (!parsed.success) return { response: { error: argumentError(parsed.error) } };
  // The arguments were checked by this tool's own schema just above.
  return (tools[tool] as (a: unknown, c: ToolContext) => ToolResult | Promise<ToolResult>)(parsed.data, ctx);
}
