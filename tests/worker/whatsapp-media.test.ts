import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { keepInboundMedia, waMediaFileId, type KeptMedia } from '../../functions/whatsapp/media.ts';
import { activityDocument, inquiryDocument } from '../../shared/admin/inquiry.ts';
import { BUCKETS, COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { createLogger } from '../../shared/log.ts';
import { parseAttachmentEntries } from '../../shared/mail/attachments.ts';
import type { WaMediaRef } from '../../shared/whatsapp/inbound.ts';
import { checksumReason, notAcceptedReason, tooLargeReason, voiceNoteNotes, type WaAttachmentEntry } from '../../shared/whatsapp/media.ts';
import { AUDIO_TRANSCRIPT } from '../emulators/gemini/server.ts';
import { customerMessage, graphStandIn, newWamid } from '../kit/whatsapp.ts';
import { accounts, appwriteRest, callApi, documentPath } from './appwrite-helpers.ts';
import { activitiesOf, filed, newCustomer, sendMessages } from './whatsapp-helpers.ts';

// A customer's WhatsApp media (functions/whatsapp/media.ts) in workerd: fetched from the Graph API stand-in
// (tests/emulators/whatsapp), checked, kept in the Appwrite emulator's `whatsapp_media` bucket, voice notes
// transcribed by the Gemini stand-in; then read back by staff through the lead attachment route.

const standIn = graphStandIn((env as unknown as { WHATSAPP_STANDIN: string }).WHATSAPP_STANDIN);
const log = createLogger(console, { source: 'test' });
const enc = (s: string) => new TextEncoder().encode(s);
const join = (...parts: (Uint8Array | number[])[]) => new Uint8Array(parts.flatMap((p) => [...p]));

const jpeg = join([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], enc('JFIF\0'), new Uint8Array(200).fill(7), [0xff, 0xd9]);
const pdf = enc('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const voice = join(enc('OggS'), [0, 2], new Uint8Array(22), enc('OpusHead'), new Uint8Array(400).fill(3));
const exe = join(enc('MZ'), [0x90, 0, 3, 0, 0, 0, 4], new Uint8Array(100));

const sha256Hex = async (b: Uint8Array) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', b))].map((x) => x.toString(16).padStart(2, '0')).join('');

async function lead(): Promise<string> {
  const leadId = uniqueId();
  const inquiry = inquiryDocument({ id: leadId, kind: 'whatsapp', submittedAt: new Date().toISOString(), fields: { name: 'Kwame Mensah' } });
  await appwriteRest('POST', documentPath(COLLECTIONS.inquiries), { documentId: leadId, data: inquiry.data });
  return leadId;
}

/** The media as the inbound job hands it over: registered in the Graph stand-in, named by a webhook. */
async function ref(mimeType: string, bytes: Uint8Array, extra: Partial<WaMediaRef> = {}): Promise<WaMediaRef> {
  const id = await standIn.media(mimeType, bytes, extra.filename ?? undefined);
  return { id, mimeType, sha256: await sha256Hex(bytes), filename: null, caption: null, voice: false, ...extra };
}

const entriesOf = (kept: KeptMedia | null) => parseAttachmentEntries(kept?.attachments) as WaAttachmentEntry[];
const storedFile = (fileId: string) => appwriteRest('GET', `/storage/buckets/${BUCKETS.whatsappMedia}/files/${fileId}`);

/** The `wa_in` activity the inbound job files with the media's attachments. */
async function fileOn(leadId: string, kept: KeptMedia) {
  const doc = activityDocument({ documentId: uniqueId(), leadId, type: 'wa_in', at: new Date().toISOString(), text: kept.transcript ?? kept.note, attachments: kept.attachments });
  await appwriteRest('POST', documentPath(COLLECTIONS.leadActivity), { documentId: doc.documentId, data: doc.data });
}

describe('keepInboundMedia', () => {
  it('keeps an image under a fixed file id, as a JPEG named by the day', async () => {
    const leadId = await lead();
    const wamid = newWamid();
    const media = await ref('image/jpeg', jpeg, { caption: 'My shop sign' });
    const kept = await keepInboundMedia(env, log, leadId, wamid, media);
    const [entry, ...more] = entriesOf(kept);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ fileId: await waMediaFileId(wamid, media.id), type: 'image/jpeg', size: jpeg.byteLength, kind: 'image' });
    expect(entry?.name).toMatch(/^image-\d{4}-\d\d-\d\d\.jpg$/);
    expect(kept?.transcript).toBeNull();
    const file = await storedFile((entry as { fileId: string }).fileId);
    expect(file.status).toBe(200);
    expect(file.body).toMatchObject({ mimeType: 'image/jpeg', sizeOriginal: jpeg.byteLength });
  });

  it('keeps a document under its own name', async () => {
    const kept = await keepInboundMedia(env, log, await lead(), newWamid(), await ref('application/pdf', pdf, { filename: 'Brief for the shop.pdf' }));
    expect(entriesOf(kept)).toEqual([expect.objectContaining({ name: 'Brief for the shop.pdf', type: 'application/pdf', size: pdf.byteLength, kind: 'document' })]);
  });

  it('keeps a voice note and transcribes it with Gemini (the transcript becomes the turn\'s text)', async () => {
    const kept = await keepInboundMedia(env, log, await lead(), newWamid(), await ref('audio/ogg; codecs=opus', voice, { voice: true }));
    expect(kept?.transcript).toBe(AUDIO_TRANSCRIPT);
    expect(kept?.note).toBeNull();
    const [entry] = entriesOf(kept);
    expect(entry).toMatchObject({ type: 'audio/ogg', kind: 'audio', voice: true, size: voice.byteLength });
    expect(entry?.name).toMatch(/^voice-note-.*\.ogg$/);
    expect(entry).not.toHaveProperty('note');
  });

  it('keeps a voice note without a transcript when there is no Gemini key, or Gemini fails, and says why', async () => {
    const noKey = await keepInboundMedia({ ...env, GEMINI_API_KEY: '' }, log, await lead(), newWamid(), await ref('audio/ogg', voice, { voice: true }));
    expect(noKey).toMatchObject({ transcript: null, note: voiceNoteNotes.noKey });
    expect(entriesOf(noKey)[0]).toMatchObject({ kind: 'audio', note: 'Voice note (not transcribed: no Gemini key configured)' });
    expect(entriesOf(noKey)[0]).toHaveProperty('fileId');

    const failed = await keepInboundMedia({ ...env, GEMINI_API_KEY: 'a-key-gemini-refuses' }, log, await lead(), newWamid(), await ref('audio/ogg', voice, { voice: true }));
    expect(failed).toMatchObject({ transcript: null, note: voiceNoteNotes.failed });
    expect(entriesOf(failed)[0]).toHaveProperty('fileId');
  });

  it('drops a file over its kind\'s limit without reading it whole', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 4);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const kept = await keepInboundMedia(env, log, await lead(), newWamid(), await ref('image/jpeg', big));
    expect(entriesOf(kept)).toEqual([expect.objectContaining({ dropped: tooLargeReason('image') })]);
  });

  it('drops a file whose bytes are not its type (an executable named .pdf), and a type never kept', async () => {
    const wamid = newWamid();
    const media = await ref('application/pdf', exe, { filename: 'invoice.pdf' });
    const kept = await keepInboundMedia(env, log, await lead(), wamid, media);
    expect(entriesOf(kept)).toEqual([{ name: 'invoice.pdf', size: exe.byteLength, dropped: 'The file\'s content is not a PDF, as it claimed to be.' }]);
    expect((await storedFile(await waMediaFileId(wamid, media.id))).status).toBe(404);

    const declared = await keepInboundMedia(env, log, await lead(), newWamid(), await ref('application/x-msdownload', exe, { filename: 'setup.exe' }));
    expect(entriesOf(declared)).toEqual([{ name: 'setup.exe', size: 0, dropped: notAcceptedReason }]);
  });

  it('drops a file whose SHA-256 is not the one the webhook declared', async () => {
    const wamid = newWamid();
    const media = await ref('image/jpeg', jpeg, { sha256: await sha256Hex(pdf) });
    const kept = await keepInboundMedia(env, log, await lead(), wamid, media);
    expect(entriesOf(kept)).toEqual([expect.objectContaining({ dropped: checksumReason })]);
    expect((await storedFile(await waMediaFileId(wamid, media.id))).status).toBe(404);
  });

  it('drops media WhatsApp no longer has; a retried message reuses its kept file without the Graph API (stored once); a bad token throws', async () => {
    const gone = await keepInboundMedia(env, log, await lead(), newWamid(), { id: '999000111222', mimeType: 'image/jpeg', sha256: null, filename: null, caption: null, voice: false });
    expect(entriesOf(gone)[0]).toMatchObject({ dropped: expect.stringMatching(/^WhatsApp did not give us the file/) });

    const leadId = await lead();
    const wamid = newWamid();
    const media = await ref('audio/ogg', voice, { voice: true });
    const first = await keepInboundMedia(env, log, leadId, wamid, media);
    const fileId = await waMediaFileId(wamid, media.id);
    const createdAt = (await storedFile(fileId)).body.$createdAt;
    // The retry reads the kept copy and asks the Graph API nothing (with a token it refuses, it still works).
    const noGraph = { ...env, WHATSAPP_TOKEN: 'a-token-the-graph-api-refuses' };
    const again = await keepInboundMedia(noGraph, log, leadId, wamid, media);
    expect(again).toEqual(first);
    expect((await storedFile(fileId)).body.$createdAt).toBe(createdAt);
    // An image's retry too (its stored copy is not read back: only a voice note needs the bytes again).
    const imageWamid = newWamid();
    const image = await ref('image/jpeg', jpeg);
    const firstImage = await keepInboundMedia(env, log, leadId, imageWamid, image);
    expect(await keepInboundMedia(noGraph, log, leadId, imageWamid, image)).toEqual(firstImage);
    // Whereas a message not kept yet does need the Graph API: it throws (the job is retried), it drops nothing.
    await expect(keepInboundMedia(noGraph, log, leadId, newWamid(), await ref('image/jpeg', jpeg))).rejects.toThrow();
  });
});

