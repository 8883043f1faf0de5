import type { Logger } from '../../shared/log.ts';
import type { InboundTurn } from '../../shared/whatsapp/inbound.ts';

// The assistant on WhatsApp (docs/decisions/0031): while no person has the conversation, the same assistant as
// the web chat answers, with the same tools, in plain text fit for WhatsApp, through queueWhatsApp (job id
// `wa-out:ai:<wamid>`). FOUNDATION STUB: the assistant slice implements it.

export async function answerOnWhatsApp(_env: Env, _log: Logger, _turn: InboundTurn): Promise<void> {
  // Implemented by the assistant slice.
}
