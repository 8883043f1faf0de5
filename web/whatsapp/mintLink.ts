import { api, call } from '../api/client.ts';
import { conversationParams, type ConversationHandle } from '../chat/chatState.ts';
import { LANGUAGE_HEADER } from '../../shared/forms/language.ts';
import type { Locale } from '../../shared/i18n/locale.ts';

// Loaded on a visitor's first move towards a WhatsApp link (web/whatsapp/WhatsAppLink.tsx), never with the page.

/** A wa.me link carrying a fresh reference (to `chat` when given, which the server checks with its key); null when none could be made. */
export async function mintLink(chat: ConversationHandle | null, locale: Locale): Promise<string | null> {
  const out = await call(() => api.whatsapp.ref.$post({ json: conversationParams(chat) }, { headers: { [LANGUAGE_HEADER]: locale } }), () => '');
  return out.ok ? out.data.url : null;
}
