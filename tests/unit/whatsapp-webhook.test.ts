import { describe, expect, it } from 'vitest';
import { customerMessage, messagesPayload, statusPayload } from '../kit/whatsapp.ts';
import { nextDeliveryState, parseWaInFields, waInFields, webhookJobs, webhookPayloadSchema } from '../../shared/whatsapp/webhook.ts';

const customer = { from: '233201234567', name: 'Kofi' };

describe('the webhook payload', () => {
  it('reads every message type, and keeps unknown ones as unsupported', () => {
    const payload = messagesPayload('1', '2', customer, [
      customerMessage(customer, { text: 'Hi' }, 'w1', '1700000000'),
      customerMessage(customer, { listReply: { id: 'r1', title: 'Row' } }, 'w2', '1700000000'),
      { id: 'w3', from: customer.from, timestamp: '1700000000', type: 'location', location: { latitude: 5.6 } } as never,
    ]);
    const { messages } = webhookJobs(webhookPayloadSchema.parse(payload));
    expect(messages.map((m) => [m.wamid, m.kind, m.text, m.payload, m.profileName])).toEqual([
      ['w1', 'text', 'Hi', null, 'Kofi'], ['w2', 'list', 'Row', 'r1', 'Kofi'], ['w3', 'unsupported', '', null, 'Kofi'],
    ]);
    expect(messages[0]!.at).toBe('2023-11-14T22:13:20.000Z');
    expect(parseWaInFields(waInFields(messages[1]!))).toEqual(messages[1]);
  });

  it('reads statuses with Meta’s error', () => {
    const { statuses } = webhookJobs(webhookPayloadSchema.parse(statusPayload('1', '2', { id: 'w9', recipient: customer.from, status: 'failed', error: { code: 131047, title: 'Re-engagement message' } })));
    expect(statuses).toEqual([expect.objectContaining({ wamid: 'w9', status: 'failed', error: 'Re-engagement message (131047)' })]);
  });

  it('moves a message forward only', () => {
    expect(nextDeliveryState('queued', 'sent')).toBe('sent');
    expect(nextDeliveryState('sent', 'read')).toBe('read');
    expect(nextDeliveryState('read', 'delivered')).toBeNull();
    expect(nextDeliveryState('read', 'sent')).toBeNull();
    expect(nextDeliveryState('sent', 'failed')).toBe('failed');
    expect(nextDeliveryState('delivered', 'failed')).toBeNull();
    expect(nextDeliveryState('failed', 'read')).toBeNull();
  });
});
