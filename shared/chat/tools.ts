import { portfolioCards, type PortfolioCard, type PortfolioFilter } from '../content/portfolioCards.ts';
import { formatPriceRange, formatWeeks } from '../content/departments.ts';
import { servicesInDepartment } from '../content/services.ts';
import { site } from '../site.ts';
import type { ChatPart, PortfolioCardPart } from './api.ts';
import { estimatePrice, findDepartment, projectTypes } from './estimate.ts';
import { chatMessages, toolErrors } from './messages.ts';
import { messages } from '../messages.ts';
import { isChatEmail } from '../email.ts';

// The five AI tools (docs/product.md §6.3): their declarations in Gemini's format and their execution over
// the site's own content. Execution is pure except for the lead tool, which hands the lead to the
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

/** Gemini function declarations (OpenAPI-subset schemas). */
export const toolDeclarations = [
  {
    name: TOOL_NAMES.submitLead,
    description: `Send the visitor's contact details and project interest to the ${site.name} team, who reply ${site.replyPromise}. Only call it once the visitor has given their name and email and agreed to be contacted.`,
    parameters: {
      type: 'OBJECT',
      properties: {
        name: { type: 'STRING', description: "The visitor's name." },
        email: { type: 'STRING', description: "The visitor's email address." },
        phone: { type: 'STRING', description: 'Phone number, if given.' },
        serviceInterest: { type: 'STRING', description: 'The service they are interested in, e.g. Web Development, Mobile App, SEO, Branding, Digital Marketing, Automation.' },
        budget: { type: 'STRING', description: 'Budget range, e.g. Under $5k, $5k - $10k, $10k - $25k, $25k+, Not sure yet.' },
        timeline: { type: 'STRING', description: 'When they want to start, e.g. ASAP, 1-2 months, 3-6 months, Flexible timeline.' },
        projectDetails: { type: 'STRING', description: 'A short summary of the project.' },
      },
      required: ['name', 'email', 'serviceInterest'],
    },
  },
  {
    name: TOOL_NAMES.estimate,
    description: 'Estimate the price range (USD) and duration (weeks) of a project from the agency price table.',
    parameters: {
      type: 'OBJECT',
      properties: {
        projectType: { type: 'STRING', enum: [...projectTypes], description: 'The kind of project.' },
        features: { type: 'ARRAY', items: { type: 'STRING' }, description: 'The main features wanted (more than 3 or 5 raise the price).' },
        timeline: { type: 'STRING', enum: ['urgent', 'normal', 'flexible'], description: 'How soon it is needed.' },
      },
      required: ['projectType'],
    },
  },
  {
    name: TOOL_NAMES.services,
    description: 'Describe one department: its services, price range and typical duration.',
    parameters: {
      type: 'OBJECT',
      properties: {
        department: { type: 'STRING', enum: ['software', 'uiux', 'web-design', 'devops'], description: 'Software Development, UI/UX Design, Web Design or DevOps.' },
      },
      required: ['department'],
    },
  },
  {
    name: TOOL_NAMES.portfolio,
    description: 'Show projects from the agency portfolio as cards linking to their case studies.',
    parameters: {
      type: 'OBJECT',
      properties: {
        category: { type: 'STRING', enum: [...portfolioCategories], description: 'Which kind of project; all by default.' },
        count: { type: 'INTEGER', minimum: 1, maximum: PORTFOLIO_MAX_COUNT, description: `How many projects, 1 to ${PORTFOLIO_MAX_COUNT} (default ${PORTFOLIO_DEFAULT_COUNT}).` },
      },
    },
  },
  {
    name: TOOL_NAMES.booking,
    description: `Offer the visitor a free ${CONSULTATION_MINUTES}-minute consultation: shows a booking button.`,
    parameters: {
      type: 'OBJECT',
      properties: {
        topic: { type: 'STRING', description: 'What they want to talk about.' },
      },
    },
  },
] as const;

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

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function portfolioPart(categoryArg: unknown, countArg: unknown): Extract<ChatPart, { type: 'portfolio' }> {
  const category: PortfolioFilter = (portfolioCategories as readonly unknown[]).includes(categoryArg) ? (categoryArg as PortfolioFilter) : 'all';
  const n = typeof countArg === 'number' && Number.isFinite(countArg) ? Math.round(countArg) : PORTFOLIO_DEFAULT_COUNT;
  const count = Math.min(PORTFOLIO_MAX_COUNT, Math.max(1, n));
  const cards = portfolioCards.filter((p) => category === 'all' || p.category === category).slice(0, count);
  return { type: 'portfolio', category, projects: cards.map(cardPart) };
}

