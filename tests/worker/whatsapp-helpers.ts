import { env, exports } from 'cloudflare:workers';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { type customerMessage, messagesPayload, signedDelivery, statusPayload, type Customer } from '../kit/whatsapp.ts';
import { appwriteRest, documentPath } from './appwrite-helpers.ts';
import { until } from './helpers.ts';

// Meta's deliveries to the real Worker (functions/whatsapp/webhook.ts), signed with the configured app secret,
// and what they left in the Appwrite emulator.

export const WEBHOOK = 'http://localhost/api/whatsapp/webhook';
export const appSecret = env.WHATSAPP_APP_SECRET!;
const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID!;
const displayNumber = env.WHATSAPP_NUMBER!;

let n = 0;
/** A customer number of its own per test (wa_id: digits). */
export const newCustomer = (name = 'Kwame Mensah'): Customer => ({ from: `23320${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++n % 100).padStart(2, '0')}`, name });

export const deliver = (payload: unknown, secret = appSecret) => exports.default.fetch(WEBHOOK, signedDelivery(secret, payload));

/** Delivers messages from a customer (each a customerMessage) and answers the response. */
export const sendMessages = (customer: Customer, messages: ReturnType<typeof customerMessage>[]) =>
  deliver(messagesPayload(phoneNumberId, displayNumber, customer, messages));

export const sendStatus = (status: Parameters<typeof statusPayload>[2]) => deliver(statusPayload(phoneNumberId, displayNumber, status));

const query = (...qs: object[]) => qs.map((q, i) => `queries[${i}]=${encodeURIComponent(JSON.stringify(q))}`).join('&');

export async function where(collection: string, attribute: string, value: string): Promise<Record<string, unknown>[]> {
  const res = await appwriteRest('GET', `${documentPath(collection)}?${query({ method: 'equal', attribute, values: [value] }, { method: 'limit', values: [100] })}`);
  return res.body.documents as Record<string, unknown>[];
}

export const leadsOf = (waId: string) => where(COLLECTIONS.inquiries, 'waId', waId);
export const activitiesOf = async (leadId: string, type = 'wa_in') => (await where(COLLECTIONS.leadActivity, 'leadId', leadId)).filter((a) => a.type === type);
export const doc = async (collection: string, id: string) => (await appwriteRest('GET', documentPath(collection, id))).body as Record<string, unknown>;

/** Waits until the customer's leads have `count` wa_in activities in all, and answers their leads. */
export async function filed(waId: string, count: number, ms = 10_000) {
  return until(async () => {
    const leads = await leadsOf(waId);
    let total = 0;
    for (const l of leads) total += (await activitiesOf(String(l.$id))).length;
    return total >= count ? leads : undefined;
  }, ms);
}
