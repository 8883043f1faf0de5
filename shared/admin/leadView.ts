import type { WaHandler } from '../whatsapp/inbound.ts';
import { z } from 'zod';
import { LEAD_ACTIVITY_TYPES, submissionKinds, type LeadActivityType, type SubmissionKind } from '../appwrite/schema.ts';
import type { ActivityData, InquiryData } from './inquiry.ts';
import { LEAD_STATUSES, type LeadStatus } from './leads.ts';

// The staff inbox's view (filters, search, sort) and its wire types, shared by the Worker (which validates
// the query with these schemas) and the SPA (which keeps the view in the URL with the same ones). No I/O.

/** Appwrite document ids (and the assignee's account id). */
export const DOCUMENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** An empty query parameter (a cleared filter in the URL) counts as absent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const LEAD_SORTS = ['newest', 'due'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const leadSortNames: Record<LeadSort, string> = { newest: 'Newest first', due: 'Reply due soonest' };

export const ASSIGNEE_FILTERS = ['anyone', 'unassigned', 'me'] as const;

export const leadViewSchema = z.object({
  kind: optional(z.enum(submissionKinds, { error: 'Choose a kind of request.' })),
  status: optional(z.enum(LEAD_STATUSES, { error: 'Choose a status.' })),
  /** anyone (default), unassigned, me, or a staff member's account id. */
  assignee: optional(z.string().refine((v) => (ASSIGNEE_FILTERS as readonly string[]).includes(v) || DOCUMENT_ID.test(v), 'Choose anyone, unassigned, me or a staff member.')),
  /** Received on or after this day (UTC), and on or before `to`. */
  from: optional(z.string().regex(dateOnly, 'Use a date like 2026-11-25.')),
  to: optional(z.string().regex(dateOnly, 'Use a date like 2026-11-25.')),
  q: optional(z.string().trim().max(100, 'Search for at most 100 characters.')),
  sort: optional(z.enum(LEAD_SORTS, { error: 'Sort by newest or due.' })),
});
export type LeadView = z.output<typeof leadViewSchema>;

export const leadListSchema = leadViewSchema.extend({
  cursor: optional(z.string().regex(DOCUMENT_ID, 'That is not a valid cursor.')),
  limit: optional(z.coerce.number().int().min(1).max(100)),
});

/** The view's query parameters, without the defaults (what the URL shows). */
export function viewParams(view: LeadView): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(view)) {
    if (v === undefined || v === '') continue;
    if ((k === 'assignee' && v === 'anyone') || (k === 'sort' && v === 'newest')) continue;
    out[k] = String(v);
  }
  return out;
}

/** Parses a URL's search parameters into a view, dropping what is invalid rather than failing. */
export function parseView(params: URLSearchParams): LeadView {
  const raw = Object.fromEntries([...params].filter(([k]) => k in leadViewSchema.shape));
  const view: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const one = leadViewSchema.shape[k as keyof LeadView].safeParse(v);
    if (one.success && one.data !== undefined) view[k] = one.data;
  }
  return view as LeadView;
}

/** One row of the inbox: an `inquiries` document (shared/admin/inquiry.ts) without its search text. */
export type LeadRow = { id: string } & Omit<InquiryData, 'searchText'> & LeadTraffic & LeadAnswer & LeadWhatsApp;

/** The lead's WhatsApp conversation (docs/decisions/0031): the customer's number, and their last message there. */
export interface LeadWhatsApp {
  waId: string | null;
  /** The 24-hour customer-service window runs from it (shared/whatsapp/window.ts). */
  waLastInboundAt: string | null;
  /** Who answers there now: the assistant, nobody yet (a person was asked for), or a person. */
  waHandler: WaHandler | null;
}

/** The last mail in and our last answer out (platform/leadClock.ts): "Replied by prospect" (shared/admin/leads.ts). */
export interface LeadTraffic {
  lastInboundAt: string | null;
  lastOutboundAt: string | null;
}

/** Who gave the lead its first answer and how (docs/decisions/0029); null while the clock runs. */
export interface LeadAnswer {
  firstResponseBy: string | null;
  firstResponseByName: string | null;
  /** `email`, `live`, or a way recorded with Contacted (shared/admin/leads.ts ANSWER_WAYS). */
  firstResponseVia: string | null;
}

export interface LeadListResponse {
  leads: LeadRow[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Leads in the view (every page). */
  total: number;
}

export interface LeadCountsResponse {
  /** Leads in the view (its status filter left out) per status. */
  counts: Record<LeadStatus, number>;
  total: number;
}

/** One event of a lead's history: a `lead_activity` document (shared/admin/inquiry.ts). */
export type LeadActivity = { id: string } & Omit<ActivityData, 'leadId'>;

export interface LeadField {
  key: string;
  label: string;
  value: string;
}

/** One turn of a chat transcript (shared/chat/transcript.ts). */
export type { TranscriptTurn } from '../chat/transcript.ts';
import type { TranscriptTurn } from '../chat/transcript.ts';

export interface RelatedLead {
  id: string;
  kind: SubmissionKind;
  receivedAt: string;
  status: LeadStatus;
  summary: string;
}

export interface LeadDetailResponse {
  lead: LeadRow;
  /** Every submitted field, labelled; empty when the kind's record is gone. */
  fields: LeadField[];
  /** Chat leads and pricing requests: the conversation. */
  transcript: TranscriptTurn[] | null;
  activity: LeadActivity[];
  /** Other requests from the same e-mail address, newest first. */
  related: RelatedLead[];
  /** The neighbours in the view the lead was opened from. */
  previousId: string | null;
  nextId: string | null;
}

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'moderator';
}

export interface StaffListResponse {
  staff: StaffMember[];
}

export interface BulkResponse {
  updated: string[];
  /** Ids that could not be changed (not found, or Appwrite refused), with why. */
  failed: { id: string; message: string }[];
}

export interface ErasurePreview {
  /** The person's address; null for a request without one (a live chat), erased by its id. */
  email: string | null;
  /** The requests that will go, by kind and date. */
  requests: { id: string; kind: SubmissionKind; receivedAt: string }[];
  /** Notes and history entries of those requests. */
  activity: number;
  /** Submissions the queue parked that came from this address or are one of the requests. */
  parked: number;
  /** Chat conversations those requests came from (kept on the server with the visitor's words). */
  conversations: number;
}

export interface ErasureResponse extends ErasurePreview {
  erased: true;
}

export const isActivityType = (v: unknown): v is LeadActivityType => typeof v === 'string' && (LEAD_ACTIVITY_TYPES as readonly string[]).includes(v);
