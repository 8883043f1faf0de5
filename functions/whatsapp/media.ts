import { appConfig, whatsappSettings, type WhatsAppSettings } from '../../platform/config.ts';
import { AppwriteApiError, appwriteSettings, serverClient, type AppwriteClient } from '../../platform/appwrite.ts';
import { downloadMedia, GRAPH_ERRORS, mediaInfo, WhatsAppRefused } from '../../platform/whatsapp.ts';
import { BUCKETS } from '../../shared/appwrite/schema.ts';
import { sha256Hex, toHex } from '../../shared/hex.ts';
import { errorText, type Logger } from '../../shared/log.ts';
import type { WaMediaRef } from '../../shared/whatsapp/inbound.ts';
import {
  checksumMatches, checksumReason, droppedName, mediaVerdict, notAcceptedReason, tooLargeReason, TRANSCRIBE_MAX_BYTES,
  voiceNoteNotes, waMediaType, type WaAttachmentEntry, type WaMediaKind,
} from '../../shared/whatsapp/media.ts';
import { transcribeVoiceNote } from '../ai/transcribe.ts';

// A customer's media (docs/decisions/0031, "Media"): fetched with the media API (bounded by its kind's limit),
// checked (type, size, content, Meta's SHA-256) and kept in the Appwrite Storage bucket `whatsapp_media`
// (no client permissions: staff read it through the Worker); a voice note is also transcribed with Gemini.
// A bad file is dropped with a reason staff can read; only a transient failure (Graph or Appwrite
// unavailable) throws, so the `wa-in` job is retried. The file id is fixed by the message, so a retry
// finds the file already kept instead of storing it twice.

export interface KeptMedia {
  /** JSON for the activity's `attachments` (kept files and dropped ones, like mail's). */
  attachments: string;
  /** A voice note's transcript, when there is one. */
  transcript: string | null;
  /** Why a voice note has no transcript (e.g. "Voice note (not transcribed: …)"), else null. */
  note: string | null;
}

/** The file id of a message's media (≤ 36 characters, fixed: a retry finds it there). */
export const waMediaFileId = async (wamid: string, mediaId: string) => `wa-${(await sha256Hex(`${wamid}#${mediaId}`)).slice(0, 32)}`;

const dropped = (name: string, size: number, reason: string): KeptMedia => ({
  attachments: JSON.stringify([{ name, size, dropped: reason }]),
  transcript: null,
  note: null,
});

/** A refusal that trying again will not change (the media is gone, too large…); a bad token or throughput is transient. */
const permanent = (err: unknown): err is WhatsAppRefused =>
  err instanceof WhatsAppRefused && !err.transient && err.code !== GRAPH_ERRORS.invalidToken;

interface Stored {
  name: string;
  type: string;
  kind: WaMediaKind;
  size: number;
  /** The bytes (always for audio). */
  bytes: Uint8Array | null;
}

/**
 * Fetches, checks and keeps one media item. Always answers with its `attachments` entry (kept, or dropped
 * with the reason); the `| null` of the signature is never used.
 */
export async function keepInboundMedia(env: Env, log: Logger, leadId: string, wamid: string, media: WaMediaRef): Promise<KeptMedia | null> {
  const config = appConfig(env);
  const wa = whatsappSettings(config);
  const aw = appwriteSettings(config);
  if (!wa || !aw?.apiKey) throw new Error('WhatsApp media needs the WhatsApp and Appwrite settings (with APPWRITE_API_KEY).');
  const client = serverClient({ ...aw, apiKey: aw.apiKey });
  const fileId = await waMediaFileId(wamid, media.id);
  const ctx = { leadId, wamid, fileId };

  // Declared as a type we never keep: dropped without downloading it.
  const limits = waMediaType(media.mimeType);
  if (!limits) {
    log.info('wa_media.dropped', { ...ctx, why: 'type', type: media.mimeType });
    return dropped(droppedName(media.filename, media.mimeType), 0, notAcceptedReason);
  }
  const kept = (await storedAlready(client, fileId, limits)) ?? (await fetchAndStore(client, wa, log, ctx, media, limits));
  if ('reason' in kept) return dropped(kept.name, kept.size, kept.reason);

  const entry: WaAttachmentEntry = { name: kept.name, fileId, type: kept.type, size: kept.size, kind: kept.kind, ...(media.voice ? { voice: true } : {}) };
  if (kept.kind !== 'audio') return { attachments: JSON.stringify([entry]), transcript: null, note: null };
  const { transcript, note } = await transcribe(config, log, ctx, kept);
  return { attachments: JSON.stringify([note ? { ...entry, note } : entry]), transcript, note };
}

