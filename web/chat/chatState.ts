import type { ChatPart, ChatRequest } from '../../shared/chat/api.ts';
import type { Estimate } from '../../shared/chat/estimate.ts';
import type { LeadInfo, SavedLeadRecord } from '../../shared/chat/flows.ts';
import type { LiveMessage } from '../../shared/chat/live.ts';
import { STORAGE_KEYS, type Store } from './storage.ts';
import type { Locale } from '../../shared/i18n/locale.ts';

// The widget's pure helpers: message records, the unread rules, what goes to /api/chat, and the local
// storage of docs/product.md §6.1 and §17.2 (chat lead info, the saved lead records, chat messages). Only
// types come from shared/chat/api.ts, so that its schemas (zod) stay out of the widget's chunk.

/** MAX_MESSAGE_CHARS of shared/chat/api.ts. */
export const MESSAGE_CHARS = 2000;
/** MAX_TRANSCRIPT_MESSAGES and TRANSCRIPT_MESSAGE_CHARS of shared/chat/api.ts. */
export const TRANSCRIPT_MESSAGES = 40;
export const TRANSCRIPT_CHARS = 1000;

export type MessageStatus = 'sending' | 'sent' | 'seen';

/** Chat message of docs/product.md §17.3, plus what the widget renders under it. */
export interface ChatMessage {
  id: string;
  type: 'user' | 'bot';
  text: string;
  timestamp: number;
  status: MessageStatus;
  isTyping?: boolean;
  parts?: ChatPart[];
  chips?: string[];
  estimate?: Estimate;
  /** The assistant's own words (Gemini): rendered as Markdown. */
  markdown?: boolean;
  /** Still arriving (a streamed answer). */
  streaming?: boolean;
  /** A live chat's line: a person of the team (named), or what the room said (joined, ended). */
  live?: { from: 'staff' | 'system'; name?: string };
}

/** A line of a live chat's transcript as the panel shows it (all plain text). */
export function fromLive(m: LiveMessage, status: MessageStatus): ChatMessage {
  const base = { id: `live-${m.id}`, text: m.text, timestamp: Date.parse(m.at) || Date.now(), status };
  if (m.from === 'visitor') return { ...base, type: 'user', status: 'sent' };
  if (m.from === 'assistant') return { ...base, type: 'bot' };
  return { ...base, type: 'bot', live: m.from === 'staff' ? { from: 'staff', name: m.name } : { from: 'system' } };
}

/** Bot messages become seen when the panel is open. */
export const markBotSeen = (messages: readonly ChatMessage[]): ChatMessage[] =>
  messages.map((m) => (m.type === 'bot' && m.status !== 'seen' ? { ...m, status: 'seen' } : m));

/** The visitor's messages become seen once the bot has answered. */
export const markUserSeen = (messages: readonly ChatMessage[]): ChatMessage[] =>
  messages.map((m) => (m.type === 'user' && m.status !== 'seen' ? { ...m, status: 'seen' } : m));

export const setStatus = (messages: readonly ChatMessage[], id: string, status: MessageStatus): ChatMessage[] =>
  messages.map((m) => (m.id === id && m.status !== 'seen' ? { ...m, status } : m));

/** A bot message arriving: seen at once while the panel is open, else one more unread. */
export function botArrives(open: boolean, unread: number): { status: MessageStatus; unread: number } {
  return open ? { status: 'seen', unread: 0 } : { status: 'sent', unread: unread + 1 };
}

/**
 * The conversation the widget is in: the id the server gave and the key that came with it, which only this
 * browser holds (docs/decisions/0021). Kept in memory for the page's life, and beside a live chat's token
 * in session storage.
 */
export interface ConversationHandle {
  id: string;
  key?: string;
}

/** The conversation's fields of a request to /api/chat, /api/chat/lead or /api/chat/live. */
export const conversationParams = (c: ConversationHandle | null): { conversationId?: string; conversationKey?: string } =>
  c ? { conversationId: c.id, ...(c.key ? { conversationKey: c.key } : {}) } : {};

/**
 * The body of POST /api/chat: only the visitor's new message, and the conversation the server answered
 * before (none for the first message, or after Clear). The server keeps the conversation itself
 * (docs/decisions/0011), so the widget never sends the bot's words back.
 */
