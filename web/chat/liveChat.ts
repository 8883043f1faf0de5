import {
  LIVE_PROTOCOL, VISITOR_CREDENTIAL, type LiveMessage, type LiveServerMessage, type LiveSession, type LiveState,
} from '../../shared/chat/live.ts';
import ReconnectingWebSocket from 'partysocket/ws';
// Types only: the client message schema stays on the server.
import type { LiveClientMessage } from '../../shared/chat/liveApi.ts';

// The visitor's side of a live chat with staff (docs/decisions/0019): the room's WebSocket, re-made by
// partysocket's reconnecting socket; its session is kept in session storage (web/chat/storage.ts). The panel
// (ChatPanel.tsx) decides what to show; this only talks to the room.

/** Consecutive failed connections after which the conversation counts as gone (ended or forgotten). */
const MAX_FAILURES = 5;

/** The room's address for the page's own origin: the conversation's id (the visitor) or its reference (staff). */
export const liveSocketUrl = (conversationId: string) =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/chat/live/${encodeURIComponent(conversationId)}/socket`;

/** A frame from the room, or null when it is not JSON. */
function serverMessage(data: unknown): LiveServerMessage | null {
  try {
    return JSON.parse(String(data)) as LiveServerMessage;
  } catch {
    return null;
  }
}

/** A socket of the room for one credential (the visitor's token or a staff ticket); `onMessage` gets each event. */
export function openLiveSocket(conversationId: string, credential: string, onMessage: (m: LiveServerMessage) => void): WebSocket {
  const socket = new WebSocket(liveSocketUrl(conversationId), [LIVE_PROTOCOL, credential]);
  socket.addEventListener('message', (e) => {
    const m = serverMessage(e.data);
    if (m) onMessage(m);
  });
  return socket;
}

/** The other side is told "typing" at most every 2.5 s while keys come, and "stopped" after 3 s without one. */
const TYPING_EVERY_MS = 2500;
const TYPING_IDLE_MS = 3000;

export function typingSignal(send: (m: LiveClientMessage) => unknown) {
  let sentAt = 0;
  let timer: number | undefined;
  return {
    keystroke() {
      const now = Date.now();
      if (now - sentAt > TYPING_EVERY_MS) {
        sentAt = now;
        send({ type: 'typing', typing: true });
      }
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        sentAt = 0;
        send({ type: 'typing', typing: false });
      }, TYPING_IDLE_MS);
    },
    /** A message went: the other side stops showing "typing" when it arrives. */
    sent() {
      window.clearTimeout(timer);
      sentAt = 0;
    },
  };
}

export interface LiveEvents {
  /** The whole conversation, at each (re)connection. */
  transcript(state: LiveState, staffName: string | null, messages: LiveMessage[]): void;
  message(message: LiveMessage): void;
  state(state: LiveState, staffName: string | null): void;
  typing(typing: boolean, name: string | undefined): void;
  /** Something to tell the visitor (a refused message, a lost connection). */
  notice(text: string, code: string): void;
  /** The connection is up (true) or being re-made (false). */
  connected(up: boolean): void;
  /** The room refused us several times in a row: the conversation is over or unknown. */
  gone(): void;
}

/** Whether a close ends the connection for good: the room ended the chat (1000 with a reason; a `state`
 * event said so) or refused us for a reason it sent (1008). partysocket's own close after a failed attempt
 * is 1000 with no reason, and is retried. */
const closedByTheRoom = (e: { code: number; reason: string }) => e.code === 1008 || (e.code === 1000 && !!e.reason);

/** One live chat's connection, re-made with backoff by partysocket. `close()` stops it for good. */
export function connectLive(session: LiveSession, events: LiveEvents) {
  const socket = new ReconnectingWebSocket(liveSocketUrl(session.conversationId), [LIVE_PROTOCOL, VISITOR_CREDENTIAL + session.token], {
    minReconnectionDelay: 500,
    reconnectionDelayGrowFactor: 2,
    maxReconnectionDelay: 10_000,
    connectionTimeout: 10_000,
    shouldReconnectOnClose: (e) => !closedByTheRoom(e),
  });
  let failures = 0;
  let opened = false;
  let stopped = false;
  socket.addEventListener('message', (e) => {
    const m = serverMessage(e.data);
    if (!m) return;
    if (m.type === 'hello') events.transcript(m.state, m.staffName, m.messages);
    else if (m.type === 'message') events.message(m.message);
    else if (m.type === 'state') events.state(m.state, m.staffName);
    else if (m.type === 'typing') events.typing(m.typing, m.name);
    else if (m.type === 'error') events.notice(m.message, m.code);
  });
  socket.addEventListener('open', () => {
    opened = true;
    failures = 0;
    events.connected(true);
  });
  socket.addEventListener('close', () => {
    // Ended or refused by the room (closedByTheRoom), or closed by us: nothing more to do.
    if (stopped || !socket.shouldReconnect) return;
    events.connected(false);
    const neverOpened = !opened;
    opened = false;
    if (neverOpened && ++failures >= MAX_FAILURES) {
      stopped = true;
      socket.close(1000);
      events.gone();
    }
  });

  return {
    /** False when the connection is down (the visitor keeps the text and may try again). */
    send(message: LiveClientMessage): boolean {
      if (socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      stopped = true;
      socket.close(1000);
    },
  };
}

export type LiveConnection = ReturnType<typeof connectLive>;
