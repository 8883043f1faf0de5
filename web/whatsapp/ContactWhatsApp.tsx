import { AsideBlock } from '../forms/FormPage.tsx';
import { useWhatsAppNames } from './available.ts';
import { sayIn } from '../../shared/i18n/say.ts';
import { useLocale } from '../i18n/i18n.ts';
import { currentChat } from './currentChat.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';

// /contact's WhatsApp link: after the page's prerendered aside (it depends on the configuration), so that
// appearing after hydration moves nothing above it. Its reference carries the chat open in this tab, if any.
// Loaded by later.tsx.
export default function ContactWhatsApp({ number }: { number: string }) {
  const t = sayIn(useLocale());
  const names = useWhatsAppNames();
  return (
    <div className="mt-6">
      <AsideBlock title={t('whatsapp.contactTitle', 'Message us on WhatsApp')}>
        <p>
          {t('whatsapp.contactText', 'Most of our clients reach us there.')}{' '}
          <WhatsAppLink number={number} name={names.chat} chat={currentChat} className="font-medium text-brand-700 underline" />
        </p>
      </AsideBlock>
    </div>
  );
}
