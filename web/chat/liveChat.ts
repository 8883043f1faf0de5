import {
  LIVE_PROTOCOL, VISITOR_CREDENTIAL, type LiveMessage, type LiveServerMessage, type LiveSession, type LiveState,
} from '../../shared/chat/live.ts';
// Types only: the client message schema stays on the server.
import type { LiveClientMessage } from '../../shared/chat/liveApi.ts';

// The visitor's side of a live chat with staff (docs/decisions/0019): the room's WebSocket and
// reconnection; its session is kept in session storage (web/chat/storage.ts). The panel
// (ChatPanel.tsx) decides what to show; this only talks to the room.

/** Consecutive failed connections after which the conversation counts as gone (ended or forgotten). */
const MAX_FAILURES = 5;

/** The room's address for the page's own origin: the conversation's id (the visitor) or its reference (staff). */
export const liveSocketUrl = (conversationId: string) =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/chat/live/${encodeURIComponent(conversationId)}/socket`;

/** A socket of the room for one credential (the visitor's token or a staff ticket); `onMessage` gets each event. */
export function openLiveSocket(conversationId: string, credential: string, onMessage: (m: LiveServerMessage) => void): WebSocket {
  const socket = new WebSocket(liveSocketUrl(conversationId), [LIVE_PROTOCOL, credential]);
  socket.addEventListener('message', (e) => {
    let m: LiveServerMessage;
    try {
      m = JSON.parse(String(e.data)) as LiveServerMessage;
    } catch {
      return;
    }
    onMessage(m);
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

/** One live chat's connection. `close()` stops it for good. */
export function connectLive(session: LiveSession, events: LiveEvents) {
  let ws: WebSocket | null = null;
  let failures = 0;
  let stopped = false;
  let timer: number | undefined;

  const open = () => {
    if (stopped) return;
    let opened = false;
    const socket = openLiveSocket(session.conversationId, VISITOR_CREDENTIAL + session.token, (m) => {
      if (m.type === 'hello') events.transcript(m.state, m.staffName, m.messages);
      else if (m.type === 'message') events.message(m.message);
      else if (m.type === 'state') events.state(m.state, m.staffName);
      else if (m.type === 'typing') events.typing(m.typing, m.name);
      else if (m.type === 'error') events.notice(m.message, m.code);
    });
    ws = socket;
    socket.addEventListener('open', () => {
      opened = true;
      failures = 0;
      events.connected(true);
    });
    socket.addEventListener('close', (e) => {
      if (ws === socket) ws = null;
      if (stopped) return;
      // 1000: the room ended the chat (a `state` event said so); 1008: refused for a reason it sent.
      if (e.code === 1000 || e.code === 1008) return;
      events.connected(false);
      if (!opened && ++failures >= MAX_FAILURES) {
        events.gone();
        return;
      }
      timer = window.setTimeout(open, Math.min(10_000, 500 * 2 ** failures));
    });
  };
  open();

  return {
    /** False when the connection is down (the visitor keeps the text and may try again). */
    send(message: LiveClientMessage): boolean {
      if (ws?.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(message));
      return true;
    },
    close() {
      stopped = true;
      window.clearTimeout(timer);
      ws?.close(1000);
      ws = null;
    },
  };
}

export type LiveConnection = ReturnType<typeof connectLive>;
