import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../functions/index.ts';
import { inboundActivityId, rejectReasons } from '../../functions/mail/inbound.ts';
import { replyAddressFor } from '../../functions/mail/replyAddress.ts';
import { appConfig } from '../../platform/config.ts';
import type { LeadDetailResponse, LeadListResponse } from '../../shared/admin/leadView.ts';
import { repliedByProspect } from '../../shared/admin/leads.ts';
import { BUCKETS, COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { parseAlertEventFields } from '../../shared/alerts.ts';
import { uniqueId } from '../../shared/id.ts';
import { parseAttachmentEntries, type AttachmentEntry } from '../../shared/mail/attachments.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { accounts, appwrite, appwriteRest, callApi, documentPath } from './appwrite-helpers.ts';
import { consume, validSamples } from './helpers.ts';
import { rawMail, type RawAttachment } from '../../scripts/lib/rawMail.ts';

// Mail in through the Worker's real email() handler in workerd, against the Appwrite emulator (documents and
// Storage): the message is built as Email Routing hands it over (a ForwardableEmailMessage with the raw
// RFC 5322 bytes), the queue binding records what the handler enqueues.

const config = appConfig(env);

interface Delivered {
  rejected: string | null;
  jobs: SubmissionMessage[];
}

/** Hands a raw message to worker.email() as Email Routing does; records setReject and the queued jobs. */
async function deliver(from: string, to: string, raw: string, vars: Partial<Record<string, string>> = {}): Promise<Delivered> {
  const bytes = new TextEncoder().encode(raw);
  let rejected: string | null = null;
  const jobs: SubmissionMessage[] = [];
  const message = {
    from, to, rawSize: bytes.byteLength, headers: new Headers(), canBeForwarded: false,
    raw: new Response(bytes).body!,
    setReject: (reason: string) => { rejected = reason; },
    forward: async () => { throw new Error('mail in never forwards'); },
    reply: async () => { throw new Error('mail in never replies'); },
  } as unknown as ForwardableEmailMessage;
  const queue = { send: async (body: SubmissionMessage) => { jobs.push(body); }, sendBatch: async () => {} } as unknown as Queue;
  const ctx = createExecutionContext();
  await worker.email(message, { ...env, ...vars, SUBMISSIONS: queue } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { rejected, jobs };
}

/** A prospect's message: the lead's name, the subject of a reply, attachments as `parts`. */
const prospectMail = (o: { from: string; to: string; messageId: string; subject?: string; text: string; parts?: RawAttachment[]; fromName?: string; headers?: Record<string, string>; html?: string }) =>
  rawMail({ ...o, fromName: o.fromName ?? 'Ama Mensah', subject: o.subject ?? 'Re: Your request', attachments: o.parts });

/** A contact lead through the queue consumer, and its reply address. */
async function lead(name = `Ama ${uniqueId().slice(-6)}`) {
  const id = uniqueId();
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`;
  const { result } = await consume('submissions', { v: 1, id, kind: 'contact', submittedAt: new Date().toISOString(), fields: { ...validSamples().contact, name, email } }, 1, env);
  expect(result.explicitAcks).toHaveLength(1);
  const address = await replyAddressFor(config, id);
  expect(address).toMatch(/^reply\+[0-9a-f]{32}@reply\.voltalabs\.dev$/);
  return { id, email, name, address: address! };
}

const detail = async (id: string, jwt = accounts.moderator.jwt) => {
  const res = await callApi(`/api/admin/leads/${id}`, { jwt });
  expect(res.status).toBe(200);
  return (await res.json()) as LeadDetailResponse;
};
const emailsIn = async (id: string) => (await detail(id)).activity.filter((a) => a.type === 'email_in');
const messageId = () => `<${uniqueId()}@mail.example.com>`;

describe('mail in: a prospect answers a reply address', () => {
  it('appends the reply to the lead with the quoted history stripped, shows Replied by prospect and alerts the assignee', async () => {
    const l = await lead();
    await callApi(`/api/admin/leads/${l.id}/assignee`, { method: 'PATCH', jwt: accounts.moderator.jwt, body: { assigneeId: 'me' } });
    const mid = messageId();
    const text = 'Yes, Tuesday at 10 works.\r\nWe can pay half up front.\r\n\r\nOn Thu, 26 Nov 2026 at 09:00, Volta Labs <hello@voltalabs.dev> wrote:\r\n> Could we meet on Tuesday?\r\n> Kind regards';
    const { rejected, jobs } = await deliver(l.email, l.address, prospectMail({ from: l.email, to: l.address, messageId: mid, subject: 'Re: Your online shop', text, fromName: l.name }));
    expect(rejected).toBeNull();

    const [mail, ...more] = await emailsIn(l.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ text: 'Yes, Tuesday at 10 works.\nWe can pay half up front.', subject: 'Re: Your online shop', messageId: mid, from: l.email, attachments: null });
    expect(mail!.id).toBe(await inboundActivityId(l.id, mid));

    const row = (await detail(l.id)).lead;
    expect(row.lastInboundAt).not.toBeNull();
    expect(repliedByProspect(row)).toBe(true);
    const listed = (await (await callApi(`/api/admin/leads?q=${encodeURIComponent(l.name.split(' ')[1]!)}`, { jwt: accounts.moderator.jwt })).json()) as LeadListResponse;
    expect(listed.leads.find((r) => r.id === l.id)?.lastInboundAt).toBe(row.lastInboundAt);

    // The alert job: kind prospect_reply, keyed by the activity, for the assignee, with the first words.
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: 'alert-event', id: `alert-event:prospect_reply:${mail!.id}` });
    expect(parseAlertEventFields(jobs[0]!.fields)).toMatchObject({
      kind: 'prospect_reply', key: mail!.id, leadId: l.id, userId: accounts.moderator.id, who: l.name, words: 'Yes, Tuesday at 10 works. We can pay half up front.',
    });
  });

  it('files the same Message-ID once, however often it is delivered', async () => {
    const l = await lead();
    const raw = prospectMail({ from: l.email, to: l.address, messageId: messageId(), text: 'Only once, please.' });
    const first = await deliver(l.email, l.address, raw);
    const second = await deliver(l.email, l.address, raw);
    expect([first.rejected, second.rejected]).toEqual([null, null]);
    expect((await emailsIn(l.id)).map((a) => a.text)).toEqual(['Only once, please.']);
    // Raised again, the alert has the same job id: the ledger delivers it once.
    expect(second.jobs.map((j) => j.id)).toEqual(first.jobs.map((j) => j.id));
  });

  it('reads an HTML-only reply as text, its Gmail quotation stripped', async () => {
    const l = await lead();
    const html = '<div dir="ltr">Thanks, see you <b>Tuesday</b>!</div><div class="gmail_quote"><div class="gmail_attr">On Fri, Nov 27, 2026 at 10:00 AM Volta Labs &lt;hello@voltalabs.dev&gt; wrote:<br></div><blockquote class="gmail_quote">When can we meet?</blockquote></div>';
    expect((await deliver(l.email, l.address, prospectMail({ from: l.email, to: l.address, messageId: messageId(), text: '', html }))).rejected).toBeNull();
    expect((await emailsIn(l.id)).map((a) => a.text)).toEqual(['Thanks, see you Tuesday!']);
  });

  it('keeps an automatic reply (out of office) on the lead, without Replied by prospect or an alert', async () => {
    const l = await lead();
    const auto = await deliver(l.email, l.address, prospectMail({
      from: l.email, to: l.address, messageId: messageId(), subject: 'Out of office', text: 'I am away until Monday.', headers: { 'Auto-Submitted': 'auto-replied' },
    }));
    expect(auto).toEqual({ rejected: null, jobs: [] });
    expect((await emailsIn(l.id)).map((a) => a.text)).toEqual(['Automatic reply: I am away until Monday.']);
    const row = (await detail(l.id)).lead;
    expect(row.lastInboundAt).toBeNull();
    expect(repliedByProspect(row)).toBe(false);
  });

  it('throws when Appwrite cannot be reached (Email Routing refuses the message and the sender retries), filing nothing', async () => {
    const l = await lead();
    const raw = prospectMail({ from: l.email, to: l.address, messageId: messageId(), text: 'Are you there?' });
    await expect(deliver(l.email, l.address, raw, { APPWRITE_ENDPOINT: appwrite.downEndpoint })).rejects.toThrow();
    expect(await emailsIn(l.id)).toEqual([]);
  });

  it('rejects a forged or unknown token, naming the agency address, and files nothing', async () => {
    const l = await lead();
    const forged = `reply+${'0'.repeat(32)}@${config.INBOUND_DOMAIN}`;
    const res = await deliver(l.email, forged, prospectMail({ from: l.email, to: forged, messageId: messageId(), text: 'Hello?' }));
    expect(res.rejected).toBe(rejectReasons.unknownAddress(config));
    expect(res.rejected).toContain('hello@voltalabs.dev');
    expect(res.jobs).toEqual([]);
    // Another domain, or not a reply address at all.
    const other = await deliver(l.email, 'someone@reply.voltalabs.dev', prospectMail({ from: l.email, to: 'someone@reply.voltalabs.dev', messageId: messageId(), text: 'Hi' }));
    expect(other.rejected).toBe(rejectReasons.unknownAddress(config));
    expect(await emailsIn(l.id)).toEqual([]);
  });

  it('rejects a valid token from a stranger (envelope or From header), and files nothing', async () => {
    const l = await lead();
    const stranger = 'mallory@example.net';
    const byEnvelope = await deliver(stranger, l.address, prospectMail({ from: stranger, to: l.address, messageId: messageId(), text: 'Buy now' }));
    expect(byEnvelope.rejected).toBe(rejectReasons.stranger(config));
    // A forged From header with a stranger's envelope, and the lead's envelope with a stranger's From.
    const spoofedHeader = await deliver(stranger, l.address, prospectMail({ from: l.email, to: l.address, messageId: messageId(), text: 'It is me, honest' }));
    expect(spoofedHeader.rejected).toBe(rejectReasons.stranger(config));
    const spoofedEnvelope = await deliver(l.email, l.address, prospectMail({ from: stranger, to: l.address, messageId: messageId(), text: 'Hi' }));
    expect(spoofedEnvelope.rejected).toBe(rejectReasons.stranger(config));
    expect([byEnvelope, spoofedHeader, spoofedEnvelope].flatMap((d) => d.jobs)).toEqual([]);
    expect(await emailsIn(l.id)).toEqual([]);
    // The lead's own address in another case is the lead's.
    const upper = await deliver(l.email.toUpperCase(), l.address.toUpperCase(), prospectMail({ from: l.email.toUpperCase(), to: l.address, messageId: messageId(), text: 'Caps lock' }));
    expect(upper.rejected).toBeNull();
  });
});

describe('mail in: attachments', () => {
  const pdf = new TextEncoder().encode('%PDF-1.4\n% a brief\n');
  const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(65);

  async function withAttachments() {
    const l = await lead();
    const raw = prospectMail({
      from: l.email, to: l.address, messageId: messageId(), text: 'Our brief is attached.',
      parts: [
        { name: 'brief.pdf', type: 'application/pdf', bytes: pdf },
        { name: 'huge.png', type: 'image/png', bytes: big },
        { name: 'setup.exe', type: 'application/octet-stream', bytes: new Uint8Array([77, 90]) },
        { name: 'logo.svg', type: 'image/svg+xml', bytes: new TextEncoder().encode('<svg onload="alert(1)"/>') },
      ],
    });
    expect((await deliver(l.email, l.address, raw)).rejected).toBeNull();
    const [mail] = await emailsIn(l.id);
    return { l, entries: parseAttachmentEntries(mail!.attachments) };
  }

  it('keeps an allowed file in Storage with no client permissions, and lists the oversized and unsafe ones as dropped', { timeout: 60_000 }, async () => {
    const { entries } = await withAttachments();
    expect(entries.map((e) => ('fileId' in e ? `kept ${e.name}` : `dropped ${e.name}: ${e.dropped}`))).toEqual([
      'kept brief.pdf',
      'dropped huge.png: Larger than 10 MB.',
      'dropped setup.exe: File type not accepted (PDF, images, text, CSV and Office documents only).',
      'dropped logo.svg: File type not accepted (PDF, images, text, CSV and Office documents only).',
    ]);
    const kept = entries[0] as Extract<AttachmentEntry, { fileId: string }>;
    const file = await appwriteRest('GET', `/storage/buckets/${BUCKETS.attachments}/files/${kept.fileId}`);
    expect(file.status).toBe(200);
    expect(file.body).toMatchObject({ name: 'brief.pdf', mimeType: 'application/pdf', sizeOriginal: pdf.byteLength, $permissions: [] });
  });

  it('lets staff download it through the Worker only: 401 signed out, 403 for a user, 404 for another lead, 200 for staff', { timeout: 60_000 }, async () => {
    const { l, entries } = await withAttachments();
    const fileId = (entries[0] as Extract<AttachmentEntry, { fileId: string }>).fileId;
    const path = `/api/admin/leads/${l.id}/attachments/${fileId}`;
    expect((await callApi(path)).status).toBe(401);
    expect((await callApi(path, { jwt: accounts.user.jwt })).status).toBe(403);
    const other = await lead();
    const wrongLead = await callApi(`/api/admin/leads/${other.id}/attachments/${fileId}`, { jwt: accounts.moderator.jwt });
    expect(wrongLead.status).toBe(404);
    expect(((await wrongLead.json()) as { error: string }).error).toBe('attachment_not_found');

    const res = await callApi(path, { jwt: accounts.moderator.jwt });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="brief.pdf"; filename*=UTF-8''brief.pdf`);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
  });

  it('erasing the person deletes the files too', { timeout: 60_000 }, async () => {
    const { l, entries } = await withAttachments();
    const fileId = (entries[0] as Extract<AttachmentEntry, { fileId: string }>).fileId;
    const erased = await callApi('/api/admin/leads/erasure', { method: 'POST', jwt: accounts.admin.jwt, body: { email: l.email } });
    expect(erased.status).toBe(200);
    expect((await appwriteRest('GET', `/storage/buckets/${BUCKETS.attachments}/files/${fileId}`)).status).toBe(404);
    expect((await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, l.id))).status).toBe(404);
    // And the reply address leads nowhere now.
    const after = await deliver(l.email, l.address, prospectMail({ from: l.email, to: l.address, messageId: messageId(), text: 'Hello again' }));
    expect(after.rejected).toBe(rejectReasons.unknownAddress(config));
  });
});


