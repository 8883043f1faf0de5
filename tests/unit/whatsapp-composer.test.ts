import { describe, expect, it } from 'vitest';
import type { ReplyContext } from '../../shared/admin/savedReplies.ts';
import { fillForLead, freeTextRefusal, templateChoices, templateRefusal, windowLeft } from '../../shared/whatsapp/composer.ts';
import { waIdFromPhone } from '../../shared/whatsapp/phone.ts';
import type { WhatsAppTemplate } from '../../shared/whatsapp/templates.ts';

// The WhatsApp composer's pure rules (shared/whatsapp/phone.ts, composer.ts): a phone number read as a wa_id,
// the 24-hour window, templates filled from the lead.

describe('waIdFromPhone', () => {
  it.each([
    ['024 123 4567', '233241234567'],
    ['0241234567', '233241234567'],
    ['+233 24 123 4567', '233241234567'],
    ['+233 (0)24 123-4567', null],
    ['00233 20 111 2222', '233201112222'],
    ['233 55 123 4567', '233551234567'],
    ['+44 20 7946 0958', '442079460958'],
    ['+1 (415) 555-0100', '14155550100'],
  ])('%s → %s', (phone, waId) => {
    const out = waIdFromPhone(phone);
    expect(out.ok ? out.waId : null).toBe(waId);
  });

  it.each(['241234567', '24 123 4567', '02412345678', '012345', '+233 024 123 4567', '0241 234 56 call me', '+233 24 123 456'])('refuses the ambiguous or malformed %s with a message', (phone) => {
    const out = waIdFromPhone(phone);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.message).toContain('country code');
  });

  it('says when there is no phone at all', () => {
    expect(waIdFromPhone('')).toEqual({ ok: false, message: expect.stringContaining('no phone number') });
    expect(waIdFromPhone(null).ok).toBe(false);
  });
});

const template: WhatsAppTemplate = {
  name: 'lead_follow_up', language: 'en', label: 'Follow up', body: 'Hello {{1}}, this is {{2}}. About {{3}}?', params: ['first_name', 'agent_name', 'service'],
};
const context = (lead: Partial<ReplyContext['lead']> = {}): ReplyContext => ({
  lead: { name: 'Ama Mensah', email: null, serviceInterest: 'Web Development', budgetRange: null, ...lead },
  agent: { name: 'Kofi Staff' }, bookingUrl: null, siteUrl: 'http://localhost:8788',
});

describe('templates filled from the lead', () => {
  it('fills every parameter in order with the saved replies’ variables', () => {
    expect(fillForLead(template, context())).toEqual({ params: ['Ama', 'Kofi Staff', 'Web Development'], text: 'Hello Ama, this is Kofi Staff. About Web Development?', missing: [] });
    expect(templateChoices([template], context())).toEqual([{ id: 'lead_follow_up/en', label: 'Follow up', text: 'Hello Ama, this is Kofi Staff. About Web Development?', missing: [] }]);
  });

  it('names a variable without a value, shows it as itself, and refuses the template', () => {
    const filled = fillForLead(template, context({ serviceInterest: null }));
    expect(filled.missing).toEqual(['service']);
    expect(filled.text).toBe('Hello Ama, this is Kofi Staff. About {{service}}?');
    expect(templateRefusal(template, filled)).toContain('{{service}}');
    expect(templateRefusal(template, fillForLead(template, context()))).toBeNull();
  });
});

describe('the 24-hour window', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('allows free text inside it, and says when it closed after it', () => {
    expect(freeTextRefusal({ waId: '233241234567', waLastInboundAt: '2026-11-27T01:00:00Z' }, now)).toBeNull();
    expect(freeTextRefusal({ waId: '233241234567', waLastInboundAt: '2026-11-26T10:30:00Z' }, now))
      .toBe('The 24-hour window closed at 2026-11-27 10:30 UTC; send an approved template instead.');
  });
  it('refuses free text to start a conversation', () => {
    expect(freeTextRefusal({ waId: '233241234567', waLastInboundAt: null }, now)).toContain('only be started with an approved template');
    expect(freeTextRefusal({ waId: null, waLastInboundAt: null }, now)).toContain('approved template');
  });
  it('says how long it stays open', () => {
    expect(windowLeft('2026-11-27T15:12:30Z', now)).toBe('3 h 12 min');
    expect(windowLeft('2026-11-27T12:05:00Z', now)).toBe('5 min');
    expect(windowLeft('2026-11-27T12:00:20Z', now)).toBe('less than a minute');
    expect(windowLeft('2026-11-27T11:00:00Z', now)).toBeNull();
  });
});
