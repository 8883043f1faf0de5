import type { LiveSession } from '../../shared/chat/live.ts';

// What the chat keeps in the browser (docs/product.md §6.1 and §17.2): the keys of local storage (chat lead
// info, the saved lead records, this page's messages) and the tab's live chat session in session storage
// (a reload rejoins the conversation, docs/decisions/0019). A module of its own because the chat button,
// in every page's first load, clears the old messages and asks whether a live chat is going on
// (web/chat/ChatLauncher.tsx): the rest of the chat's helpers stay with the panel.

export const STORAGE_KEYS = {
  lead: 'chatLeadInfo',
  leads: 'chatLeads',
  messages: 'chatMessages',
} as const;
const LIVE_SESSION_KEY = 'chatLive';

export type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's local storage, or null where it is unavailable (private modes, blocked cookies). */
export function browserStorage(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** History is not kept across reloads: stored messages are removed at start (docs/product.md §6.1). */
export function clearStoredMessages(store: Store | null) {
  try {
    store?.removeItem(STORAGE_KEYS.messages);
  } catch {
    // Nothing to do.
  }
}

export function readLiveSession(): LiveSession | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(LIVE_SESSION_KEY) ?? 'null') as Partial<LiveSession> | null;
    if (!value || typeof value.conversationId !== 'string' || typeof value.token !== 'string') return null;
    const key = typeof value.conversationKey === 'string' ? { conversationKey: value.conversationKey } : {};
    return { conversationId: value.conversationId, ...key, token: value.token };
  } catch {
    return null;
  }
}

export function storeLiveSession(session: LiveSession | null) {
  try {
    if (session) window.sessionStorage.setItem(LIVE_SESSION_KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(LIVE_SESSION_KEY);
  } catch {
    // Storage blocked: the chat still works, only a reload does not rejoin it.
  }
}

