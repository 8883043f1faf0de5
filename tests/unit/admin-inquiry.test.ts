import { describe, expect, it } from 'vitest';
import { activityDocument, inquiryDocument, oneLine, receivedActivity } from '../../shared/admin/inquiry.ts';
import { collectionSpec, COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';

// The inbox's index document of a lead and its history events, as the sink, the setup and the seed make them.

const at = '2026-11-20T09:30:00.000Z';
const message = (kind: string, fields: Record<string, string>) => ({ v: 1 as const, id: uniqueId(), kind, submittedAt: at, fields });

describe('inquiryDocument', () => {
  it('keeps the submission id, status New, due 24 hours later, and the contact\'s service and first words', () => {
    const m = message('contact', { name: 'Ama Mensah', email: 'Ama@Example.COM', phone: '', company: 'Mensah Foods', service: 'Web Development', budget: '$5k - $10k', timeline: 'ASAP', message: 'We need an\nonline shop for our spices.' });
    const { documentId, data } = inquiryDocument(m);
    expect(documentId).toBe(m.id);
    expect(data).toMatchObject({
      kind: 'contact', name: 'Ama Mensah', email: 'ama@example.com', company: 'Mensah Foods', status: 'new',
      serviceInterest: 'Web Development', budgetRange: '$5k - $10k', receivedAt: at, dueAt: '2026-11-21T09:30:00.000Z',
      assigneeId: null, firstResponseAt: null, archived: false,
    });
    expect(data.summary).toBe('Web Development · We need an online shop for our spices.');
    for (const word of ['Ama Mensah', 'ama@example.com', 'Mensah Foods', 'online shop']) expect(data.searchText).toContain(word);
  });

  it('makes one line of at most 200 characters and fits every attribute', () => {
    const long = 'word '.repeat(2000);
    const { data } = inquiryDocument(message('lead', { name: 'N'.repeat(300), email: 'a@b.co', serviceInterest: 'AI', projectSummary: long, messages: `Visitor: ${long}` }));
    expect(data.summary.length).toBeLessThanOrEqual(200);
    expect(data.summary).not.toMatch(/\n/);
    const attributes = collectionSpec(COLLECTIONS.inquiries)?.attributes ?? [];
    for (const a of attributes) {
      const v = (data as unknown as Record<string, unknown>)[a.key];
      if (a.type === 'string' && typeof v === 'string') expect(v.length, a.key).toBeLessThanOrEqual(a.size ?? 255);
    }
    expect(oneLine('a'.repeat(300)).length).toBe(200);
  });

  it('uses the pricing request\'s subject and the booking\'s topic and date', () => {
    expect(inquiryDocument(message('pricing', { name: 'K', email: 'k@x.co', subject: 'Pricing request: E-commerce from K', projectType: 'E-commerce' })).data.summary).toBe('Pricing request: E-commerce from K');
    expect(inquiryDocument(message('booking', { name: 'K', email: 'k@x.co', topic: 'A new project', date: '2031-01-02', timeWindow: 'Morning' })).data.summary).toBe('A new project · 2031-01-02, Morning');
  });

  it('tells a booking\'s preferred window in Accra time too, daylight saving included', () => {
    const booking = (date: string) => inquiryDocument(message('booking', { name: 'K', email: 'k@x.co', topic: 'A new project', date, timeWindow: 'Morning (09:00-12:00)', timeZone: 'America/New_York' })).data.summary;
    expect(booking('2027-03-12')).toBe('A new project · 2027-03-12, Morning (09:00-12:00) · 14:00–17:00 in Accra (GMT)');
    expect(booking('2027-03-15')).toBe('A new project · 2027-03-15, Morning (09:00-12:00) · 13:00–16:00 in Accra (GMT)');
  });

  it('refuses a kind the schema does not know', () => {
    expect(() => inquiryDocument(message('newsletter', {}))).toThrow(/newsletter/);
  });
});

describe('activity documents', () => {
  it('the received event has the lead\'s id, so writing it twice is one document', () => {
    const id = uniqueId();
    expect(receivedActivity(id, at)).toEqual({ documentId: id, data: { leadId: id, type: 'received', actorId: null, actorName: null, text: null, from: null, to: null, at, subject: null, messageId: null, deliveryState: null, deliveryError: null, attachments: null, waTemplate: null } });
  });

  it('records who did what, cut to the attribute sizes', () => {
    const doc = activityDocument({ documentId: 'x1', leadId: 'l1', type: 'note', at, actor: { id: 'u1', name: 'Esi' }, text: 'n'.repeat(6000) });
    expect(doc.data).toMatchObject({ actorId: 'u1', actorName: 'Esi', type: 'note' });
    expect(doc.data.text?.length).toBe(5000);
  });
});
