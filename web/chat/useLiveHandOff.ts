import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { liveMessages, type HandOffPhase, type LiveSession } from '../../shared/chat/live.ts';
import { botArrives, fromLive, markUserSeen, type ChatMessage, type ConversationHandle } from './chatState.ts';
import type { BotMessage } from './useChatLog.ts';
import { connectLive, typingSignal, type LiveConnection } from './liveChat.ts';
import { readLiveSession, storeLiveSession } from './storage.ts';

// The chat panel's live hand-off (docs/decisions/0019): the room's connection, its phase, who answers and
// whether they type. The room's transcript and messages go into the panel's log through `update`/`addBot`.

interface HandOffDeps {
  openRef: RefObject<boolean>;
  conversationRef: RefObject<ConversationHandle | null>;
  update(fn: (m: ChatMessage[]) => ChatMessage[]): void;
  addBot(m: BotMessage): void;
  setUnread: Dispatch<SetStateAction<number>>;
  onResume?: () => void;
}

export function useLiveHandOff({ openRef, conversationRef, update, addBot, setUnread, onResume }: HandOffDeps) {
  // The live chat with staff: its phase, who answers, whether they are typing, and the room's connection.
  const [live, setLive] = useState<{ phase: HandOffPhase; staffName: string | null; staffTyping: boolean; connected: boolean }>(
    { phase: 'off', staffName: null, staffTyping: false, connected: true },
  );
  const livePhase = useRef<HandOffPhase>('off');
  const liveRef = useRef<LiveConnection | null>(null);
  // The visitor's typing, told to staff while live.
  const typingRef = useRef(typingSignal((m) => liveRef.current?.send(m)));

  const setPhase = useCallback((phase: HandOffPhase, staffName: string | null = null) => {
    livePhase.current = phase;
    setLive((l) => ({ ...l, phase, staffName: phase === 'off' ? null : staffName ?? l.staffName, staffTyping: phase === 'live' && l.staffTyping }));
  }, []);

  /** The live chat is over (ended by either side, or gone): back to the assistant. */
  const leaveLive = useCallback(() => {
    liveRef.current?.close();
    liveRef.current = null;
    storeLiveSession(null);
    setPhase('off');
  }, [setPhase]);

  /** Joins the room of a live chat: its transcript becomes the panel's conversation. */
  const joinLive = useCallback((session: LiveSession) => {
    liveRef.current?.close();
    conversationRef.current = { id: session.conversationId, ...(session.conversationKey ? { key: session.conversationKey } : {}) };
    liveRef.current = connectLive(session, {
      transcript: (state, staffName, list) => {
        if (state === 'ended') {
          leaveLive();
          return;
        }
        const status = openRef.current ? 'seen' : 'sent';
        // After a reload the room's transcript is the conversation; in the same page, what the panel shows
        // (the flows' messages too) stays, and the live part is taken afresh (a reconnection repeats it).
        update((shown) => {
          const liveLines = list.filter((m) => m.id.startsWith('l')).map((m) => fromLive(m, status));
          return shown.length ? [...shown.filter((m) => !m.id.startsWith('live-l')), ...liveLines] : list.map((m) => fromLive(m, status));
        });
        setPhase(state, staffName);
      },
      message: (m) => {
        if (m.from === 'visitor') {
          update((list) => [...list, fromLive(m, 'sent')]);
          return;
        }
        const { status } = botArrives(openRef.current, 0);
        if (!openRef.current) setUnread((n) => botArrives(false, n).unread);
        if (m.from === 'staff') setLive((l) => ({ ...l, staffTyping: false }));
        update((list) => [...markUserSeen(list), fromLive(m, status)]);
      },
      state: (state, staffName) => (state === 'ended' ? leaveLive() : setPhase(state, staffName)),
      typing: (typing) => setLive((l) => ({ ...l, staffTyping: typing })),
      notice: (text) => addBot({ text }),
      connected: (up) => setLive((l) => ({ ...l, connected: up })),
      gone: () => {
        leaveLive();
        addBot({ text: liveMessages.gone });
      },
    });
  }, [addBot, conversationRef, leaveLive, openRef, setPhase, setUnread, update]);

  // A reload during a live chat rejoins it (the session is this tab's), with the panel open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the panel first mounts.
  useEffect(() => {
    const session = readLiveSession();
    if (session) {
      setPhase('waiting');
      joinLive(session);
      onResume?.();
    }
    return () => liveRef.current?.close();
  }, []);

  /** Tells staff the visitor is typing (throttled), and that they stopped after a pause. */
  const visitorTyping = useCallback(() => {
    if (livePhase.current === 'waiting' || livePhase.current === 'live') typingRef.current.keystroke();
  }, []);

  const endLive = useCallback(() => {
    // The room says it ended (and closes); without a connection the visitor simply leaves.
    if (!liveRef.current?.send({ type: 'end' })) leaveLive();
  }, [leaveLive]);

  /** A message to the person: false when the connection is down. */
  const say = useCallback((text: string): boolean => {
    typingRef.current.sent();
    return !!liveRef.current?.send({ type: 'message', text });
  }, []);

  return { live, phase: livePhase, setPhase, joinLive, leaveLive, say, visitorTyping, endLive };
}
