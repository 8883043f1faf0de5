import { useConfig } from '../config.tsx';
import { say } from '../../shared/i18n/say.ts';
import { useLocale } from '../i18n/i18n.ts';

// Whether the site links to WhatsApp, and the links' names (exact: tests and assistive technology find them by it).

export const WHATSAPP_LINK = { chat: 'Chat on WhatsApp', continueChat: 'Continue on WhatsApp' } as const;

/** The business number, once the configuration is known; null: no WhatsApp link anywhere. */
export const useWhatsAppNumber = () => useConfig()?.whatsappNumber ?? null;

/** The links' names in the page's language (the forms' catalog: « Écrire sur WhatsApp » on a French page). */
export function useWhatsAppNames(): { chat: string; continueChat: string } {
  const locale = useLocale();
  return { chat: say(locale, 'whatsapp.chat', WHATSAPP_LINK.chat), continueChat: say(locale, 'whatsapp.continue', WHATSAPP_LINK.continueChat) };
}
