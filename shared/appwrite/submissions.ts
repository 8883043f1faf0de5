import type { SubmissionMessage } from '../submission.ts';
import {
  collectionSpec, isSubmissionKind, SUBMISSION_META_KEYS, SUBMISSION_STATUSES, submissionCollections,
  type SubmissionKind, type SubmissionStatus,
} from './schema.ts';

// A queued submission as an Appwrite document and back (no I/O). The submission id is the document id,
// which makes the Worker's write idempotent: a second create answers 409 document_already_exists.

export interface SubmissionDocument {
  collectionId: string;
  documentId: string;
  data: Record<string, string>;
}

/** The document the queue consumer creates for a submission; null for a kind the schema does not know. */
export function submissionDocument(m: SubmissionMessage, source = 'website'): SubmissionDocument | null {
  if (!isSubmissionKind(m.kind)) return null;
  const collectionId = submissionCollections[m.kind];
  const spec = collectionSpec(collectionId)!;
  const meta = new Set<string>(SUBMISSION_META_KEYS);
  const data: Record<string, string> = {};
  for (const attribute of spec.attributes) {
    if (meta.has(attribute.key)) continue;
    const value = m.fields[attribute.key];
    // Empty optional fields are left out (null in Appwrite).
    if (value === undefined || value === '') continue;
    // Account e-mails are lower-case in Appwrite; the visitor's submissions are matched by it.
    data[attribute.key] = attribute.key === 'email' ? value.toLowerCase() : value;
  }
  data.status = 'new';
  data.submittedAt = m.submittedAt;
  data.source = source;
  return { collectionId, documentId: m.id, data };
}

/** One submission as GET /api/me/submissions shows it. */
export interface SubmissionSummary {
  id: string;
  kind: SubmissionKind;
  submittedAt: string;
  status: SubmissionStatus;
  /** The submitted fields that are set (bookkeeping attributes left out). */
  fields: Record<string, string>;
}

/** Reads a document of a submission collection (as Appwrite returns it) back into a summary. */
export function submissionSummary(kind: SubmissionKind, doc: Record<string, unknown>): SubmissionSummary {
  const spec = collectionSpec(submissionCollections[kind])!;
  const meta = new Set<string>(SUBMISSION_META_KEYS);
  const fields: Record<string, string> = {};
  for (const attribute of spec.attributes) {
    const value = doc[attribute.key];
    if (!meta.has(attribute.key) && typeof value === 'string' && value !== '') fields[attribute.key] = value;
  }
  const status = (SUBMISSION_STATUSES as readonly unknown[]).includes(doc.status) ? (doc.status as SubmissionStatus) : 'new';
  const submittedAt = typeof doc.submittedAt === 'string' ? doc.submittedAt : String(doc.$createdAt ?? '');
  return { id: String(doc.$id), kind, submittedAt, status, fields };
}
