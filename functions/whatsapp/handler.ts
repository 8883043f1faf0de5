import { appConfig } from '../../platform/config.ts';
import { appwriteSettings, serverClient, type AppwriteClient, type AppwriteDocument } from '../../platform/appwrite.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import type { WhatsAppHandlerRecord } from '../../shared/chat/conversation.ts';
import type { WaHandler } from '../../shared/whatsapp/inbound.ts';
import { LeadStore } from '../admin/leadStore.ts';
import { conversationByRef } from '../chat.ts';
import { ApiRefusal } from '../errors.ts';

// Who answers a WhatsApp customer (docs/decisions/0031, "Assistant and hand-off"): the assistant, nobody yet
// (a person was asked for: the waiting alert shows it) or a person. The conversation object keeps the state
// and since when (the waiting alert's clock); the inquiry mirrors it in waHandler (what the inbound job reads
// into each turn) and liveState (the admin area's realtime event for "waiting", like a web live chat's).

/** The staff member who takes the conversation (from the session, never from the client). */
export interface WaStaff {
  id: string;
  name: string;
}

/** 409 not_whatsapp: the lead has no WhatsApp conversation to hand over. */
export class NotWhatsApp extends ApiRefusal {
  constructor(readonly id: string) {
    super(409, 'not_whatsapp', `Lead ${id} has no WhatsApp conversation.`);
    this.name = 'NotWhatsApp';
  }
}

/** The inquiry's liveState for each handler: what every open admin page hears about (docs/decisions/0030). */
const liveStateOf: Record<WaHandler, 'waiting' | 'live' | 'ended'> = { waiting: 'waiting', staff: 'live', assistant: 'ended' };

/** The Worker's own Appwrite access (server key): the WhatsApp jobs run without a staff session. */
export function leadAccess(env: Env): { client: AppwriteClient; databaseId: string; leads: LeadStore } {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) throw new Error('Appwrite is not configured with a server key');
  const client = serverClient({ ...settings, apiKey: settings.apiKey });
  return { client, databaseId: settings.databaseId, leads: new LeadStore(client, settings.databaseId) };
}

export interface HandlerChange {
  record: WhatsAppHandlerRecord;
  /** False when the conversation already had this handler (nothing changed, `since` kept). */
  changed: boolean;
  conversationRef: string;
  lead: AppwriteDocument;
}

/**
 * Hands a WhatsApp lead's conversation to `handler`. Safe to repeat: the object keeps `since` when nothing
 * changes, and the inquiry is written each time (a retry after a failed write completes it). Throws
 * LeadNotFound (404) or NotWhatsApp (409).
 */
export async function setWhatsAppHandler(env: Env, leadId: string, handler: WaHandler, staff: WaStaff | null = null, conversationRef?: string): Promise<HandlerChange> {
  const { client, databaseId, leads } = leadAccess(env);
  const lead = await leads.lead(leadId);
  if (typeof lead.waId !== 'string' || !lead.waId) throw new NotWhatsApp(leadId);
  // The inbound turn names its conversation; staff's routes take the inquiry's.
  const ref = conversationRef ?? (typeof lead.conversationRef === 'string' ? lead.conversationRef : '');
  // A lead staff opened on WhatsApp with a template (an e-mail lead with a phone) may have no conversation
  // object yet: the inquiry alone then says who answers.
  const room = conversationByRef(env, ref);
  const { record, changed } = room
    ? await room.setWhatsAppHandler(handler, staff?.name ?? null)
    : { record: { handler, since: new Date().toISOString(), staffName: handler === 'staff' ? (staff?.name ?? null) : null }, changed: lead.waHandler !== handler };
  // A lead that never waited keeps no liveState when handed back: nothing ended that began.
  const liveState = handler === 'assistant' && !lead.liveState ? {} : { liveState: liveStateOf[handler] };
  const updated = await client.updateDocument(databaseId, COLLECTIONS.inquiries, leadId, { waHandler: handler, ...liveState });
  return { record, changed, conversationRef: ref, lead: updated };
}

/**
 * A person takes the conversation: the assistant falls silent. Called when staff join it (POST
 * /api/admin/whatsapp-handler/:leadId) and by the lead page's WhatsApp composer at a staff member's send.
 */
export const takeWhatsAppConversation = (env: Env, leadId: string, staff: WaStaff) => setWhatsAppHandler(env, leadId, 'staff', staff);

/** Staff give the conversation back: the assistant answers the customer's next message. */
export const handBackWhatsApp = (env: Env, leadId: string) => setWhatsAppHandler(env, leadId, 'assistant');
