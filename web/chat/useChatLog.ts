import { useCallback, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { uniqueId } from '../../shared/id.ts';
import { botArrives, markUserSeen, storeMessages, type ChatMessage } from './chatState.ts';
import { browserStorage } from './storage.ts';

// The chat panel's log: what it shows, kept in session storage with every change. A bot message that
// arrives while the panel is closed counts as unread.

export type BotMessage = Omit<ChatMessage, 'id' | 'type' | 'timestamp' | 'status'> & { id?: string };

export function useChatLog(openRef: RefObject<boolean>, setUnread: Dispatch<SetStateAction<number>>) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  // The log as of the last change, for code that runs between renders (the flows, a voice reply).
  const messagesRef = useRef<ChatMessage[]>([]);

  const update = useCallback((fn: (m: ChatMessage[]) => ChatMessage[]) => {
    messagesRef.current = fn(messagesRef.current);
    setMessages(messagesRef.current);
    storeMessages(browserStorage(), messagesRef.current);
  }, []);

  const addBot = useCallback((m: BotMessage) => {
    const { status } = botArrives(openRef.current, 0);
    if (!openRef.current) setUnread((n) => botArrives(false, n).unread);
    update((list) => [...markUserSeen(list), { id: uniqueId(), type: 'bot', timestamp: Date.now(), status, ...m }]);
  }, [openRef, setUnread, update]);

  /** Clear: an empty log (the caller forgets the stored copy). */
  const reset = useCallback(() => {
    messagesRef.current = [];
    setMessages([]);
  }, []);

  /** The log as of the last change (not of the last render). */
  const current = useCallback(() => messagesRef.current, []);

  return { messages, current, update, addBot, reset };
}
