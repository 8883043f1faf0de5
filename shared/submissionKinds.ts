// Every kind of request a visitor can send, and the one name each goes by wherever people read it: the
// inbox, the overview, the dashboard, the CSV export, the reports, the e-mails to the team and the
// Appwrite collections (docs/product.md §2, §5 and §6.6 use these words).

/** The five forms of the site (shared/forms/definitions.ts). */
export const formKinds = ['contact', 'career', 'affiliate', 'seo-audit', 'booking'] as const;
export type FormKind = (typeof formKinds)[number];
export const isFormKind = (v: unknown): v is FormKind => typeof v === 'string' && (formKinds as readonly string[]).includes(v);

/** What travels on the queue and is kept in Appwrite: the forms, chat leads, pricing requests and live chats. */
export const submissionKinds = [...formKinds, 'lead', 'pricing', 'live'] as const;
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
};

/** A kind's name, or the raw value when it is not one (an old or unreadable record). */
export const kindLabel = (kind: string): string => (isSubmissionKind(kind) ? kindLabels[kind] : kind);

/** A kind's name inside a sentence: "a job application", "an SEO audit request" (an acronym keeps its capitals). */
export const kindInSentence = (kind: SubmissionKind): string => {
  const label = kindLabels[kind];
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
};

/** A kind's name for many of them: "Job applications". */
export const kindPlural = (kind: SubmissionKind): string => `${kindLabels[kind]}s`;
