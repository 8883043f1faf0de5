import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { appwriteSink } from '../../functions/delivery.ts';
import { RESENT_TEXT } from '../../shared/admin/inquiry.ts';
import { submissionCollections } from '../../shared/appwrite/schema.ts';
import { formKinds, type FormKind } from '../../shared/forms/index.ts';
import { uniqueId } from '../../shared/id.ts';
import { appwrite, appwriteRest, documentPath } from './appwrite-helpers.ts';
import { consume, emulatorOrigin, received, setEmulatorMode, submissionMessage, validSamples } from './helpers.ts';

// The queue consumer's Appwrite sink, called the way the queue calls it, against the Appwrite emulator
// (seeded with the product's schema, so its structure validation checks our mapping).

const ledger = () => env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);

function sandbox(vars: Partial<Env> = {}) {
  const token = `token-${uniqueId()}`;
  return { token, env: { ...env, FORMSUBMIT_ENDPOINT: `${emulatorOrigin}/ajax/${token}`, ...vars } as Env };
}



const record = (kind: FormKind, id: string) => appwriteRest('GET', documentPath(submissionCollections[kind], id));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Appwrite record of a submission', () => {
  it('is a document in the kind\'s collection whose id is the submission id, with the fields, status new and no client permission', async () => {
    const { env: testEnv } = sandbox();
    const m = submissionMessage('contact', { ...validSamples().contact, email: 'Ama@Example.com', company: '' });
    const { msgId, result } = await consume('submissions', m, 1, testEnv);
    expect(result.explicitAcks).toEqual([msgId]);

    const doc = await record('contact', m.id);
    expect(doc.status).toBe(200);
    const { company: _company, ...rest } = validSamples().contact;
    expect(doc.body).toMatchObject({
      $id: m.id,
      $collectionId: 'contact_messages',
      $databaseId: appwrite.databaseId,
      $permissions: [],
      ...rest,
      email: 'ama@example.com',
      company: null,
      status: 'new',
      source: 'website',
      submittedAt: new Date(m.submittedAt).toISOString().replace('Z', '+00:00'),
    });
    const status = await ledger().status(m);
    expect({ ...status, deliveredTo: status.deliveredTo.sort() }).toEqual({ deliveredTo: ['appwrite', 'formsubmit'], attempts: 0, lastError: null });
  });

  it('fits the schema for every form kind', async () => {
    const { env: testEnv } = sandbox();
    for (const kind of formKinds) {
      const m = submissionMessage(kind);
      const { msgId, result } = await consume('submissions', m, 1, testEnv);
      expect(result.explicitAcks, kind).toEqual([msgId]);
      const doc = await record(kind, m.id);
      expect(doc.status, kind).toBe(200);
      expect(doc.body.email, kind).toBe(validSamples()[kind].email);
    }
  });

  it('is written once: a redelivery skips it, and a document already there (409) counts as delivered', async () => {
    const { token, env: testEnv } = sandbox();
    const m = submissionMessage();
    await consume('submissions', m, 1, testEnv);
    const again = await consume('submissions', m, 2, testEnv);
    expect(again.result.explicitAcks).toEqual([again.msgId]);
    expect(await received(token)).toHaveLength(1);

    // The document exists but the ledger does not know (say its write was lost after Appwrite stored it).
    const n = submissionMessage();
    const first = await appwriteRest('POST', documentPath('contact_messages'), { documentId: n.id, data: { name: 'First write', submittedAt: n.submittedAt } });
    expect(first.status).toBe(201);
    const { msgId, result } = await consume('submissions', n, 1, testEnv);
    expect(result.explicitAcks).toEqual([msgId]);
    expect((await ledger().status(n)).deliveredTo.sort()).toEqual(['appwrite', 'formsubmit']);
    expect((await record('contact', n.id)).body.name).toBe('First write');
  });

  it('is skipped when Appwrite is not configured (nothing recorded, the e-mail still goes)', async () => {
    const { token, env: testEnv } = sandbox({ APPWRITE_ENDPOINT: '' });
    const m = submissionMessage();
    const { msgId, result } = await consume('submissions', m, 1, testEnv);
    expect(result.explicitAcks).toEqual([msgId]);
    expect(await ledger().status(m)).toEqual({ deliveredTo: ['formsubmit'], attempts: 0, lastError: null });
    expect((await received(token)).map((r) => r.fields.submissionId)).toEqual([m.id]);
    expect((await record('contact', m.id)).status).toBe(404);
  });

  it('is retried with backoff while Appwrite is down, without mailing again, and written once it is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { token, env: down } = sandbox({ APPWRITE_ENDPOINT: appwrite.downEndpoint });
    const m = submissionMessage();
    const first = await consume('submissions', m, 1, down);
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.retries).toEqual([{ msgId: first.msgId, delaySeconds: 10 }]);
    const third = await consume('submissions', m, 3, down);
    expect(third.retries).toEqual([{ msgId: third.msgId, delaySeconds: 40 }]);
    const status = await ledger().status(m);
    expect(status.deliveredTo).toEqual(['formsubmit']);
    expect(status.attempts).toBe(2);
    // Nothing listens there; the tests' outbound service turns the refused connection into an HTTP 500.
    expect(status.lastError).toMatch(/^Appwrite (request failed|answered HTTP 5\d\d) \(POST \/databases\/main\/collections\/contact_messages\/documents\)/);

    const back = await consume('submissions', m, 4, { ...down, APPWRITE_ENDPOINT: appwrite.endpoint } as Env);
    expect(back.result.explicitAcks).toEqual([back.msgId]);
    expect((await record('contact', m.id)).status).toBe(200);
    expect(await received(token)).toHaveLength(1);
  });

  it('fails (and is retried) when the endpoint is set but the API key is not', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { env: testEnv } = sandbox({ APPWRITE_API_KEY: '' });
    const m = submissionMessage();
    const { msgId, retries } = await consume('submissions', m, 1, testEnv);
    expect(retries).toEqual([{ msgId, delaySeconds: 10 }]);
    expect((await ledger().status(m)).lastError).toMatch(/APPWRITE_API_KEY is not set/);
  });

  it('a dead letter that reached FormSubmit but not Appwrite is parked, showing where it did get', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { env: down } = sandbox({ APPWRITE_ENDPOINT: appwrite.downEndpoint });
    const m = submissionMessage();
    await consume('submissions', m, 1, down);
    const dead = await consume('submissions-dead', m, 1, down);
    expect(dead.result.explicitAcks).toEqual([dead.msgId]);
    expect(await ledger().get(m)).toMatchObject({ id: m.id, deliveredTo: ['formsubmit'], attempts: 1 });
  });
});

