// Every kind of request a visitor can send, and the one name each goes by wherever people read it: the
// inbox, the overview, the dashboard, the CSV export, the reports, the e-mails to the team and the
// Appwrite collections (docs/product.md §2, §5 and §6.6 use these words).

/** The five forms of the site (shared/forms/definitions.ts). */
export const formKinds = ['contact', 'career', 'affiliate', 'seo-audit', 'booking'] as const;
export type FormKind = (typeof formKinds)[number];
export const isFormKind = (v: unknown): v is FormKind => typeof v === 'string' && (formKinds as readonly string[]).includes(v);

/**
 * What travels on the queue and is kept in Appwrite: the forms, chat leads, pricing requests, live chats and
 * WhatsApp conversations that joined no other lead (docs/decisions/0031).
 */
export const submissionKinds = [...formKinds, 'lead', 'pricing', 'live', 'whatsapp'] as const;
export type SubmissionKind = (typeof submissionKinds)[number];
export const isSubmissionKind = (v: unknown): v is SubmissionKind =>
  typeof v === 'string' && (submissionKinds as readonly string[]).includes(v);

/** The name of each kind, as a heading or a table cell says it. */
export const kindLabels: Record<SubmissionKind, string> = {
  contact: 'Contact message',
  career: 'Job application',
  affiliate: 'Partner application',
  'seo-audit': 'SEO audit request',
  booking: 'Booking request',
  lead: 'Chat lead',
  pricing: 'Pricing request',
  live: 'Live chat',
  whatsapp: 'WhatsApp',
};

/** A kind's name, or the raw value when it is not one (an old or unreadable record). */
export const kindLabel = (kind: string): string => (isSubmissionKind(kind) ? kindLabels[kind] : kind);

/** A kind's name inside a sentence: "a job application", "an SEO audit request" (an acronym keeps its capitals). */
export const kindInSentence = (kind: SubmissionKind): string => {
  const label = kindLabels[kind];
  return isProperName(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
};

/** An acronym (SEO) or a brand written with an inner capital (WhatsApp) keeps its capitals. */
const isProperName = (label: string) => /^([A-Z]{2}|[A-Z][a-z]+[A-Z])/.test(label);

/** A kind's name for many of them: "Job applications"; a brand is not pluralised ("WhatsApp conversations"). */
export const kindPlural = (kind: SubmissionKind): string => (kind === 'whatsapp' ? 'WhatsApp conversations' : `${kindLabels[kind]}s`);
