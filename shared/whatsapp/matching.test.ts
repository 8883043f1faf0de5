import { describe, expect, it } from 'vitest';
import { inboundWords, isOpenLead, MATCH_WINDOW_MS, newLeadClaimId, newLeadId, sameNumberLead, waTranscript } from './matching.ts';
import { isUniqueId } from '../id.ts';

const at = '2026-11-27T12:00:00.000Z';
const ago = (ms: number) => new Date(Date.parse(at) - ms).toISOString();

describe('lead matching rules', () => {
  it('open: not archived, not won, lost or spam', () => {
    for (const status of ['new', 'contacted', 'qualified', 'proposal_sent', undefined]) expect(isOpenLead({ $id: 'a', status })).toBe(true);
    for (const status of ['won', 'lost', 'spam']) expect(isOpenLead({ $id: 'a', status })).toBe(false);
    expect(isOpenLead({ $id: 'a', status: 'new', archived: true })).toBe(false);
  });

  it('(b) the newest open lead received within 30 days of the message, the boundary included', () => {
    const edge = { $id: 'edge', status: 'new', receivedAt: ago(MATCH_WINDOW_MS) };
    const outside = { $id: 'outside', status: 'new', receivedAt: ago(MATCH_WINDOW_MS + 1) };
    const newer = { $id: 'newer', status: 'contacted', receivedAt: ago(1000) };
    const closed = { $id: 'closed', status: 'lost', receivedAt: ago(10) };
    expect(sameNumberLead([outside, edge], at)?.$id).toBe('edge');
    expect(sameNumberLead([edge, newer, closed], at)?.$id).toBe('newer');
    expect(sameNumberLead([outside, closed], at)).toBeNull();
  });

  it('a new lead’s claim is fixed by what it follows; its id by the first message, and is a unique id', async () => {
    expect(await newLeadClaimId({ waId: '233200000001', previousLeadId: null })).toBe(await newLeadClaimId({ waId: '233200000001', previousLeadId: null }));
    expect(await newLeadClaimId({ waId: '233200000001', previousLeadId: 'x' })).not.toBe(await newLeadClaimId({ waId: '233200000001', previousLeadId: null }));
    expect((await newLeadClaimId({ conversationRef: 'abc' })).length).toBeLessThanOrEqual(36);
    const id = await newLeadId('wamid.A', at);
    expect(isUniqueId(id)).toBe(true);
    expect(await newLeadId('wamid.A', at)).toBe(id);
    expect(await newLeadId('wamid.B', at)).not.toBe(id);
  });

  it('the transcript of a lead’s WhatsApp activities, oldest first', () => {
    const turns = waTranscript([
      { $id: '2', type: 'wa_out', text: 'Hi Ama', at: ago(1000) },
      { $id: '1', type: 'wa_in', text: 'Hello', at: ago(2000) },
      { $id: '3', type: 'wa_out', text: 'I am Kofi', at: ago(500), actorId: 'u1', actorName: 'Kofi Boateng' },
      { $id: '4', type: 'note', text: 'internal', at: ago(100) },
    ]);
    expect(turns.map((t) => [t.from, t.name ?? null, t.text])).toEqual([['visitor', null, 'Hello'], ['assistant', null, 'Hi Ama'], ['staff', 'Kofi', 'I am Kofi']]);
  });

  it('what a media message says', () => {
    expect(inboundWords({ kind: 'audio', text: '', media: { voice: true, filename: null } }, 'I need a shop')).toBe('(Voice note) I need a shop');
    expect(inboundWords({ kind: 'text', text: 'Hi', media: null }, null)).toBe('Hi');
  });
});
