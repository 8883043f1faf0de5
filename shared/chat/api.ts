import { z } from 'zod';
import { UNIQUE_ID_PATTERN } from '../id.ts';
import type { Estimate } from './estimate.ts';
import type { PortfolioCategory, PortfolioFilter } from '../content/portfolioCards.ts';
import type { WeekRange } from '../content/types.ts';
import { chatMessages } from './messages.ts';
import { CONVERSATION_ID_PATTERN, CONVERSATION_KEY_PATTERN } from './conversation.ts';
import { isEmailAddress } from '../email.ts';
import { LOCALES } from '../i18n/locale.ts';

// Wire types of /api/chat, /api/chat/lead and /api/chat/pricing, shared by the Worker and the widget.

/**
 * At most this many messages are accepted; the last CHAT_CONTEXT_MESSAGES go to the AI, so the widget
 * needs to send no more than those. Limits keep a full request under the API's 64 KB body limit.
 */
export const MAX_CHAT_MESSAGES = 24;
/** docs/product.md §6.2: the last 12 messages go to the AI. */
export const CHAT_CONTEXT_MESSAGES = 12;
export const MAX_MESSAGE_CHARS = 2000;
/**
 * Older widgets sent a lead's transcript (at most this many messages of at most TRANSCRIPT_MESSAGE_CHARS
 * each); the body limit still lets such a body in, and the Worker ignores it (docs/decisions/0021).
 */
export const MAX_TRANSCRIPT_MESSAGES = 40;
export const TRANSCRIPT_MESSAGE_CHARS = 1000;

const messageText = z.string({ error: 'text must be a string' }).trim().min(1, { error: 'text must not be blank' })
  .max(MAX_MESSAGE_CHARS, { error: `text must be at most ${MAX_MESSAGE_CHARS} characters` });

export const chatTurnSchema = z.object({
  role: z.enum(['user', 'bot'], { error: 'role must be "user" or "bot"' }),
  text: messageText,
});

/**
 * The conversation a request continues: its id and the key the server gave with it (docs/decisions/0021).
 * Shared by /api/chat, /api/chat/lead and /api/chat/live (liveApi.ts).
 */
export const conversationFields = {
  conversationId: z.string({ error: 'conversationId must be a string' })
    .regex(CONVERSATION_ID_PATTERN, { error: 'conversationId is not a conversation id this server made' }).optional(),
  conversationKey: z.string({ error: 'conversationKey must be a string' })
    .regex(CONVERSATION_KEY_PATTERN, { error: 'conversationKey is not a key this server made' }).optional(),
};

/**
 * The page's language (docs/decisions/0032, "Chat"): it chooses the words of the answers and marks a lead, and
 * nothing else (no limit, tool or record depends on it).
 */
export const languageField = {
  language: z.enum(LOCALES, { error: 'language must be "en" or "fr"' }).default('en'),
};

/**
 * POST /api/chat: `{message, conversationId?, conversationKey?}`, the visitor's new message and the id and
 * key the server answered before (none for the first message). The older `{messages: [...]}` is still accepted: it starts a new
 * conversation from its last message (the visitor's); the earlier turns are dropped, never given to the
 * model (docs/decisions/0011).
 */
export const chatRequestSchema = z.object({
  ...conversationFields,
  ...languageField,
  message: messageText.optional(),
  messages: z.array(chatTurnSchema, { error: 'messages must be a list of {role, text}' })
    .min(1, { error: 'messages must not be empty' })
    .max(MAX_CHAT_MESSAGES, { error: `messages must hold at most ${MAX_CHAT_MESSAGES} entries` })
    .refine((m) => m.at(-1)?.role === 'user', { error: 'the last message must be the visitor\'s (role "user")' })
    .optional(),
}).superRefine(({ message, messages }, ctx) => {
  if (message === undefined && messages === undefined) ctx.addIssue({ code: 'custom', path: ['message'], message: 'message is required' });
  if (message !== undefined && messages !== undefined) ctx.addIssue({ code: 'custom', path: ['messages'], message: 'send message or messages, not both' });
});

export type ChatTurn = z.infer<typeof chatTurnSchema>;
/** POST /api/chat body. */
export type ChatRequest = z.input<typeof chatRequestSchema>;

/** The new visitor message of a valid request: `message`, or the last of the older `messages`. */
export const requestText = (r: z.output<typeof chatRequestSchema>): string => r.message ?? r.messages!.at(-1)!.text;

/** A portfolio project as a card (links to its page). */
export interface PortfolioCardPart {
  slug: string;
  title: string;
  description: string;
  image: string;
  imageAlt: string;
  client: string;
  location: string;
  category: PortfolioCategory;
  /** '/portfolio/<slug>' */
  href: string;
}

