import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { uniqueId } from '../../shared/id.ts';
import { botArrives, markUserSeen, storeMessages, type ChatMessage } from './chatState.ts';
import { browserStorage } from './storage.ts';
import { useValueStore } from './valueStore.ts';

// The chat panel's log: what it shows, kept in session storage with every change. A bot message that
// arrives while the panel is closed counts as unread.

export type BotMessage = Omit<ChatMessage, 'id' | 'type' | 'timestamp' | 'status'> & { id?: string };

/** `isOpen` tells whether the panel is open now (an effect event: it may be called from any render's closure). */
export function useChatLog(isOpen: () => boolean, setUnread: Dispatch<SetStateAction<number>>) {
  const [messages, log] = useValueStore<ChatMessage[]>(() => []);

  const update = useCallback((fn: (m: ChatMessage[]) => ChatMessage[]) => {
    log.set(fn);
    storeMessages(browserStorage(), log.get());
  }, [log]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: isOpen is an effect event (it always reads the latest render).
  const addBot = useCallback((m: BotMessage) => {
    const open = isOpen();
    const { status } = botArrives(open, 0);
    if (!open) setUnread((n) => botArrives(false, n).unread);
    update((list) => [...markUserSeen(list), { id: uniqueId(), type: 'bot', timestamp: Date.now(), status, ...m }]);
  }, [setUnread, update]);

  /** Clear: an empty log (the caller forgets the stored copy). */
  const reset = useCallback(() => log.set(() => []), [log]);

  /** The log as of the last change (not of the last render), for the turns and a voice reply. */
  return { messages, current: log.get, update, addBot, reset };
}
