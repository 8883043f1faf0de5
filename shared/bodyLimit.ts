import { MAX_CHAT_MESSAGES, MAX_MESSAGE_CHARS, MAX_TRANSCRIPT_MESSAGES, TRANSCRIPT_MESSAGE_CHARS } from './chat/api.ts';
import { formDefinitions, formKinds } from './forms/definitions.ts';

// The API's body limit follows from the character caps of the requests it accepts, so that no request
// the schemas allow is ever refused for its size, whatever script it is written in. The caps count
// UTF-16 code units (JavaScript's string length). In the JSON a browser sends, one code unit takes at most
// 6 bytes (a control character escaped as \u001f); any other character at most 3 (a CJK character is 3
// bytes for one unit, an emoji 4 bytes for two units).

/** The most bytes one code unit of text can take in a JSON body. */
export const JSON_BYTES_PER_CHAR = 6;
/** Room for keys, quotes, brackets and short fixed fields (ids, roles, flags) of one request. */
export const JSON_STRUCTURE_BYTES = 16 * 1024;

/** The largest amount of text each kind of request may carry, in code units. */
export const requestTextCaps = {
  /** POST /api/chat with today's full-history shape: every message at its cap. */
  chat: MAX_CHAT_MESSAGES * MAX_MESSAGE_CHARS,
  /** POST /api/chat/lead: the lead's fields and its transcript at their caps. */
  chatLead: MAX_TRANSCRIPT_MESSAGES * TRANSCRIPT_MESSAGE_CHARS + 100 + 254 + 30 + 100 + 3 * 60 + 5000,
  /** POST /api/chat/pricing: 50 features of 200 and the other fields. */
  chatPricing: 50 * 200 + 100 + 254 + 60 + 20 + 2000,
  /** The largest form, every field at its cap. */
  form: Math.max(...formKinds.map((kind) => formDefinitions[kind].fields.reduce((n, f) => n + (f.max ?? 0), 0))),
} as const;

/** Largest request body the API accepts. */
export const MAX_BODY_BYTES =
  Math.ceil((JSON_BYTES_PER_CHAR * Math.max(...Object.values(requestTextCaps)) + JSON_STRUCTURE_BYTES) / 1024) * 1024;