export function chatBody(text: string, conversation: ConversationHandle | null, language: Locale = 'en'): ChatRequest {
  return { message: text.trim().slice(0, MESSAGE_CHARS), ...conversationParams(conversation), ...languageParam(language) };
}

/** The page's language in a request body: said only on a French page (English is the default). */
export const languageParam = (language: Locale): { language?: Locale } => (language === 'en' ? {} : { language });

const SERVER_MADE = /^[A-Za-z0-9_-]{22}$/;

/**
 * The conversation an answer names (its id is 22 base64url characters), else null. A new conversation's
 * answer brings its key; the same conversation's keeps the key the widget already holds.
 */
export const conversationOf = (body: unknown, current: ConversationHandle | null): ConversationHandle | null => {
  const { conversationId: id, conversationKey: key } = (body ?? {}) as { conversationId?: unknown; conversationKey?: unknown };
  if (typeof id !== 'string' || !SERVER_MADE.test(id)) return null;
  if (typeof key === 'string' && SERVER_MADE.test(key)) return { id, key };
  return current?.id === id ? current : { id };
};

/**
 * One submission id per lead and per pricing request, kept across retries (a lost 202, an answer sent again
 * after a failure) until the server accepts it, so that the delivery ledger files a retried request once.
 * A retry with other content keeps the id: the first request the server accepted wins.
 */
export function submissionIds(make: () => string) {
  const pending = new Map<'lead' | 'pricing', string>();
  return {
    /** The id of the kind's request under way, or a new one. */
    take(kind: 'lead' | 'pricing'): string {
      const id = pending.get(kind) ?? make();
      pending.set(kind, id);
      return id;
    },
    /** The server accepted it: the next request of this kind is a new one. */
    accepted(kind: 'lead' | 'pricing') {
      pending.delete(kind);
    },
  };
}

/** The conversation kept with a lead: its last 40 messages, each cut to 1000 characters. */
export const transcript = (messages: readonly ChatMessage[]) =>
  messages.filter((m) => !m.isTyping && m.text).slice(-TRANSCRIPT_MESSAGES)
    .map((m) => ({ type: m.type, text: m.text.slice(0, TRANSCRIPT_CHARS) }));

const LEAD_STRINGS = ['name', 'email', 'phone', 'company', 'serviceInterest', 'budgetRange', 'timeline', 'projectSummary'] as const;

/** Chat lead info from storage: only known fields of the right type; null when absent or unreadable. */
export function readStoredLead(store: Store | null): Partial<LeadInfo> | null {
  try {
    const raw = store?.getItem(STORAGE_KEYS.lead);
    if (!raw) return null;
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (!value || typeof value !== 'object') return null;
    const lead: Partial<LeadInfo> = {};
    for (const k of LEAD_STRINGS) if (typeof value[k] === 'string') lead[k] = value[k] as string;
    if (typeof value.collected === 'boolean') lead.collected = value.collected;
    return lead;
  } catch {
    return null;
  }
}

export function storeLead(store: Store | null, lead: LeadInfo) {
  try {
    store?.setItem(STORAGE_KEYS.lead, JSON.stringify(lead));
  } catch {
    // Storage full or blocked: the lead was still sent.
  }
}

/** The saved lead records (docs/product.md §17.2): appends one; unreadable lists start afresh. */
export function appendLeadRecord(store: Store | null, record: SavedLeadRecord) {
  try {
    if (!store) return;
    let list: unknown = [];
    try {
      list = JSON.parse(store.getItem(STORAGE_KEYS.leads) ?? '[]');
    } catch {
      list = [];
    }
    const records = Array.isArray(list) ? list : [];
    store.setItem(STORAGE_KEYS.leads, JSON.stringify([...records, record]));
  } catch {
    // Storage full or blocked.
  }
}

/** The current conversation (text only), for this page's life; removed again at the next start. */
export function storeMessages(store: Store | null, messages: readonly ChatMessage[]) {
  try {
    store?.setItem(STORAGE_KEYS.messages, JSON.stringify(transcript(messages)));
  } catch {
    // Storage full or blocked.
  }
}
