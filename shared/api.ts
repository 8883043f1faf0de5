// Wire types shared by the Worker and the SPA. Every API error is JSON of this shape.
export interface ApiError {
  error: string;
  message: string;
  /** Per-field messages for validation errors, keyed by field name. */
  fields?: Record<string, string>;
  /** Seconds until a rate-limited caller may try again. */
  retryAfter?: number;
}
