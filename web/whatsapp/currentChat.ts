import type { ConversationHandle } from '../chat/chatState.ts';

// The chat open in this tab, for the site's general WhatsApp links (footer, /contact): the chat panel, which
// holds the conversation in memory (web/chat/ChatPanel.tsx), registers where to read it while it is mounted.
// A module of its own so that those links never load the panel's code to ask.

type Source = () => ConversationHandle | null;
let source: Source | null = null;

/** Registers the panel's conversation; the returned function unregisters it. */
export function provideCurrentChat(read: Source): () => void {
  source = read;
  return () => {
    if (source === read) source = null;
  };
}

/** The conversation this tab's chat is in, if any. */
export const currentChat = (): ConversationHandle | null => source?.() ?? null;
