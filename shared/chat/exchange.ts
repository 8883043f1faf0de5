// What a conversation's transcript holds of the AI part: each visitor message and the model turns that
// answered it, as Gemini takes them (docs/decisions/0011). No I/O; below both conversation.ts and live.ts.

/** One turn as Gemini takes it; parts are kept exactly as the model wrote them (thought signatures too). */
export interface StoredContent {
  role: 'user' | 'model';
  /** JSON as Gemini sent it (or as the Worker made it), so it crosses RPC unchanged. */
  parts: Record<string, unknown>[];
}

/**
 * One visitor message and everything that answered it: the visitor's turn, then each model turn as it came
 * (function calls included) and the user turns of function responses the Worker made for them.
 */
export interface Exchange {
  /** ISO 8601, when the exchange was stored. */
  at: string;
  /** 'gemini' or 'local' (the built-in assistant, whose replies are stored as model turns). */
  source: 'gemini' | 'local';
  contents: StoredContent[];
}