describe('staff reading a customer\'s media', () => {
  it('serves it to staff only, and only on its own lead: 401 signed out, 403 for a user, 404 for another lead, 200 for staff', { timeout: 60_000 }, async () => {
    const leadId = await lead();
    const image = await keepInboundMedia(env, log, leadId, newWamid(), await ref('image/jpeg', jpeg));
    const doc = await keepInboundMedia(env, log, leadId, newWamid(), await ref('application/pdf', pdf, { filename: 'brief.pdf' }));
    const audio = await keepInboundMedia(env, log, leadId, newWamid(), await ref('audio/ogg', voice, { voice: true }));
    for (const kept of [image, doc, audio]) await fileOn(leadId, kept!);
    const idOf = (kept: KeptMedia | null) => (entriesOf(kept)[0] as { fileId: string }).fileId;
    const path = `/api/admin/leads/${leadId}/attachments/${idOf(image)}`;

    expect((await callApi(path)).status).toBe(401);
    expect((await callApi(path, { jwt: accounts.user.jwt })).status).toBe(403);
    const other = await lead();
    const wrongLead = await callApi(`/api/admin/leads/${other}/attachments/${idOf(image)}`, { jwt: accounts.moderator.jwt });
    expect(wrongLead.status).toBe(404);
    expect(((await wrongLead.json()) as { error: string }).error).toBe('attachment_not_found');
    // A file kept for no activity of the lead (the job has not filed it yet) is not served either.
    const unfiled = await keepInboundMedia(env, log, leadId, newWamid(), await ref('image/jpeg', jpeg));
    expect((await callApi(`/api/admin/leads/${leadId}/attachments/${idOf(unfiled)}`, { jwt: accounts.moderator.jwt })).status).toBe(404);

    const res = await callApi(path, { jwt: accounts.moderator.jwt });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(res.headers.get('Content-Disposition')).toMatch(/^inline; filename="image-/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpeg);

    const pdfRes = await callApi(`/api/admin/leads/${leadId}/attachments/${idOf(doc)}`, { jwt: accounts.moderator.jwt });
    expect(pdfRes.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdfRes.headers.get('Content-Disposition')).toBe(`attachment; filename="brief.pdf"; filename*=UTF-8''brief.pdf`);
    expect(new Uint8Array(await pdfRes.arrayBuffer())).toEqual(pdf);

    const audioRes = await callApi(`/api/admin/leads/${leadId}/attachments/${idOf(audio)}`, { jwt: accounts.moderator.jwt });
    expect(audioRes.headers.get('Content-Type')).toBe('audio/ogg');
    expect(audioRes.headers.get('Content-Disposition')).toMatch(/^inline; /);
    expect(new Uint8Array(await audioRes.arrayBuffer())).toEqual(voice);
  });

  it('erasing the lead deletes its WhatsApp media too', { timeout: 60_000 }, async () => {
    const leadId = await lead();
    const kept = await keepInboundMedia(env, log, leadId, newWamid(), await ref('image/jpeg', jpeg));
    await fileOn(leadId, kept!);
    const fileId = (entriesOf(kept)[0] as { fileId: string }).fileId;
    expect((await storedFile(fileId)).status).toBe(200);
    const erased = await callApi('/api/admin/leads/erasure', { method: 'POST', jwt: accounts.admin.jwt, body: { leadId } });
    expect(erased.status).toBe(200);
    expect((await storedFile(fileId)).status).toBe(404);
    expect((await appwriteRest('GET', documentPath(COLLECTIONS.inquiries, leadId))).status).toBe(404);
  });

  it('through the signed webhook: a voice note and an image land on the lead, kept, the transcript as the turn\'s words, readable by staff', { timeout: 60_000 }, async () => {
    const customer = newCustomer();
    const audioId = await standIn.media('audio/ogg; codecs=opus', voice);
    const imageId = await standIn.media('image/jpeg', jpeg);
    const now = Math.floor(Date.now() / 1000);
    const messages = [
      { ...customerMessage(customer, { audio: { id: audioId, mime_type: 'audio/ogg; codecs=opus', voice: true } }), timestamp: String(now) },
      { ...customerMessage(customer, { image: { id: imageId, mime_type: 'image/jpeg', sha256: await sha256Hex(jpeg), caption: 'Our shop sign' } }), timestamp: String(now + 1) },
    ] as ReturnType<typeof customerMessage>[];
    expect((await sendMessages(customer, messages)).status).toBe(200);
    const [l] = await filed(customer.from, 2);
    const leadId = String(l!.$id);
    const activities = (await activitiesOf(leadId)).sort((a, b) => String(a.at).localeCompare(String(b.at)));
    expect(activities.map((a) => a.text)).toEqual([`(Voice note) ${AUDIO_TRANSCRIPT}`, '(Image) Our shop sign']);
    const [audio, image] = activities.map((a) => parseAttachmentEntries(String(a.attachments))[0] as WaAttachmentEntry & { fileId: string });
    expect(audio).toMatchObject({ type: 'audio/ogg', kind: 'audio', voice: true, size: voice.byteLength });
    expect(image).toMatchObject({ type: 'image/jpeg', kind: 'image', size: jpeg.byteLength });
    const res = await callApi(`/api/admin/leads/${leadId}/attachments/${audio!.fileId}`, { jwt: accounts.moderator.jwt });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(voice);
  });
});
