import { useWhatsAppNames } from './available.ts';
import { sayIn } from '../../shared/i18n/say.ts';
import { useLocale } from '../i18n/i18n.ts';
import { currentChat } from './currentChat.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';

// The footer's WhatsApp link: outside the footer's prerendered part (it depends on the configuration), at its
// end, so that appearing after hydration moves nothing above it. Its reference carries the chat open in this
// tab, if any. Loaded by later.tsx.
export default function FooterWhatsApp({ number }: { number: string }) {
  const t = sayIn(useLocale());
  const names = useWhatsAppNames();
  return (
    <div className="mx-auto max-w-6xl px-4 pb-6 text-sm">
      <p>
        {t('whatsapp.footer', 'Prefer to message us?')}{' '}
        <WhatsAppLink number={number} name={names.chat} chat={currentChat} className="font-semibold text-white underline hover:text-brand-100" />
      </p>
    </div>
  );
}