/** Structured results the widget renders under the reply text. */
export type ChatPart =
  | { type: 'estimate'; estimate: Estimate }
  | {
      type: 'department';
      department: {
        id: string; name: string; summary: string; price: { min: number; max: number; openEnded: boolean }; weeks: WeekRange;
        priceText: string; weeksText: string; href: string;
      };
      services: { name: string; href: string }[];
    }
  | { type: 'portfolio'; category: PortfolioFilter; projects: PortfolioCardPart[] }
  /** url: the scheduling page (external) or the site's /booking page; a 30-minute consultation. */
  | { type: 'booking'; url: string; external: boolean; label: string; minutes: number }
  /** A lead the assistant passed on: the widget may mark the lead as collected. */
  | { type: 'lead'; id: string; name: string; email: string }
  | { type: 'faq'; items: { question: string; answer: string }[] }
  | { type: 'contact'; email: string; phone: string; href: string };

export interface ChatReply {
  /** Plain text (render as text, never as HTML). */
  text: string;
  parts: ChatPart[];
  /** Suggestion chips (the local assistant offers some). */
  chips?: string[];
}

/** POST /api/chat answer (200). reply null: show nothing (blocked or cancelled answers, docs/product.md §6.4). */
export interface ChatResponse {
  reply: ChatReply | null;
  /** The conversation this message joined: send it with the next message (for this page's life). */
  conversationId: string;
  /** Only when this message started the conversation: its key, sent with the id from now on. */
  conversationKey?: string;
  source: 'gemini' | 'local';
  /** Set when the AI failed and reply.text is one of the chat error messages (docs/product.md §16.2). */
  error?: 'api_key' | 'rate_limit' | 'network' | 'unknown';
  /** Why a reply is null: the block reason or finish reason (absent for a cancelled request). */
  blocked?: string;
}

/**
 * POST /api/chat with `Accept: text/event-stream` (docs/decisions/0007): an answer from Gemini comes as
 * Server-Sent Events, `event: <event>` and `data: <JSON of data>`: any number of `delta` (the next piece of
 * the reply's text, as it arrives), then exactly one of
 *  - `done`: the whole answer, as the JSON answer would carry it (its text replaces the pieces; reply null:
 *    show nothing, even if pieces came, e.g. an answer stopped by a safety filter);
 *  - `error`: the answer broke off after pieces came; keep them and show `message`.
 * Any other answer (the local assistant, a refusal such as 429 or 422) is the usual JSON.
 */
export type ChatStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: ChatResponse }
  | { event: 'error'; data: { error: NonNullable<ChatResponse['error']>; message: string; conversationId: string; conversationKey?: string } };

// --- Flow submissions (the widget carries out the flows' effects) -----------------------------------

const email = z.string({ error: 'email is required' }).trim().max(254, { error: 'email must be at most 254 characters' })
  .refine(isEmailAddress, { error: chatMessages.invalidEmail });
const text = (max: number) => z.string({ error: 'must be text' }).trim().max(max, { error: `must be at most ${max} characters` }).default('');
const id = z.string().regex(UNIQUE_ID_PATTERN, { error: 'id is not a valid submission id' }).optional();

/** POST /api/chat/lead: a completed lead flow (docs/product.md §17.2, chat lead info). */
export const leadSubmissionSchema = z.object({
  id,
  name: text(100),
  email,
  phone: text(30),
  company: text(100),
  serviceInterest: text(60),
  budgetRange: text(60),
  timeline: text(60),
  projectSummary: text(5000),
  /** The conversation the lead came from: the server files its transcript, never one the client wrote. */
  ...conversationFields,
  /** Used when the lead names no conversation; else the conversation's own language counts. */
  ...languageField,
});
export type LeadSubmission = z.input<typeof leadSubmissionSchema>;

/** POST /api/chat/pricing: a completed pricing flow (docs/product.md §17.3, pricing request info). */
export const pricingSubmissionSchema = z.object({
  id,
  name: text(100),
  email,
  projectType: z.string({ error: 'projectType is required' }).trim().min(1, { error: 'projectType is required' }).max(60),
  features: z.array(z.string().trim().max(200)).max(50).default([]),
  numberOfPages: text(20),
  additionalDetails: text(2000),
  ...languageField,
});
export type PricingSubmission = z.input<typeof pricingSubmissionSchema>;

/** 202 answer of both: the submission id; for pricing also the estimate the Worker computed. */
export interface ChatSubmissionAccepted {
  id: string;
  estimate?: Estimate;
  /** ISO 8601: the reply promise's end (arrival + 24 h, shared/replyBy.ts). */
  replyBy: string;
}