/**
 * A retry after the file was kept: the stored copy (the media URL may have expired since), as the declared
 * type kept it (Appwrite may name the type its own way); its bytes only for a voice note to transcribe.
 */
async function storedAlready(client: AppwriteClient, fileId: string, limits: { type: string; kind: WaMediaKind }): Promise<Stored | null> {
  const file = await client.getFile(BUCKETS.whatsappMedia, fileId);
  if (!file) return null;
  // An upload cut off between chunks: started again from the start.
  if (file.chunksUploaded < file.chunksTotal) {
    await client.deleteFile(BUCKETS.whatsappMedia, fileId);
    return null;
  }
  const bytes = limits.kind === 'audio' ? await client.downloadFile(BUCKETS.whatsappMedia, fileId) : null;
  if (limits.kind === 'audio' && !bytes) return null;
  return { name: file.name, type: limits.type, kind: limits.kind, size: file.sizeOriginal, bytes: bytes ? new Uint8Array(bytes) : null };
}

type Ctx = { leadId: string; wamid: string; fileId: string };

async function fetchAndStore(
  client: AppwriteClient, wa: WhatsAppSettings, log: Logger, ctx: Ctx, media: WaMediaRef, limits: { kind: WaMediaKind; maxBytes: number },
): Promise<Stored | { name: string; size: number; reason: string }> {
  const name = droppedName(media.filename, media.mimeType);
  const drop = (why: string, size: number, reason: string) => {
    log.info('wa_media.dropped', { ...ctx, why, size });
    return { name, size, reason };
  };
  let bytes: Uint8Array;
  let declaredSha: string | null;
  try {
    const info = await mediaInfo(wa, media.id);
    declaredSha = info.sha256;
    bytes = await downloadMedia(wa, info, limits.maxBytes);
  } catch (err) {
    if (!permanent(err)) throw err;
    if (err.code === 413) return drop('size', 0, tooLargeReason(limits.kind));
    return drop('graph', 0, `WhatsApp did not give us the file (${err.message}).`);
  }
  const sha = toHex(await crypto.subtle.digest('SHA-256', bytes));
  if (!checksumMatches(media.sha256, sha) || !checksumMatches(declaredSha, sha)) return drop('checksum', bytes.byteLength, checksumReason);
  const verdict = mediaVerdict({ declaredType: media.mimeType, filename: media.filename, voice: media.voice, bytes, at: new Date().toISOString() });
  if (!verdict.keep) return drop('content', bytes.byteLength, verdict.reason);
  try {
    await client.createFile(BUCKETS.whatsappMedia, ctx.fileId, { name: verdict.name, type: verdict.type, bytes });
  } catch (err) {
    if (!(err instanceof AppwriteApiError)) throw err;
    // 409: the same message's job at the same time stored it. Any other refusal (the bucket's own limits): dropped.
    if (err.status !== 409) return drop('storage', bytes.byteLength, 'Storage refused the file.');
  }
  log.info('wa_media.kept', { ...ctx, kind: verdict.kind, size: bytes.byteLength });
  return { name: verdict.name, type: verdict.type, kind: verdict.kind, size: bytes.byteLength, bytes };
}

/** The voice note's transcript, or the note saying why there is none; a failure never loses the audio. */
async function transcribe(config: ReturnType<typeof appConfig>, log: Logger, ctx: Ctx, audio: Stored): Promise<{ transcript: string | null; note: string | null }> {
  if (!config.GEMINI_API_KEY) return { transcript: null, note: voiceNoteNotes.noKey };
  if (!audio.bytes || audio.bytes.byteLength > TRANSCRIBE_MAX_BYTES) return { transcript: null, note: voiceNoteNotes.tooLong };
  try {
    const text = await transcribeVoiceNote({ apiKey: config.GEMINI_API_KEY, model: config.GEMINI_MODEL, baseUrl: config.GEMINI_BASE_URL }, audio.bytes, audio.type);
    return text ? { transcript: text, note: null } : { transcript: null, note: voiceNoteNotes.empty };
  } catch (err) {
    log.warn('wa_media.transcription_failed', { ...ctx, error: errorText(err) });
    return { transcript: null, note: voiceNoteNotes.failed };
  }
}
