import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  budgetChoices, fieldMessages, formDefinitions, formKinds, formSchemaOf, normaliseUrl, serviceChoices, timelineChoices, validateForm,
} from '../../shared/forms/index.ts';
import { idTimestamp, isUniqueId, uniqueId } from '../../shared/id.ts';
import { parseSubmissionMessage } from '../../shared/submission.ts';

const contact = {
  name: 'Ama Mensah',
  email: 'ama@example.com',
  phone: '',
  company: '',
  service: 'SEO',
  budget: 'Not sure yet',
  timeline: 'ASAP',
  message: 'Please audit our shop before Christmas.',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('shared/id', () => {
  it('is the timestamp in hex plus 7 random hex characters', () => {
    const now = Date.UTC(2026, 10, 22, 8, 0, 0);
    const id = uniqueId(now);
    expect(id).toMatch(/^[0-9a-f]{18}$/);
    expect(id.slice(0, -7)).toBe(now.toString(16));
    expect(idTimestamp(id)).toBe(now);
    expect(isUniqueId(id)).toBe(true);
    expect(new Set(Array.from({ length: 200 }, () => uniqueId(now))).size).toBe(200);
  });

  it('rejects anything else', () => {
    for (const bad of ['', 'xyz', '1a2b', 'G'.repeat(18), `${'a'.repeat(18)} `, 42]) expect(isUniqueId(bad)).toBe(false);
  });
});

describe('form definitions', () => {
  it('use the spec choice lists for service, budget and timeline', () => {
    const fields = Object.fromEntries(formDefinitions.contact.fields.map((f) => [f.name, f]));
    expect(fields.service!.options).toEqual(serviceChoices);
    expect(budgetChoices).toEqual(['Under $5k', '$5k - $10k', '$10k - $25k', '$25k+', 'Not sure yet']);
    expect(timelineChoices).toEqual(['ASAP', '1-2 months', '3-6 months', 'Flexible timeline']);
  });

  it('give every field a label, a unique name and a limit', () => {
    for (const kind of formKinds) {
      const names = formDefinitions[kind].fields.map((f) => f.name);
      expect(new Set(names).size).toBe(names.length);
      for (const f of formDefinitions[kind].fields) {
        expect(f.label.length).toBeGreaterThan(2);
        expect(f.max).toBeGreaterThan(0);
        if (f.type === 'select') expect(f.options?.length).toBeGreaterThan(1);
      }
      expect(names).toEqual(expect.arrayContaining(['name', 'email']));
    }
  });

  it('fit comfortably in the API body limit', () => {
    for (const kind of formKinds) {
      const total = formDefinitions[kind].fields.reduce((n, f) => n + f.max, 0);
      expect(total * 4).toBeLessThan(64 * 1024);
    }
  });
});

describe('validateForm', () => {
  it('accepts a valid contact message, trimming values and leaving unknown keys out', () => {
    const result = validateForm('contact', { ...contact, name: '  Ama Mensah \n', extra: 'x', _honey: '' });
    expect(result).toEqual({ success: true, data: contact });
  });

  it('names every invalid field with a friendly message', () => {
    const result = validateForm('contact', {});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.fields).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      service: 'Please choose a service.',
      budget: 'Please choose a budget.',
      timeline: 'Please choose a timeline.',
      message: 'Please enter a message.',
    });
  });

  it('checks emails, phones, lengths, choices and types', () => {
    const bad = (input: Record<string, unknown>) => {
      const r = validateForm('contact', { ...contact, ...input });
      return r.success ? {} : r.fields;
    };
    expect(bad({ email: 'ama@' })).toEqual({ email: fieldMessages.email });
    expect(bad({ email: 'ama mensah@example.com' })).toEqual({ email: fieldMessages.email });
    expect(bad({ email: 'ama.mensah+shop@mail.example.com.gh' })).toEqual({});
    expect(bad({ phone: '024' })).toEqual({ phone: fieldMessages.tel });
    expect(bad({ phone: 'call me' })).toEqual({ phone: fieldMessages.tel });
    expect(bad({ phone: '+233 (0)24-123.4567' })).toEqual({});
    expect(bad({ name: 'A' })).toEqual({ name: fieldMessages.tooShort(2) });
    expect(bad({ name: 'A'.repeat(101) })).toEqual({ name: fieldMessages.tooLong(100) });
    expect(bad({ budget: '$1M' })).toEqual({ budget: fieldMessages.choice });
    expect(bad({ message: 42 })).toEqual({ message: fieldMessages.notText });
    expect(bad({ company: null })).toEqual({});
  });

  it('accepts web addresses without a scheme and stores them with https://', () => {
    expect(normaliseUrl('example.com/about')).toBe('https://example.com/about');
    const r = validateForm('seo-audit', { name: 'Yaw', email: 'yaw@example.com', website: 'asante-travel.com', goals: 'More bookings' });
    expect(r).toMatchObject({ success: true, data: { website: 'https://asante-travel.com', competitors: '' } });
    for (const website of ['not a site', 'ftp://example.com', 'https://localhost', 'javascript:alert(1)', 'http://']) {
      const bad = validateForm('seo-audit', { name: 'Yaw', email: 'yaw@example.com', website, goals: 'More bookings' });
      expect(bad).toEqual({ success: false, fields: { website: fieldMessages.url } });
    }
  });

  it('requires a portfolio link for career applications but not a CV link', () => {
    const r = validateForm('career', {
      name: 'Kofi', email: 'kofi@example.com', area: 'Other', experience: '1-2 years', portfolio: '', cv: '',
      coverLetter: 'x'.repeat(49),
    });
    expect(r).toEqual({
      success: false,
      fields: { portfolio: 'Please enter a link to your portfolio or LinkedIn profile.', coverLetter: fieldMessages.tooShort(50) },
    });
  });

  describe('booking date', () => {
    const booking = (date: string, timeZone = 'Africa/Accra') => validateForm('booking', {
      name: 'Akosua', email: 'akosua@example.com', date, timeWindow: 'Any time', timeZone, topic: 'Partnership',
    });

    it('may be today but not in the past, in the visitor’s time zone', () => {
      vi.useFakeTimers({ now: new Date('2026-11-22T23:30:00Z') });
      expect(booking('2026-11-22').success).toBe(true);
      expect(booking('2026-11-21')).toEqual({ success: false, fields: { date: fieldMessages.datePast } });
      // Already the 23rd in Tokyo.
      expect(booking('2026-11-22', 'Asia/Tokyo')).toEqual({ success: false, fields: { date: fieldMessages.datePast } });
      expect(booking('2026-11-23', 'Asia/Tokyo').success).toBe(true);
    });

    it('must be a real date within a year', () => {
      vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
      expect(booking('2026-02-30')).toEqual({ success: false, fields: { date: fieldMessages.date } });
      expect(booking('22/12/2026')).toEqual({ success: false, fields: { date: fieldMessages.date } });
      expect(booking('2028-01-01')).toEqual({ success: false, fields: { date: fieldMessages.dateTooFar } });
    });

    it('needs a real time zone', () => {
      vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
      expect(booking('2026-12-01', 'Mars/Olympus')).toEqual({ success: false, fields: { timeZone: fieldMessages.timeZone } });
      expect(booking('2026-12-01', 'Europe/London').success).toBe(true);
      expect(booking('2026-12-01', 'UTC').success).toBe(true);
    });
  });

  it('is the same zod schema object for every caller', () => {
    expect(formSchemaOf('contact').safeParse(contact).success).toBe(true);
  });
});

describe('subjects', () => {
  it('name the sender', () => {
    expect(formDefinitions.contact.subject(contact)).toBe('New contact message from Ama Mensah');
  });
});

describe('parseSubmissionMessage', () => {
  const valid = { v: 1, id: uniqueId(), kind: 'contact', submittedAt: '2026-11-22T08:00:00.000Z', fields: contact };
  it('accepts a well-formed message, even with fields today’s schema would refuse', () => {
    expect(parseSubmissionMessage(valid)).toEqual(valid);
    expect(parseSubmissionMessage({ ...valid, fields: { legacy: 'x' } })).not.toBeNull();
  });
  it('refuses anything else', () => {
    for (const bad of [null, 'x', { ...valid, v: 2 }, { ...valid, id: 'x' }, { ...valid, fields: { a: 1 } }, { ...valid, fields: [] }]) {
      expect(parseSubmissionMessage(bad)).toBeNull();
    }
  });
});
