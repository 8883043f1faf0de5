import type { Logger } from '../../shared/log.ts';
import type { WaMediaRef } from '../../shared/whatsapp/inbound.ts';

// A customer's media (docs/decisions/0031): images and documents fetched with the media API and kept in the
// Appwrite Storage bucket `whatsapp_media` (staff only, type and size limits); voice notes kept the same way
// and transcribed with Gemini. FOUNDATION STUB: the media slice implements it.

export interface KeptMedia {
  /** JSON for the activity's `attachments` (kept files and dropped ones, like mail's). */
  attachments: string;
  /** A voice note's transcript, when there is one. */
  transcript: string | null;
}

/** Fetches, checks and keeps one media item; null when nothing could be kept (the turn still records the message). */
export async function keepInboundMedia(_env: Env, _log: Logger, _leadId: string, _wamid: string, _media: WaMediaRef): Promise<KeptMedia | null> {
  return null;
}
