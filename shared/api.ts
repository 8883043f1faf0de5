// Wire types shared by the Worker and the SPA. Every API error is JSON of this shape.
/**
 * The request header the SPA gives its zone in (an IANA name), for the acknowledgement's "by when"
 * (shared/replyBy.ts). Here, with the wire types, so the API client does not carry the date code.
 */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

export interface ApiError {
  error: string;
  message: string;
  /** Per-field messages for validation errors, keyed by field name. */
  fields?: Record<string, string>;
  /** Seconds until a rate-limited caller may try again. */
  retryAfter?: number;
}

/** Honeypot hits (submissions that filled the hidden field: answered like a success, never delivered). */
export interface HoneypotCounts {
  /** The period counted: the last `days` days, today included. */
  days: number;
  total: number;
  byKind: Record<string, number>;
  /** ISO time of the latest hit in the period; null when there was none. */
  lastAt: string | null;
}

/** GET /api/admin/overview (staff). */
export interface OverviewResponse {
  /** Submissions recorded in Appwrite, per kind. */
  counts: Record<string, number>;
  /** Submissions the queue gave up on (parked in the SubmissionLedger); null when the ledger did not answer. */
  parked: number | null;
  /** Honeypot hits of the last 7 days; null when the ledger did not answer. */
  honeypot: HoneypotCounts | null;
}
