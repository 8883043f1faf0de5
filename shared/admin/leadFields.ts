import { flowMessages } from '../chat/messages.ts';
import { formDefinitions, isFormKind } from '../forms/index.ts';
import type { SubmissionKind } from '../appwrite/schema.ts';
import type { LeadField, TranscriptTurn } from './leadView.ts';
import { decodeTranscript } from '../chat/transcript.ts';

// How a lead's submitted fields read on its page and in the CSV export: labelled like the form the
// visitor filled in, and the chat's conversation as a transcript. No I/O.

const chatLabels: Record<string, string> = {
  name: 'Name',
  email: 'Email address',
  phone: 'Phone number',
  company: 'Company',
  serviceInterest: 'Service interest',
  budgetRange: 'Budget',
  timeline: 'Timeline',
  projectSummary: 'Project summary',
  projectType: 'Project type',
  features: 'Features',
  numberOfPages: 'Number of pages',
  additionalDetails: 'Additional details',
  source: 'Source',
  conversationRef: 'Conversation reference',
  mode: 'Staff online when asked',
  liveState: 'Live chat',
  staffName: 'Answered by',
};

/** How the live kind's enumerations read (shared/appwrite/schema.ts liveFields). */
const valueNames: Record<string, Record<string, string>> = {
  mode: { live: 'Yes', offline: 'No: asked for a reply by e-mail' },
  liveState: { waiting: 'Waiting for a person', live: 'In progress', ended: 'Ended' },
};

/** A field's label: the form's own (without "(optional)"), else the chat's, else the key in words. */
export function fieldLabel(kind: SubmissionKind, key: string): string {
  const def = isFormKind(kind) ? formDefinitions[kind].fields.find((f) => f.name === key) : undefined;
  if (def) return def.label.replace(/\s*\(optional\)$/i, '');
  return chatLabels[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
}

/** Fields shown as a transcript rather than as a field. */
const TRANSCRIPT_KEYS = new Set(['messages']);

/** The submitted fields that are set, in the record's order, labelled. */
export function labelledFields(kind: SubmissionKind, fields: Record<string, string>): LeadField[] {
  return Object.entries(fields)
    .filter(([k, v]) => v !== '' && !TRANSCRIPT_KEYS.has(k))
    .map(([key, value]) => ({ key, label: fieldLabel(kind, key), value: valueNames[key]?.[value] ?? value }));
}

/**
 * The conversation of a chat lead or a live chat (its `messages`: structured turns, or the lines of a
 * record written before, shared/chat/transcript.ts) or of a pricing request (the pricing flow's questions
 * and the visitor's answers, which is what the record keeps). Null for the other kinds and when nothing
 * was said.
 */
export function transcript(kind: SubmissionKind, fields: Record<string, string>): TranscriptTurn[] | null {
  if (kind === 'lead' || kind === 'live') {
    const turns = decodeTranscript(fields.messages);
    return turns.length ? turns : null;
  }
  if (kind === 'pricing') {
    const turns: TranscriptTurn[] = [];
    const ask = (question: string, answer: string | undefined) => {
      if (!answer) return;
      turns.push({ from: 'assistant', text: question }, { from: 'visitor', text: answer });
    };
    ask(flowMessages.pricingAskName, fields.name);
    ask(flowMessages.pricingAskEmail(fields.name ?? ''), fields.email);
    ask(flowMessages.pricingAskType, fields.projectType);
    ask(flowMessages.pricingAskFeatures, fields.features);
    ask(flowMessages.pricingAskPages, fields.numberOfPages);
    ask(flowMessages.pricingAskDetails, fields.additionalDetails);
    return turns.length ? turns : null;
  }
  return null;
}
