import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { queueWhatsApp, waOutJobId } from '../../functions/whatsapp/outbound.ts';
import { appConfig, whatsappSettings } from '../../platform/config.ts';
import { GRAPH_ERRORS, sendWhatsAppMessage, WhatsAppRefused } from '../../platform/whatsapp.ts';
import { inquiryDocument } from '../../shared/admin/inquiry.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { createLogger } from '../../shared/log.ts';
import { graphMessage, waOutFields } from '../../shared/whatsapp/outgoing.ts';
import { submissionMessage } from '../../functions/submissions.ts';
import { graphStandIn } from '../kit/whatsapp.ts';
import { appwriteRest, documentPath } from './appwrite-helpers.ts';
import { consume } from './helpers.ts';

// WhatsApp out (functions/whatsapp/outbound.ts, sink.ts; platform/whatsapp.ts): one `wa-out` job per message,
// recorded on the lead, through the real ledger to the Graph API stand-in (tests/emulators/whatsapp).

const standIn = graphStandIn((env as unknown as { WHATSAPP_STANDIN: string }).WHATSAPP_STANDIN);
const settings = () => whatsappSettings(appConfig(env))!;
const log = createLogger(console, { source: 'test' });
let n = 0;
const customer = () => `23324${String(Date.now() % 100_000).padStart(5, '0')}${String(++n).padStart(2, '0')}`;

async function lead(): Promise<string> {
  const leadId = uniqueId();
  const inquiry = inquiryDocument({ id: leadId, kind: 'whatsapp', submittedAt: new Date().toISOString(), fields: { name: 'Kofi Boateng' } });
  await appwriteRest('POST', documentPath(COLLECTIONS.inquiries), { documentId: leadId, data: inquiry.data });
  return leadId;
}

describe('the Graph API client', () => {
  it('sends free text inside the window and gets a wamid', async () => {
    const to = customer();
    await standIn.inbound(to);
    const { wamid } = await sendWhatsAppMessage(settings(), graphMessage({ to, content: { type: 'text', text: 'Hello Kofi' } }));
    expect(wamid).toMatch(/^wamid\./);
    expect((await standIn.received(to)).map((r) => r.text)).toEqual(['Hello Kofi']);
  });

  it('is refused with 131047 outside the window, and with 190 for a wrong token', async () => {
    const to = customer();
    const outside = await sendWhatsAppMessage(settings(), graphMessage({ to, content: { type: 'text', text: 'Hello' } })).catch((e: unknown) => e);
    expect(outside).toBeInstanceOf(WhatsAppRefused);
    expect((outside as WhatsAppRefused).code).toBe(GRAPH_ERRORS.outsideWindow);
    const badToken = await sendWhatsAppMessage({ ...settings(), token: 'not-the-token-at-all' }, graphMessage({ to, content: { type: 'text', text: 'Hello' } })).catch((e: unknown) => e);
    expect((badToken as WhatsAppRefused).code).toBe(GRAPH_ERRORS.invalidToken);
    expect(await standIn.received(to)).toEqual([]);
  });
});

describe('queueWhatsApp', () => {
  it('records the message on the lead, sends it once, and keeps its wamid', async () => {
    const to = customer();
    await standIn.inbound(to);
    const leadId = await lead();
    const jobId = waOutJobId('test', leadId, uniqueId());
    const message = { sender: 'staff' as const, to, content: { type: 'template' as const, name: 'lead_follow_up', language: 'en', params: ['Kofi', 'Ama', 'Web Development'], text: 'Hello Kofi' }, leadId, byId: 'staff-1', byName: 'Ama Staff' };
    const first = await queueWhatsApp(env, log, message, jobId);
    await queueWhatsApp(env, log, message, jobId);
    // A redelivered copy of the job finds it delivered.
    const { msgId, result } = await consume('submissions', submissionMessage('wa-out', waOutFields({ ...message, activityId: first.activityId }), jobId), 2, env);
    expect(result.explicitAcks).toEqual([msgId]);
    const sent = await standIn.received(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.template).toEqual({ name: 'lead_follow_up', language: 'en', params: ['Kofi', 'Ama', 'Web Development'] });
    const activity = (await appwriteRest('GET', documentPath(COLLECTIONS.leadActivity, first.activityId!))).body;
    expect(activity).toMatchObject({ type: 'wa_out', deliveryState: 'sent', messageId: sent[0]?.id, waTemplate: 'lead_follow_up/en', actorName: 'Ama Staff' });
    const inquiry = (await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, leadId))).body;
    expect(inquiry).toMatchObject({ firstResponseVia: 'whatsapp', firstResponseByName: 'Ama Staff' });
    const status = await env.SUBMISSION_LEDGER.getByName(LEDGER_NAME).status({ kind: 'wa-out', id: jobId });
    expect(status?.deliveredTo).toContain('whatsapp');
  });
});
