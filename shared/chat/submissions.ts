import type { z } from 'zod';
import type { leadSubmissionSchema, pricingSubmissionSchema } from './api.ts';
import { formatUsd, formatWeekRange, type Estimate } from './estimate.ts';
import type { AiLeadFields } from './tools.ts';
import { collectionSpec, submissionCollections } from '../appwrite/schema.ts';
import { kindLabels } from '../submissionKinds.ts';
import type { LiveMessage } from './live.ts';
import { encodeTranscript } from './transcript.ts';
import type { Locale } from '../i18n/locale.ts';

// Chat submissions as queue fields (shared/submission.ts). The queue consumer e-mails every field through
// FormSubmit and records the ones the Appwrite schema names (shared/appwrite/schema.ts: leads,
// pricing_requests). So each carries the FormSubmit fields of docs/product.md §18 and, where those differ,
// the schema's attributes. No I/O.

export const LEAD_SOURCE = 'Chatbot';

/** A French chat's submissions say so: the inquiry is marked `fr` for staff (shared/admin/inquiry.ts). */
export const languageQueueField = (language: Locale): Record<string, string> => (language === 'fr' ? { language } : {});
export const AI_LEAD_SOURCE = 'AI assistant';

/**
 * Cuts every field the kind's Appwrite collection keeps to the attribute's size, so that the record is
 * never refused (a refused record would be retried and parked). The AI lead tool's arguments come from
 * the model and have no other bound; a long transcript keeps its most recent part.
 */
export function fitToRecord(kind: 'lead' | 'pricing' | 'live', fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => {
    const size = recordSize(kind, k);
    if (!size || v.length <= size) return [k, v];
    return [k, k === 'messages' ? v.slice(-size) : v.slice(0, size)];
  }));
}

/** The size of a string attribute of the kind's record (0 when it keeps no such field). */
export function recordSize(kind: 'lead' | 'pricing' | 'live', key: string): number {
  return collectionSpec(submissionCollections[kind])?.attributes.find((a) => a.key === key)?.size ?? 0;
}

/** A chat transcript as the kind's record keeps it: structured turns, the newest that fit (docs/decisions/0021). */
export const recordTranscript = (kind: 'lead' | 'live', messages: readonly LiveMessage[]) => encodeTranscript(messages, recordSize(kind, 'messages'));

type Lead = Omit<z.output<typeof leadSubmissionSchema>, 'language'>;
type Pricing = Omit<z.output<typeof pricingSubmissionSchema>, 'language'>;

/**
 * Flow lead: name, email, phone, serviceInterest, budgetRange, timeline, projectSummary, collectedAt, source;
 * and the conversation it came from, as the Conversation object kept it (never as the client tells it).
 */
export function leadQueueFields(lead: Lead, collectedAt: string, conversation?: LeadConversation): Record<string, string> {
  return fitToRecord('lead', {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    serviceInterest: lead.serviceInterest,
    budgetRange: lead.budgetRange,
    timeline: lead.timeline,
    projectSummary: lead.projectSummary,
    collectedAt,
    source: LEAD_SOURCE,
    ...(lead.company ? { company: lead.company } : {}),
    ...(conversation ? conversationFields('lead', conversation) : {}),
  });
}

/** Pricing request: name, email, subject, message, source, timestamp (+ the record's attributes). */
export function pricingQueueFields(req: Pricing, estimate: Estimate, timestamp: string): Record<string, string> {
  const features = req.features.filter(Boolean).join(', ');
  const message = [
    `Project type: ${req.projectType}`,
    `Features: ${features || 'None listed'}`,
    ...(req.numberOfPages ? [`Number of pages: ${req.numberOfPages}`] : []),
    `Additional details: ${req.additionalDetails || 'None provided'}`,
    `Estimate shown: ${formatUsd(estimate.min, estimate.max)}, ${formatWeekRange(estimate.weeks)} (${estimate.projectType})`,
  ].join('\n');
  return fitToRecord('pricing', {
    name: req.name,
    email: req.email,
    subject: `${kindLabels.pricing}: ${req.projectType}${req.name ? ` from ${req.name}` : ''}`,
    message,
    source: LEAD_SOURCE,
    timestamp,
    projectType: req.projectType,
    features,
    numberOfPages: req.numberOfPages,
    additionalDetails: req.additionalDetails,
  });
}

/**
 * The conversation a lead was filed in: its reference (staff never see the conversation's id, which is a
 * key to it, docs/decisions/0021) and what the Conversation object kept of it.
 */
export interface LeadConversation {
  ref: string;
  transcript: readonly LiveMessage[];
}

const conversationFields = (kind: 'lead' | 'live', c: LeadConversation) => ({ conversationRef: c.ref, messages: recordTranscript(kind, c.transcript) });

/**
 * AI lead tool: name, email, phone, service, budget, message (+ the record's attributes), and the
 * conversation: staff read it on the lead like a flow lead's, and an erasure finds it by its id.
 */
export function aiLeadQueueFields(lead: AiLeadFields, collectedAt: string, conversation?: LeadConversation): Record<string, string> {
  return fitToRecord('lead', {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    service: lead.service,
    budget: lead.budget,
    message: lead.message,
    serviceInterest: lead.service,
    budgetRange: lead.budget,
    timeline: lead.timeline,
    projectSummary: lead.message,
    collectedAt,
    source: AI_LEAD_SOURCE,
    ...(conversation ? conversationFields('lead', conversation) : {}),
  });
}

/** Who asked for a person (the lead flow's details, or the e-mail the widget asked for). */
export interface LiveContact {
  name: string;
  email: string;
  phone: string;
  company: string;
}

/**
 * A request for a person (docs/decisions/0019): live when staff were online, offline when the visitor left
 * an e-mail instead; with the conversation so far (the room rewrites it on the record as it goes on).
 */
export function liveQueueFields(contact: LiveContact, conversation: LeadConversation, mode: 'live' | 'offline'): Record<string, string> {
  return fitToRecord('live', {
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    company: contact.company,
    mode,
    ...(mode === 'live' ? { liveState: 'waiting' } : {}),
    ...conversationFields('live', conversation),
    source: LEAD_SOURCE,
  });
}
