// A chat conversation kept on the server (docs/decisions/0011): its id, what its Durable Object stores
// (durable/Conversation.ts) and how the model's context is built from it. No I/O.
import type { Exchange, StoredContent } from './exchange.ts';
import type { LiveMessage, LiveState } from './live.ts';
import type { WaHandler } from '../whatsapp/inbound.ts';
import type { Locale } from '../i18n/locale.ts';

/** 128 random bits as base64url: 22 characters. Made by the Worker, never by a client. */
export const CONVERSATION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const isConversationId = (value: unknown): value is string => typeof value === 'string' && CONVERSATION_ID_PATTERN.test(value);

/**
 * The conversation's key (docs/decisions/0021): 128 more random bits, made with the id and given only to
 * the browser that started the conversation. The id names the conversation; only the key opens it again.
 * Same format as the id; the object keeps only its SHA-256.
 */
export const CONVERSATION_KEY_PATTERN = CONVERSATION_ID_PATTERN;

/**
 * What staff, records and the CSV carry instead of the id: the Durable Object's own id (64 hex digits), a
 * one-way function of the name that reaches the same object but cannot be turned back into the id.
 */
export const CONVERSATION_REF_PATTERN = /^[0-9a-f]{64}$/;

export const isConversationRef = (value: unknown): value is string => typeof value === 'string' && CONVERSATION_REF_PATTERN.test(value);

/** open(): no such conversation (made up, deleted, or older than keys), the wrong key, or the conversation. */
export type ConversationAccess =
  | { status: 'none' }
  | { status: 'forbidden' }
  | { status: 'open'; history: Exchange[]; live: LiveState | null };

export function newConversationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The lead the AI tool filed for this conversation (at most one). */
export interface ConversationLead {
  /** The submission id: kept for the conversation, so a retried filing is deduplicated by the ledger. */
  id: string;
  /** ISO 8601 once the lead is on the queue; null while a filing is under way. */
  filedAt: string | null;
}

/** What claimLead() answers: go ahead with this id, or a lead is already recorded (or being recorded). */
export type LeadClaim = { status: 'claimed'; id: string } | { status: 'recorded'; id: string };

/** startLive(): the visitor's token (only its hash is kept), the inbox item's id, and what was said so far. */
export interface LiveStart {
  token: string;
  submissionId: string;
  /** A new live chat (file its inbox item), not one more token for a chat already live. */
  fresh: boolean;
  transcript: LiveMessage[];
  /** ISO 8601: when this live chat was asked for (the waiting alert's key and clock, docs/decisions/0030). */
  startedAt: string;
}

/** A live chat as the staff's page shows it before joining. */
export interface LiveView {
  state: LiveState;
  staffName: string | null;
  submissionId: string;
  messages: LiveMessage[];
  /** ISO 8601: when the visitor asked for a person. */
  startedAt: string;
}

/**
 * The Conversation object's methods as the Worker calls them over RPC. RPC's own stub types cannot express
 * the free-form JSON of Gemini's parts, so the Worker uses its stub through this interface.
 */
