// What the room says, in the conversation's language (docs/decisions/0032, "Chat"): the language the page had
// when the conversation started (Conversation.begin), never anything a socket sends. The chat's French
// catalog is loaded here, so the room words French wherever the object runs.
import { chatText, type ChatText } from '../../shared/chat/text.ts';
import { addCatalog } from '../../shared/i18n/catalogs.ts';
import { messages as frenchChat } from '../../shared/i18n/chat/fr.ts';
import type { Locale } from '../../shared/i18n/locale.ts';

addCatalog('fr', frenchChat);

/** The language the conversation started in; English when it was never said. */
export const conversationLanguage = (kv: SyncKvStorage): Locale => kv.get<Locale>('language') ?? 'en';

/** The room's messages in the conversation's language. */
export const roomWords = (kv: SyncKvStorage): ChatText['live'] => chatText(conversationLanguage(kv)).live;
