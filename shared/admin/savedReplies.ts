import { z } from 'zod';
import type { Locale } from '../i18n/locale.ts';
import { site } from '../site.ts';

// Saved replies of the lead page's composer (collection `saved_replies`): a title and a body with
// {{variables}}, rendered from the lead, the staff member and the configuration before the composer shows
// the text, so staff read (and may change) exactly what the prospect will get. An unknown variable is
// refused when an admin saves the reply, never sent to a prospect. A reply may have a French version
// (`bodyFr`), inserted for a French lead (docs/decisions/0032, "Saved replies in French"). No I/O.

export const SAVED_REPLY_VARIABLES = ['first_name', 'service', 'estimate', 'agent_name', 'booking_link'] as const;
export type SavedReplyVariable = (typeof SAVED_REPLY_VARIABLES)[number];

export const SAVED_REPLY_TITLE_MAX = 80;
export const SAVED_REPLY_BODY_MAX = 5000;

/** `{{ name }}`, spaces allowed inside the braces. */
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

const isVariable = (v: string): v is SavedReplyVariable => (SAVED_REPLY_VARIABLES as readonly string[]).includes(v);

/** Every `{{…}}` of a text, in order, once each. */
export const variablesIn = (text: string): string[] => [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1] ?? ''))];

/** The `{{…}}` of a text that are not variables of ours. */
export const unknownVariables = (text: string): string[] => variablesIn(text).filter((v) => !isVariable(v));

export interface SavedReply {
  id: string;
  title: string;
  body: string;
  /** The French version, or null when there is none (a French lead then gets the English). */
  bodyFr: string | null;
  updatedBy: string | null;
  updatedAt: string | null;
}

export interface SavedRepliesResponse {
  replies: SavedReply[];
}

/** The same variable check for every version of a reply: an unknown one is refused by name. */
const knownVariablesOnly = (text: string, ctx: z.RefinementCtx) => {
  const unknown = unknownVariables(text);
  if (unknown.length) {
    ctx.addIssue({
      code: 'custom',
      message: `Unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((v) => `{{${v}}}`).join(', ')}. Use ${SAVED_REPLY_VARIABLES.map((v) => `{{${v}}}`).join(', ')}.`,
    });
  }
};

/** What an admin saves; the body's variables are checked here, so the Worker and the page say the same. */
export const savedReplyInput = z.object({
  title: z.string({ error: 'Give the saved reply a title.' }).trim().min(1, 'Give the saved reply a title.')
    .max(SAVED_REPLY_TITLE_MAX, `A title has at most ${SAVED_REPLY_TITLE_MAX} characters.`),
  body: z.string({ error: 'Write the reply.' }).trim().min(1, 'Write the reply.')
    .max(SAVED_REPLY_BODY_MAX, `A reply has at most ${SAVED_REPLY_BODY_MAX} characters.`)
    .superRefine(knownVariablesOnly),
  /** Optional; empty removes the French version. */
  bodyFr: z.string({ error: 'The French version must be text.' }).trim()
    .max(SAVED_REPLY_BODY_MAX, `The French version has at most ${SAVED_REPLY_BODY_MAX} characters.`)
    .superRefine(knownVariablesOnly).optional(),
});
export type SavedReplyInput = z.output<typeof savedReplyInput>;

/** What the variables are made from. */
export interface ReplyContext {
  lead: { name: string | null; email: string | null; serviceInterest: string | null; budgetRange: string | null };
  agent: { name: string };
  /** BOOKING_URL when set, otherwise the site's own /booking page. */
  bookingUrl: string | null;
  siteUrl: string;
}

/** The words used when the lead does not say: a sentence still reads well, and the composer says which. */
const FALLBACK: Record<Locale, Record<SavedReplyVariable, string>> = {
  en: {
    first_name: 'there',
    service: 'your project',
    estimate: 'an estimate we will confirm with you',
    agent_name: `the ${site.name} team`,
    booking_link: '',
  },
  fr: {
    first_name: 'Madame, Monsieur',
    service: 'votre projet',
    estimate: 'une estimation que nous confirmerons avec vous',
    agent_name: `l’équipe ${site.name}`,
    booking_link: '',
  },
};

/**
 * The version of a reply to insert for a lead in `language`: the French one for a French lead when the reply
 * has it, else the English (`fellBack` says a French lead got English, so the composer can say so).
 */
export function pickSavedReply(reply: Pick<SavedReply, 'body' | 'bodyFr'>, language: Locale | undefined): { body: string; language: Locale; fellBack: boolean } {
  if (language !== 'fr') return { body: reply.body, language: 'en', fellBack: false };
  return reply.bodyFr?.trim() ? { body: reply.bodyFr, language: 'fr', fellBack: false } : { body: reply.body, language: 'en', fellBack: true };
}

export const bookingLink = (c: Pick<ReplyContext, 'bookingUrl' | 'siteUrl'>) => c.bookingUrl || `${c.siteUrl.replace(/\/+$/, '')}/booking`;

function values(c: ReplyContext): Record<SavedReplyVariable, string | null> {
  const first = c.lead.name?.trim().split(/\s+/)[0] ?? '';
  return {
    first_name: first || null,
    service: c.lead.serviceInterest?.trim() || null,
    estimate: c.lead.budgetRange?.trim() || null,
    agent_name: c.agent.name.trim() || null,
    booking_link: bookingLink(c),
  };
}

/**
 * The body with every variable filled in (the fallback words in the body's language), and the variables the lead had no value for (their fallback
 * words were used). Unknown `{{…}}` (a reply saved before the check) are left as they are: the Worker
 * refuses to send a text that still has one.
 */
export function renderSavedReply(body: string, c: ReplyContext, language: Locale = 'en'): { text: string; missing: SavedReplyVariable[] } {
  const v = values(c);
  const missing = new Set<SavedReplyVariable>();
  const text = body.replace(VARIABLE, (whole, name: string) => {
    if (!isVariable(name)) return whole;
    const value = v[name];
    if (value === null) missing.add(name);
    return value ?? FALLBACK[language][name];
  });
  return { text, missing: [...missing] };
}
