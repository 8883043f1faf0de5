import { useEffect, type RefObject } from 'react';
import type { ConversationHandle } from '../chat/chatState.ts';
import { provideCurrentChat } from './currentChat.ts';
import { useWhatsAppNames, useWhatsAppNumber } from './available.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';

// The chat panel's way to WhatsApp: "Chat on WhatsApp" before the conversation exists, then "Continue on
// WhatsApp", whose reference carries this conversation over (the first WhatsApp message joins its lead).
// The panel's conversation is also what the site's other WhatsApp links carry while the panel is mounted.
export function ChatWhatsApp({ conversation }: { conversation: RefObject<ConversationHandle | null> }) {
  const number = useWhatsAppNumber();
  const names = useWhatsAppNames();
  useEffect(() => provideCurrentChat(() => conversation.current), [conversation]);
  if (!number) return null;
  const read = () => conversation.current;
  return (
    <p className="border-t border-slate-100 px-4 py-2 text-center text-sm">
      <WhatsAppLink
        number={number}
        name={conversation.current ? names.continueChat : names.chat}
        chat={read}
        className="font-medium text-brand-700 underline hover:text-brand-600"
      />
    </p>
  );
}
