import { useCallback, useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { HandOffPhase, LiveSession } from '../../shared/chat/live.ts';
import { chatText } from '../../shared/chat/text.ts';
import { useLocale } from '../i18n/i18n.ts';
import { botArrives, fromLive, markUserSeen, type ChatMessage, type ConversationHandle } from './chatState.ts';
import type { BotMessage } from './useChatLog.ts';
import { connectLive, typingSignal, type LiveConnection } from './liveChat.ts';
import { readLiveSession, storeLiveSession } from './storage.ts';
import { useValueStore } from './valueStore.ts';

// The chat panel's live hand-off (docs/decisions/0019): the room's connection, its phase, who answers and
// whether they type. The room's transcript and messages go into the panel's log through `update`/`addBot`.

interface HandOffDeps {
  /** Whether the panel is open now (an effect event). */
  isOpen(): boolean;
  conversationRef: RefObject<ConversationHandle | null>;
  update(fn: (m: ChatMessage[]) => ChatMessage[]): void;
  addBot(m: BotMessage): void;
  setUnread: Dispatch<SetStateAction<number>>;
  onResume?: () => void;
}

export function useLiveHandOff({ isOpen, conversationRef, update, addBot, setUnread, onResume }: HandOffDeps) {
  // The live chat with staff: its phase, who answers, whether they are typing, and the room's connection.
  // The turns read the phase between renders (livePhase), hence a store rather than state.
  const [live, liveStore] = useValueStore<{ phase: HandOffPhase; staffName: string | null; staffTyping: boolean; connected: boolean }>(
    () => ({ phase: 'off', staffName: null, staffTyping: false, connected: true }),
  );
  const setLive = liveStore.set;
  // The panel's own words in the page's language; the room words its messages in the conversation's.
  const gone = chatText(useLocale()).live.gone;
  const livePhase = useCallback(() => liveStore.get().phase, [liveStore]);
  const liveRef = useRef<LiveConnection | null>(null);
  // The visitor's typing, told to staff while live.
  const typingRef = useRef(typingSignal((m) => liveRef.current?.send(m)));

  const setPhase = useCallback((phase: HandOffPhase, staffName: string | null = null) => {
    setLive((l) => ({ ...l, phase, staffName: phase === 'off' ? null : staffName ?? l.staffName, staffTyping: phase === 'live' && l.staffTyping }));
  }, [setLive]);

  /** The live chat is over (ended by either side, or gone): back to the assistant. */
  const leaveLive = useCallback(() => {
    liveRef.current?.close();
    liveRef.current = null;
    storeLiveSession(null);
    setPhase('off');
  }, [setPhase]);

  /** Joins the room of a live chat: its transcript becomes the panel's conversation. */
  // biome-ignore lint/correctness/useExhaustiveDependencies: isOpen is an effect event (it always reads the latest render).
  const joinLive = useCallback((session: LiveSession) => {
    liveRef.current?.close();
    conversationRef.current = { id: session.conversationId, ...(session.conversationKey ? { key: session.conversationKey } : {}) };
    liveRef.current = connectLive(session, {
      transcript: (state, staffName, list) => {
        if (state === 'ended') {
          leaveLive();
          return;
        }
        const status = isOpen() ? 'seen' : 'sent';
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
        const open = isOpen();
        const { status } = botArrives(open, 0);
        if (!open) setUnread((n) => botArrives(false, n).unread);
        if (m.from === 'staff') setLive((l) => ({ ...l, staffTyping: false }));
        update((list) => [...markUserSeen(list), fromLive(m, status)]);
      },
      state: (state, staffName) => (state === 'ended' ? leaveLive() : setPhase(state, staffName)),
      typing: (typing) => setLive((l) => ({ ...l, staffTyping: typing })),
      notice: (text) => addBot({ text }),
      connected: (up) => setLive((l) => ({ ...l, connected: up })),
      gone: () => {
        leaveLive();
        addBot({ text: gone });
      },
    });
  }, [addBot, conversationRef, gone, leaveLive, setLive, setPhase, setUnread, update]);

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
    const phase = livePhase();
    if (phase === 'waiting' || phase === 'live') typingRef.current.keystroke();
  }, [livePhase]);

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