describe('the staff inbox\'s index of a submission (docs/decisions/0016)', () => {
  const inquiry = (id: string) => appwriteRest('GET', documentPath('inquiries', id));
  const activities = async (leadId: string) => {
    const q = encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'leadId', values: [leadId] }));
    return (await appwriteRest('GET', `${documentPath('lead_activity')}?queries[0]=${q}`)).body.documents as Record<string, unknown>[];
  };

  it('writes an inquiry (status New, due in 24 hours) and its received event beside the record, readable by staff labels only', async () => {
    const { env: testEnv } = sandbox();
    const m = submissionMessage('contact', { ...validSamples().contact, email: 'Kwame@Example.com' });
    await consume('submissions', m, 1, testEnv);
    const doc = await inquiry(m.id);
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({ $id: m.id, kind: 'contact', email: 'kwame@example.com', status: 'new', archived: false, assigneeId: null });
    expect(Date.parse(String(doc.body.dueAt)) - Date.parse(m.submittedAt)).toBe(24 * 3600 * 1000);
    expect((await activities(m.id)).map((a) => a.type)).toEqual(['received']);
    const col = await appwriteRest('GET', `/databases/${appwrite.databaseId}/collections/inquiries`);
    expect((col.body.$permissions as string[]).sort()).toEqual(['read("label:admin")', 'read("label:moderator")']);
  });

  it('a resend after an unknown outcome is on the lead\'s history, once; the record is still written once', async () => {
    const { token, env: testEnv } = sandbox({ FORMSUBMIT_TIMEOUT_MS: '1000' });
    await setEmulatorMode('timeout', token, 1, 3000);
    const m = submissionMessage();
    await consume('submissions', m, 1, testEnv);
    await consume('submissions', m, 2, testEnv);
    await consume('submissions', m, 3, testEnv);
    expect((await received(token)).map((r) => r.fields._subject?.endsWith(' (resent)'))).toEqual([false, true]);
    const history = await activities(m.id);
    expect(history.map((a) => a.type).sort()).toEqual(['delivery', 'received']);
    expect(history.find((a) => a.type === 'delivery')!.text).toBe(RESENT_TEXT);
    expect(RESENT_TEXT).toContain('resent after an unknown outcome');
    expect((await record('contact', m.id)).status).toBe(200);
  });

  it('a retry after a half-written delivery completes it without duplicating anything', async () => {
    const { env: testEnv } = sandbox();
    const m = submissionMessage('booking');
    // An earlier attempt stored the record and the inquiry, then failed before the received event.
    expect((await appwriteRest('POST', documentPath('booking_requests'), { documentId: m.id, data: { name: 'Earlier', email: 'e@x.co', submittedAt: m.submittedAt } })).status).toBe(201);
    expect((await appwriteRest('POST', documentPath('inquiries'), { documentId: m.id, data: { kind: 'booking', name: 'Earlier', receivedAt: m.submittedAt, dueAt: m.submittedAt } })).status).toBe(201);
    const { msgId, result } = await consume('submissions', m, 2, testEnv);
    expect(result.explicitAcks).toEqual([msgId]);
    expect((await inquiry(m.id)).body.name).toBe('Earlier');
    expect(await activities(m.id)).toHaveLength(1);
    // And a redelivery once everything is there changes nothing.
    await appwriteSink.deliver(m, testEnv);
    expect(await activities(m.id)).toHaveLength(1);
  });
});
