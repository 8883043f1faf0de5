import type { Exchange } from './exchange.ts';

// "Talk to a person" (docs/decisions/0019): the live hand-off of a chat conversation to staff. The wire
// types of POST /api/chat/live, of the live socket both sides hold to the conversation's Durable Object
// (durable/Conversation.ts), and the rules of the room: who is available, the limits, the transcript.
// Shared by the Worker, the Durable Object, the widget and the admin area; the request schemas are in
// liveApi.ts, so that zod stays out of the widget's chunk. No I/O.

/** Staff count as available while the admin area was open within this time (its heartbeat, below). */
export const PRESENCE_WINDOW_MS = 3 * 60_000;
/** The admin area says it is open this often. */
export const PRESENCE_HEARTBEAT_MS = 60_000;

/** The socket's subprotocol; the credential travels as a second one (a browser cannot set headers). */
export const LIVE_PROTOCOL = 'volta-live.v1';
/** Prefix of the visitor's token and of a staff ticket in Sec-WebSocket-Protocol. */
export const VISITOR_CREDENTIAL = 'visitor.';
export const STAFF_CREDENTIAL = 'ticket.';

/** A staff ticket (from POST /api/admin/live/:id/join) opens one socket, within this time. */
export const TICKET_TTL_MS = 60_000;
/** Sockets at once per conversation: a visitor's tabs, and staff. */
export const MAX_VISITOR_SOCKETS = 3;
export const MAX_STAFF_SOCKETS = 6;
/** Messages a visitor may send per minute (staff are not limited: they are who answers). */
export const VISITOR_MESSAGES_PER_MINUTE = 20;
/**
 * Typing frames a visitor's socket may send per second; the rest are dropped without a word. The widget
 * sends one every 2.5 s at most (web/chat/liveChat.ts), so only a client flooding staff screens loses any.
 */
export const VISITOR_TYPING_PER_SECOND = 4;
/** A live conversation keeps at most this many messages; then it asks the visitor to continue by e-mail. */
export const MAX_LIVE_MESSAGES = 500;
/** A message's text, as in the chat. */
export const MAX_LIVE_TEXT = 2000;

/** 128 random bits, base64url: a visitor's live token and a staff ticket. */
export const LIVE_SECRET_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The visitor's side, as the widget keeps it in session storage: a reload rejoins the conversation. */
export interface LiveSession {
  conversationId: string;
  /** The conversation's key (docs/decisions/0021): asking for a person again needs it. */
  conversationKey?: string;
  token: string;
}

/** Who wrote a line of a live conversation's transcript. */
export type LiveAuthor = 'visitor' | 'assistant' | 'staff' | 'system';

export interface LiveMessage {
  id: string;
  from: LiveAuthor;
  /** Staff: the first name shown to the visitor. */
  name?: string;
  /** Plain text: rendered as text, never as HTML. */
  text: string;
  /** ISO 8601. */
  at: string;
}

/** waiting: a person was asked for; live: staff joined; ended: either side ended it. */
export type LiveState = 'waiting' | 'live' | 'ended';

/**
 * The answer (200): `live` (a person is being asked: open the socket with the token), `need_email` (nobody
 * is available: ask for an e-mail and post again; nothing was stored) or `queued` (nobody is available; the
 * request is in the staff inbox, the team replies within 24 hours). `conversationKey` only when this request
 * started the conversation (docs/decisions/0021).
 */
export type LiveStartResponse =
  | { status: 'live'; conversationId: string; conversationKey?: string; token: string }
  | { status: 'need_email'; conversationId: string | null }
  | { status: 'queued'; conversationId: string; conversationKey?: string; id: string };

/** What the room sends. `hello` first, to each socket: the state and the transcript so far. */
export type LiveServerMessage =
  | { type: 'hello'; role: 'visitor' | 'staff'; state: LiveState; staffName: string | null; messages: LiveMessage[] }
  | { type: 'message'; message: LiveMessage }
  | { type: 'typing'; from: 'visitor' | 'staff'; name?: string; typing: boolean }
  | { type: 'state'; state: LiveState; staffName: string | null }
  | { type: 'error'; code: 'invalid' | 'too_long' | 'rate_limited' | 'full' | 'ended'; message: string };