export interface ConversationRpc {
  /** Starts the conversation under the key given to its browser (only its hash is kept). */
  begin(key: string, language?: Locale): Promise<void>;
  /** The language of the page the conversation started on. */
  language(): Promise<Locale>;
  /** The conversation, for the holder of its key: the recent history and whether a person has it. */
  open(key: string | undefined): Promise<ConversationAccess>;
  history(limit?: number): Promise<Exchange[] | null>;
  append(exchange: Exchange): Promise<void>;
  claimLead(now?: number): Promise<LeadClaim>;
  leadFiled(id: string): Promise<void>;
  leadFailed(id: string): Promise<void>;
  lead(): Promise<ConversationLead | null>;
  /** `email`: the address the visitor gave with the request, if any (the 2-minute offer does not ask again). */
  startLive(now?: number, email?: string): Promise<LiveStart>;
  liveFailed(submissionId: string): Promise<void>;
  offlineRequest(now?: number): Promise<{ id: string; fresh: boolean; transcript: LiveMessage[] }>;
  offlineFiled(id: string): Promise<void>;
  liveView(): Promise<LiveView | null>;
  staffTicket(userId: string, name: string, now?: number): Promise<string | null>;
  /** Everything said: the exchanges with the assistant, then the live chat. */
  transcript(): Promise<LiveMessage[]>;
  /** The live chat's state; null when the conversation never went live. */
  liveState(): Promise<LiveState | null>;
  /** Erasure on request: all the conversation holds goes, its alarm too, and its sockets close. */
  erase(): Promise<void>;
  // WhatsApp (docs/decisions/0031): called only by the Worker's WhatsApp code, never from a client route.
  whatsappTurn(wamid: string): Promise<WhatsAppTurnRecord | null>;
  recordWhatsAppTurn(wamid: string, exchange: Exchange, outcome: WhatsAppTurnRecord, leadId: string): Promise<WhatsAppTurnRecord>;
  whatsappHandler(): Promise<WhatsAppHandlerRecord | null>;
  setWhatsAppHandler(handler: WaHandler, staffName: string | null, now?: number): Promise<{ record: WhatsAppHandlerRecord; changed: boolean }>;
  whatsappLimitNotice(until: number, now?: number): Promise<boolean>;
  /** The room's WebSocket upgrade (durable/Conversation.ts fetch). */
  fetch(request: Request): Promise<Response>;
}

/** How the assistant handled one WhatsApp message: what it answered (null: nothing), and whether a person was asked for. */
export interface WhatsAppTurnRecord {
  answer: string | null;
  handOff?: boolean;
}

/** Who answers a WhatsApp customer (the inquiry's waHandler mirrors it), since when, and who took it. */
export interface WhatsAppHandlerRecord {
  handler: WaHandler;
  since: string;
  staffName: string | null;
  limitNoticeUntil?: number;
}

/** docs/product.md §6.2: the last 12 messages go to the AI. Each earlier exchange counts as two. */
export const CONTEXT_MESSAGES = 12;
/** Earlier exchanges in the context: 5 × 2 messages + the new visitor message ≤ 12. */
export const CONTEXT_EXCHANGES = Math.floor((CONTEXT_MESSAGES - 1) / 2);
/** The object keeps at most this many exchanges (the oldest go first). */
export const MAX_STORED_EXCHANGES = 200;
/** A conversation without a lead is deleted this long after its last message. */
export const CONVERSATION_TTL_MS = 30 * 86_400_000;
/**
 * One with a lead, a live chat or a request for staff is deleted this long after its last message or live
 * activity (docs/decisions/0021); the lead's record keeps its own copy of the transcript.
 */
export const KEPT_CONVERSATION_TTL_MS = 90 * 86_400_000;
/** A lead filing that has not finished within this time (the Worker died) may be taken up again. */
export const LEAD_CLAIM_MS = 60_000;

/**
 * The model's context: the earlier exchanges (whole, so that every function call keeps its response), then
 * the visitor's new turn. Two user turns in a row (an exchange that ended on function responses, after the
 * model-call limit or an error) are joined into one turn: no turn is ever made up for the model.
 */
export function contextContents(history: readonly Exchange[], text: string): StoredContent[] {
  const out: StoredContent[] = [];
  const push = (c: StoredContent) => {
    const last = out.at(-1);
    if (last && last.role === c.role && c.role === 'user') out[out.length - 1] = { role: 'user', parts: [...last.parts, ...c.parts] };
    else out.push({ role: c.role, parts: [...c.parts] });
  };
  for (const exchange of history.slice(-CONTEXT_EXCHANGES)) for (const c of exchange.contents) push(c);
  push({ role: 'user', parts: [{ text }] });
  return out;
}
