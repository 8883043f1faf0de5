import { formDefinitions, isFormKind } from '../forms/index.ts';
import type { ParkedSubmission, SinkName } from '../submission.ts';
import { isSubmissionKind } from '../appwrite/schema.ts';
import { leadKindNames } from './leads.ts';

// A parked submission (durable/SubmissionLedger.ts) as staff read it on /admin/deliveries: what it is, what
// went wrong in words, and every submitted field with its label. No I/O.

export interface ParkedDelivery {
  kind: string | null;
  id: string;
  /** "Contact message", or "Unreadable queue message". */
  kindName: string;
  submittedAt: string | null;
  parkedAt: string;
  attempts: number;
  timesParked: number;
  /** Which deliveries are missing, in words: "It was not e-mailed to the team and not recorded in Appwrite." */
  problem: string;
  /** The last error as the sink reported it. */
  lastError: string;
  fields: { name: string; label: string; value: string }[];
  /** The queue message as text, when it was not a readable submission. */
  raw: string | null;
}

const SINKS: Record<string, string> = { formsubmit: 'e-mailed to the team', appwrite: 'recorded in Appwrite' };

export function deliveryProblem(deliveredTo: readonly SinkName[], readable: boolean): string {
  if (!readable) return 'The queue message could not be read as a submission, so nothing was delivered.';
  const sinks = Object.entries(SINKS);
  const missing = sinks.filter(([s]) => !deliveredTo.includes(s)).map(([, words]) => words);
  const done = sinks.filter(([s]) => deliveredTo.includes(s)).map(([, words]) => words);
  if (missing.length === 0) return 'Every delivery went through after all; it can be discarded.';
  const not = `It was not ${missing.join(' and not ')}`;
  return done.length ? `${not} (it was ${done.join(' and ')}).` : `${not}.`;
}

const labelOf = (kind: string | null, name: string): string => {
  if (kind && isFormKind(kind)) {
    const label = formDefinitions[kind].fields.find((f) => f.name === name)?.label;
    if (label) return label.replace(/\s*\(optional\)$/, '');
  }
  // Chat leads and pricing requests: their field names in words ("serviceInterest" → "Service interest").
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function describeParked(p: ParkedSubmission): ParkedDelivery {
  const message = typeof p.message === 'string' ? null : p.message;
  return {
    kind: p.kind,
    id: p.id,
    kindName: p.kind && isSubmissionKind(p.kind) ? leadKindNames[p.kind] : p.kind ? `Submission of kind "${p.kind}"` : 'Unreadable queue message',
    submittedAt: p.submittedAt,
    parkedAt: p.parkedAt,
    attempts: p.attempts,
    timesParked: p.timesParked,
    problem: deliveryProblem(p.deliveredTo, message !== null),
    lastError: p.lastError,
    fields: message ? Object.entries(message.fields).filter(([, v]) => v !== '').map(([name, value]) => ({ name, label: labelOf(p.kind, name), value })) : [],
    raw: message ? null : String(p.message),
  };
}