/** What the room says (shown in the widget and in the admin area). */
export const liveMessages = {
  joining: 'Connecting you with a person from our team. They will join in a moment.',
  joined: (name: string) => `${name} joined the conversation.`,
  endedByVisitor: 'The visitor ended the conversation.',
  visitorLeft: 'The visitor left before anyone joined.',
  endedByStaff: (name: string) => `${name} ended the conversation. Thanks for chatting with us!`,
  offline: 'Nobody from our team is online right now.',
  askEmail: 'Leave your e-mail address and the team will reply within 24 hours.',
  queued: 'Thanks! The team has your message and will reply within 24 hours.',
  invalid: 'That message could not be sent.',
  tooLong: `Messages can be at most ${MAX_LIVE_TEXT} characters.`,
  rateLimited: 'You are sending messages too quickly. Please wait a moment.',
  full: 'This conversation is too long to continue here. Please write to us by e-mail.',
  ended: 'This conversation has ended.',
  lost: 'The connection to the conversation was lost. Reconnecting…',
  gone: 'This conversation is no longer available.',
  tooManyWindows: 'Too many windows are open on this conversation.',
} as const;

/**
 * What the room tells a visitor nobody joined within WAIT_OFFER_MS (shared/admin/waiting.ts): the e-mail path
 * of "nobody is online", while the conversation stays open for whoever joins (docs/decisions/0030).
 */
export const waitOffer = `Nobody from our team has joined yet. ${liveMessages.askEmail} Or keep waiting here: whoever joins sees this conversation.`;
/** The same when the visitor's e-mail address came with the request: nothing to ask. */
export const waitOfferKnown = 'Nobody from our team has joined yet. The team has your message and will reply by e-mail within 24 hours. Or keep waiting here: whoever joins sees this conversation.';

/** The chip (and the words) that ask for a person. */
export const TALK_TO_PERSON = 'Talk to a person';

/** The visitor asks for a human in their own words: the widget starts the hand-off instead of asking the AI. */
export function asksForPerson(text: string): boolean {
  const s = text.trim().toLowerCase();
  if (s === TALK_TO_PERSON.toLowerCase()) return true;
  const ask = /\b(talk|speak|chat|connect|transfer)\b/.test(s);
  const person = /\b(human|person|agent|some\s?one|somebody|staff|representative)\b/.test(s);
  // French: « parler à une personne », « discuter avec un conseiller », « un humain ».
  const demande = /\b(parler|discuter|joindre)\b/.test(s) && /\b(personne|humain|conseill\w*|quelqu\S*un|équipe)\b/u.test(s);
  return (ask && person) || demande || /^(a\s+)?(human|agent|real person|live agent)( please)?[.!?]*$/.test(s) || /^(un\s+)?(humain|conseiller)( svp| s'il vous plaît)?[.!?\s]*$/u.test(s);
}

/** Where the widget stands with a person: none asked for, waiting for an e-mail to leave, or a live chat. */
export type HandOffPhase = 'off' | 'need_email' | Exclude<LiveState, 'ended'>;

/**
 * Whether a typed message may go over an open voice session, whose other end is the AI. Only when no person
 * is involved: while waiting for or talking to one the visitor's words are for them, an e-mail asked for
 * is for the hand-off, and asking for a person starts one (the voice session cannot).
 */
export const voiceMayTake = (phase: HandOffPhase, text: string) => phase === 'off' && !asksForPerson(text);

/** A staff member's first name, as the visitor sees it. */
export function firstName(name: string, email: string): string {
  const first = name.trim().split(/\s+/)[0];
  if (first) return first.slice(0, 40);
  return (email.split('@')[0] || 'Team').slice(0, 40);
}

/** The times within the last `spanMs` of `sentAt`, and whether one more stays within `max` of them. */
function slidingWindow(sentAt: readonly number[], now: number, spanMs: number, max: number): { allowed: boolean; window: number[] } {
  const window = sentAt.filter((t) => now - t < spanMs);
  return { allowed: window.length < max, window };
}

/** The visitor's messages within the last minute, and whether one more is allowed. */
export const visitorRate = (sentAt: readonly number[], now: number) => slidingWindow(sentAt, now, 60_000, VISITOR_MESSAGES_PER_MINUTE);

/** The typing frames a visitor's socket sent within the last second, and whether one more may go. */
export const typingRate = (sentAt: readonly number[], now: number) => slidingWindow(sentAt, now, 1_000, VISITOR_TYPING_PER_SECOND);

/** The AI part of a conversation as transcript lines: the visitor's words and the assistant's text. */
export function exchangeMessages(exchanges: readonly Exchange[]): LiveMessage[] {
  const out: LiveMessage[] = [];
  exchanges.forEach((x, i) => {
    x.contents.forEach((c, j) => {
      const text = c.parts.map((p) => (typeof p.text === 'string' && !p.thought ? p.text : '')).join('').trim();
      if (!text) return;
      out.push({ id: `x${i}-${j}`, from: c.role === 'user' ? 'visitor' : 'assistant', text, at: x.at });
    });
  });
  return out;
}
