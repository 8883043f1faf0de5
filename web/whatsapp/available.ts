import { useConfig } from '../config.tsx';

// Whether the site links to WhatsApp, and the links' names (exact: tests and assistive technology find them by it).

export const WHATSAPP_LINK = { chat: 'Chat on WhatsApp', continueChat: 'Continue on WhatsApp' } as const;

/** The business number, once the configuration is known; null: no WhatsApp link anywhere. */
export const useWhatsAppNumber = () => useConfig()?.whatsappNumber ?? null;
