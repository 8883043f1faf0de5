import { AsideBlock } from '../forms/FormPage.tsx';
import { WHATSAPP_LINK } from './available.ts';
import { currentChat } from './currentChat.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';

// /contact's WhatsApp link: after the page's prerendered aside (it depends on the configuration), so that
// appearing after hydration moves nothing above it. Its reference carries the chat open in this tab, if any.
// Loaded by later.tsx.
export default function ContactWhatsApp({ number }: { number: string }) {
  return (
    <div className="mt-6">
      <AsideBlock title="Message us on WhatsApp">
        <p>
          Most of our clients reach us there.{' '}
          <WhatsAppLink number={number} name={WHATSAPP_LINK.chat} chat={currentChat} className="font-medium text-brand-700 underline" />
        </p>
      </AsideBlock>
    </div>
  );
}