const cardPart = (p: PortfolioCard): PortfolioCardPart => ({
  slug: p.slug, title: p.title, description: p.description, image: p.image, imageAlt: p.imageAlt, client: p.client,
  location: p.location, category: p.category, href: `/portfolio/${p.slug}`,
});

export function departmentPart(query: unknown): Extract<ChatPart, { type: 'department' }> | null {
  const d = findDepartment(query);
  if (!d) return null;
  return {
    type: 'department',
    department: {
      id: d.id, name: d.name, summary: d.summary, price: { ...d.price }, weeks: { ...d.weeks },
      priceText: formatPriceRange(d.price), weeksText: formatWeeks(d.weeks), href: '/services',
    },
    services: servicesInDepartment(d.id).map((s) => ({ name: s.name, href: `/services/${s.slug}` })),
  };
}

export function bookingPart(booking: ToolContext['booking']): Extract<ChatPart, { type: 'booking' }> | null {
  if (!booking) return null;
  return { type: 'booking', url: booking.url, external: booking.external, label: `Book a free ${CONSULTATION_MINUTES}-minute consultation`, minutes: CONSULTATION_MINUTES };
}

/** Runs one function call. Never throws: failures are results with an `error` the model can relay. */
export async function executeTool(name: string, args: Record<string, unknown> | undefined, ctx: ToolContext): Promise<ToolResult> {
  const a = args ?? {};
  switch (name) {
    case TOOL_NAMES.estimate: {
      const out = estimatePrice({ projectType: a.projectType, features: a.features, timeline: a.timeline });
      if (!out.ok) return { response: { error: out.error } };
      const e = out.estimate;
      return {
        response: { projectType: e.projectType, currency: 'USD', minPrice: e.min, maxPrice: e.max, minWeeks: e.weeks.min, maxWeeks: e.weeks.max, note: 'A rough range; the team sends a fixed quote after a free consultation.' },
        part: { type: 'estimate', estimate: e },
      };
    }
    case TOOL_NAMES.services: {
      const part = departmentPart(a.department);
      if (!part) return { response: { error: toolErrors.departmentNotFound } };
      const d = part.department;
      return {
        response: { department: d.name, summary: d.summary, price: d.priceText, duration: d.weeksText, services: part.services.map((s) => s.name) },
        part,
      };
    }
    case TOOL_NAMES.portfolio: {
      const part = portfolioPart(a.category, a.count);
      return {
        response: { category: part.category, projects: part.projects.map((p) => ({ title: p.title, client: p.client, description: p.description, link: p.href })) },
        part,
      };
    }
    case TOOL_NAMES.booking: {
      const part = bookingPart(ctx.booking);
      if (!part) return { response: { error: toolErrors.bookingUnavailable } };
      return { response: { bookingUrl: part.url, minutes: part.minutes, message: 'A booking button is shown to the visitor.' }, part };
    }
    case TOOL_NAMES.submitLead: {
      const lead: AiLeadFields = {
        name: str(a.name), email: str(a.email), phone: str(a.phone), service: str(a.serviceInterest), budget: str(a.budget),
        timeline: str(a.timeline), message: str(a.projectDetails),
      };
      for (const key of ['name', 'email', 'service'] as const) {
        if (!lead[key]) return { response: { error: `Missing required argument: ${key === 'service' ? 'serviceInterest' : key}` } };
      }
      if (!isChatEmail(lead.email)) return { response: { error: chatMessages.invalidEmail } };
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
    }
    default:
      return { response: { error: toolErrors.unknownFunction(name) } };
  }
}
