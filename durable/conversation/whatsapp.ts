// A WhatsApp conversation's own records in its Conversation object (docs/decisions/0031, "Assistant and
// hand-off"): 'w:' + wamid, the answer the assistant gave each customer message (so a retried `wa-in` job
// answers with the same words, never twice, and the model is asked once); 'wa', who answers the customer
// now and since when, and the rate limit's notice. Written only by the Worker's own code over RPC: no
// client route reaches these methods.
import type { WhatsAppHandlerRecord } from '../../shared/chat/conversation.ts';

/** 'wa': who answers the customer (the inquiry's waHandler mirrors it), since when, and the limit's notice. */
export type WaRecord = WhatsAppHandlerRecord;

/** A customer message the assistant handled: its answer (null: recorded only), and whether it asked for a person. */
export type { WhatsAppTurnRecord as WaTurnRecord } from '../../shared/chat/conversation.ts';

export const waTurnKey = (wamid: string) => `w:${wamid}`;
export const readWa = (kv: SyncKvStorage) => kv.get<WaRecord>('wa');
