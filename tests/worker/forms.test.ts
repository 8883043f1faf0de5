import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../functions/index.ts';
import { uniqueId } from '../../shared/id.ts';
import { fieldMessages, formKinds, type FormKind } from '../../shared/forms/index.ts';
import type { ApiError } from '../../shared/api.ts';
import { receivedFor, validSamples, waitForDelivery } from './helpers.ts';

// POST /api/forms/:kind through the real Worker, with the real queue and its real consumer delivering to
// the FormSubmit emulator.

const post = (kind: string, body: unknown, headers: Record<string, string> = {}) =>
  exports.default.fetch(`http://example.com/api/forms/${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const samples = validSamples();
const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /api/forms/:kind accepts', () => {
  it('stores a valid contact message on the queue, answers 202 with its id, and the consumer mails exactly its fields', async () => {
    const id = uniqueId();
    const res = await post('contact', { ...samples.contact, name: '  Ama Mensah  ', id, _honey: '' });
    expect(res.status).toBe(202);
    const accepted = (await res.json()) as { id: string; replyBy: string };
    expect(accepted).toEqual({ id, replyBy: expect.stringMatching(isoDate) });

    const got = await waitForDelivery(id);
    // By when: the promise's 24 hours from the arrival the lead records (docs/decisions/0029).
    expect(Date.parse(accepted.replyBy) - Date.parse(got.fields.submittedAt ?? '')).toBe(24 * 3_600_000);
    expect(got.fields).toEqual({
      ...samples.contact,
      submissionId: id,
      kind: 'contact',
      submittedAt: expect.stringMatching(isoDate),
      _subject: 'New contact message from Ama Mensah',
      _replyto: 'ama@example.com',
      _template: 'table',
      _captcha: 'false',
      _honey: '',
    });
    expect(got.headers.accept).toBe('application/json');
    expect(got.contentType).toBe('application/x-www-form-urlencoded');
  });

  it('delivers a valid submission of every other kind, each with its own subject', async () => {
    const subjects: Record<Exclude<FormKind, 'contact'>, string> = {
      career: 'New job application from Kofi Boateng (DevOps)',
      affiliate: 'New partner application from Efua Owusu',
      'seo-audit': 'New SEO audit request for https://asante-travel.com from Yaw Asante',
      booking: `New booking request from Akosua Darko for ${samples.booking.date}`,
    };
    const kinds = formKinds.filter((k): k is Exclude<FormKind, 'contact'> => k !== 'contact');
    const ids = kinds.map(() => uniqueId());
    const answers = await Promise.all(kinds.map((kind, i) => post(kind, { ...samples[kind], id: ids[i] })));
    expect(answers.map((r) => r.status)).toEqual(kinds.map(() => 202));
    const delivered = await Promise.all(ids.map((id) => waitForDelivery(id)));
    kinds.forEach((kind, i) => {
      const got = delivered[i]!;
      expect(got.fields._subject).toBe(subjects[kind]);
      expect(got.fields.kind).toBe(kind);
      // Empty optional fields are left out of the e-mail.
      for (const [name, value] of Object.entries(samples[kind])) {
        if (value === '') expect(got.fields).not.toHaveProperty(name);
        else expect(got.fields[name]).toBe(value);
      }
    });
  });

  it('makes an id when the client sends none', async () => {
    const res = await post('seo-audit', { ...samples['seo-audit'], website: 'asante-travel.com' });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f]{18,19}$/);
    const got = await waitForDelivery(id);
    expect(got.fields.website).toBe('https://asante-travel.com');
  });

  it('delivers a double-clicked submission (same id twice) once', async () => {
    const id = uniqueId();
    const [a, b] = await Promise.all([post('contact', { ...samples.contact, id }), post('contact', { ...samples.contact, id })]);
    expect([a.status, b.status]).toEqual([202, 202]);
    // The queue keeps order: once a later submission is delivered, both copies have been handled.
    const sentinel = uniqueId();
    expect((await post('contact', { ...samples.contact, id: sentinel })).status).toBe(202);
    await waitForDelivery(sentinel);
    expect(await receivedFor(id)).toHaveLength(1);
  });

  it('answers a filled honeypot like a success but does not queue it', async () => {
    const id = uniqueId();
    const res = await post('contact', { ...samples.contact, id, _honey: 'http://spam.example' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ id, replyBy: expect.stringMatching(isoDate) });
    const sentinel = uniqueId();
    await post('contact', { ...samples.contact, id: sentinel });
    await waitForDelivery(sentinel);
    expect(await receivedFor(id)).toEqual([]);
  });
});

describe('POST /api/forms/:kind refuses', () => {
  it('422 naming each invalid field', async () => {
    const res = await post('contact', { name: ' ', email: 'ama@', phone: '12', service: 'Teleportation', message: 'hi' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as ApiError;
    expect(body.error).toBe('validation');
    expect(body.message).toBe('7 fields need your attention.');
    expect(body.fields).toEqual({
      name: 'Please enter your name.',
      email: fieldMessages.email,
      phone: fieldMessages.tel,
      service: fieldMessages.choice,
      budget: 'Please choose a budget.',
      timeline: 'Please choose a timeline.',
      message: fieldMessages.tooShort(10),
    });
  });

  it('422 in the page\'s language when the SPA names it (X-Language: fr), English for anything else', async () => {
    const res = await post('contact', { name: ' ', email: 'ama@', service: 'Teleportation', budget: 'Not sure yet', timeline: 'ASAP', message: 'x'.repeat(5001) }, { 'X-Language': 'fr' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as ApiError;
    expect(body.message).toBe('4 champs demandent votre attention.');
    expect(body.fields).toEqual({
      name: 'Veuillez saisir votre nom.',
      email: 'Veuillez saisir une adresse e-mail valide, comme nom@exemple.com.',
      service: 'Veuillez choisir l’une des options.',
      message: 'Veuillez raccourcir ce texte à 5000 caractères au plus.',
    });
    const other = await post('contact', { name: ' ' }, { 'X-Language': 'de' });
    expect(((await other.json()) as ApiError).fields?.name).toBe('Please enter your name.');
  });

  it('422 for a field that is too long, a bad URL and a booking date in the past', async () => {
    const long = await post('contact', { ...samples.contact, message: 'x'.repeat(5001) });
    expect(long.status).toBe(422);
    expect(((await long.json()) as ApiError).fields).toEqual({ message: fieldMessages.tooLong(5000) });

    const url = await post('career', { ...samples.career, portfolio: 'not a link' });
    expect(((await url.json()) as ApiError).fields).toEqual({ portfolio: fieldMessages.url });

    const past = await post('booking', { ...samples.booking, date: '2020-01-01' });
    expect(past.status).toBe(422);
    expect(((await past.json()) as ApiError).fields).toEqual({ date: fieldMessages.datePast });
  });

  it('400 for malformed JSON', async () => {
    const res = await post('contact', '{"name": "Ama",');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('400 for JSON that is not an object, or a malformed id', async () => {
    const arr = await post('contact', '[1,2]');
    expect(arr.status).toBe(400);
    expect(((await arr.json()) as ApiError).error).toBe('invalid_body');
    const badId = await post('contact', { ...samples.contact, id: 'not-an-id' });
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as ApiError).error).toBe('invalid_id');
  });

  it('415 for a body that is not JSON', async () => {
    const res = await post('contact', new URLSearchParams(samples.contact).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
    const body = (await res.json()) as ApiError;
    expect(body.error).toBe('unsupported_media_type');
    expect(body.message).toMatch(/JSON/);
  });

  it('404 JSON for an unknown form', async () => {
    const res = await post('newsletter', samples.contact);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: 'unknown_form', message: 'There is no form called "newsletter".' });
  });

  it('405 JSON for another method', async () => {
    const res = await exports.default.fetch('http://example.com/api/forms/contact');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(((await res.json()) as ApiError).error).toBe('method_not_allowed');
  });

  it('503 JSON, never "sent", when the queue cannot take the submission', async () => {
    const brokenQueue = { send: async () => { throw new Error('queue unavailable'); } } as unknown as Queue;
    const res = await worker.fetch(
      new Request('http://example.com/api/forms/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...samples.contact, id: uniqueId() }),
      }),
      { ...env, SUBMISSIONS: brokenQueue },
      createExecutionContext(),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('30');
    const body = (await res.json()) as ApiError;
    expect(body.error).toBe('unavailable');
    expect(body.message).toMatch(/nothing was sent/);
  });
});

describe('outbound requests in tests', () => {
  it('fail closed for anything but the emulators', async () => {
    const res = await fetch('https://formsubmit.co/ajax/real-token', { method: 'POST' });
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/Unexpected outbound request/);
  });
});
