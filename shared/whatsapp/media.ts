// Which media a WhatsApp customer sends are kept (docs/decisions/0031, "Media"): an allow-list of types per
// kind, a size limit per kind (within the bucket `whatsapp_media`), and the file's first bytes must be what
// its type says, since the declared type is whatever the sender's phone wrote and staff open files by name.
// Names and the activity's `attachments` JSON are mail's (shared/mail/attachments.ts). Pure, no I/O.

import { attachmentName, type AttachmentEntry } from '../mail/attachments.ts';

export type WaMediaKind = 'image' | 'document' | 'audio';

const MB = 1024 * 1024;

/** Per kind: Meta's own limit for images (5 MB); documents and audio up to the bucket's 16 MB. */
export const WA_MEDIA_MAX_BYTES: Readonly<Record<WaMediaKind, number>> = { image: 5 * MB, document: 16 * MB, audio: 16 * MB };

/** A voice note longer than this is kept but not transcribed (inline audio must fit Gemini's 20 MB request). */
export const TRANSCRIBE_MAX_BYTES = 12 * MB;

/** What a file's first bytes show it to be. */
type Signature = 'jpeg' | 'png' | 'webp' | 'pdf' | 'zip' | 'ogg' | 'mp3' | 'mp4' | 'aac' | 'amr' | 'text';

interface MediaType {
  kind: WaMediaKind;
  /** The extension it is kept under (the bucket's allow-list). */
  ext: string;
  /** The signatures its bytes may have. */
  bytes: readonly Signature[];
  /** For a readable reason. */
  label: string;
}

/** Declared type (without parameters) → how it is kept. */
export const WA_MEDIA_TYPES: Readonly<Record<string, MediaType>> = {
  'image/jpeg': { kind: 'image', ext: 'jpg', bytes: ['jpeg'], label: 'JPEG image' },
  'image/png': { kind: 'image', ext: 'png', bytes: ['png'], label: 'PNG image' },
  'image/webp': { kind: 'image', ext: 'webp', bytes: ['webp'], label: 'WebP image' },
  'application/pdf': { kind: 'document', ext: 'pdf', bytes: ['pdf'], label: 'PDF' },
  'text/plain': { kind: 'document', ext: 'txt', bytes: ['text'], label: 'text file' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { kind: 'document', ext: 'docx', bytes: ['zip'], label: 'Word document' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { kind: 'document', ext: 'xlsx', bytes: ['zip'], label: 'Excel workbook' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { kind: 'document', ext: 'pptx', bytes: ['zip'], label: 'PowerPoint presentation' },
  // WhatsApp's own voice notes are Ogg Opus ("audio/ogg; codecs=opus").
  'audio/ogg': { kind: 'audio', ext: 'ogg', bytes: ['ogg'], label: 'Ogg audio' },
  'audio/opus': { kind: 'audio', ext: 'opus', bytes: ['ogg'], label: 'Opus audio' },
  'audio/mpeg': { kind: 'audio', ext: 'mp3', bytes: ['mp3'], label: 'MP3 audio' },
  'audio/mp4': { kind: 'audio', ext: 'm4a', bytes: ['mp4'], label: 'M4A audio' },
  'audio/x-m4a': { kind: 'audio', ext: 'm4a', bytes: ['mp4'], label: 'M4A audio' },
  'audio/aac': { kind: 'audio', ext: 'aac', bytes: ['aac', 'mp4'], label: 'AAC audio' },
  'audio/amr': { kind: 'audio', ext: 'amr', bytes: ['amr'], label: 'AMR audio' },
};

const bareType = (declared: string) => declared.toLowerCase().split(';', 1)[0]?.trim() ?? '';

/** How a declared type is kept; null when it is not accepted at all (nothing is downloaded then). */
export function waMediaType(declared: string): (MediaType & { type: string; maxBytes: number }) | null {
  const type = bareType(declared);
  const t = WA_MEDIA_TYPES[type];
  return t ? { ...t, type, maxBytes: WA_MEDIA_MAX_BYTES[t.kind] } : null;
}

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Plain text: valid UTF-8 without NUL or other binary control characters (tab, newlines and form feed allowed). */
function isText(b: Uint8Array): boolean {
  const head = b.subarray(0, 4096);
  for (const x of head) if (x < 0x20 && x !== 0x09 && x !== 0x0a && x !== 0x0c && x !== 0x0d) return false;
  try {
    // A multi-byte character cut at 4096 is not an error: decode in streaming mode.
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** What the first bytes show the file to be, or null when it is none of the accepted formats. */
export function sniffSignature(b: Uint8Array): Signature | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(b, ascii('%PDF-'))) return 'pdf';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(b, ascii('OggS'))) return 'ogg';
  if (startsWith(b, ascii('#!AMR'))) return 'amr';
  if (startsWith(b, ascii('ftyp'), 4)) return 'mp4';
  if (startsWith(b, ascii('ID3'))) return 'mp3';
  // MPEG audio frame sync: 11 bits set; layer bits 00 is AAC's ADTS header, anything else MP3.
  const second = b[1] ?? 0;
  if (b[0] === 0xff && (second & 0xe0) === 0xe0) return (second & 0x06) === 0 ? 'aac' : 'mp3';
  if (b.length && isText(b)) return 'text';
  return null;
}

export interface IncomingMedia {
  /** The type the webhook (or the media API) declared. */
  declaredType: string;
  /** The document's file name, when it has one (images and voice notes have none). */
  filename: string | null;
  voice: boolean;
  /** The bytes as downloaded. */
  bytes: Uint8Array;
  /** When the customer sent it (names an unnamed file). */
  at: string;
}

export type MediaVerdict =
  | { keep: true; name: string; type: string; kind: WaMediaKind }
  | { keep: false; name: string; reason: string };

export const notAcceptedReason = 'File type not accepted (JPEG, PNG and WebP images; PDF, text and Office documents; voice notes and audio only).';
export const tooLargeReason = (kind: WaMediaKind) => `Larger than ${WA_MEDIA_MAX_BYTES[kind] / MB} MB.`;
export const checksumReason = 'The file did not arrive intact (its SHA-256 is not the one WhatsApp declared).';

/** The name a kept file has: the sender's (made safe) ending in its type's extension, or one made from the kind and day. */
export function waMediaName(filename: string | null, kind: WaMediaKind, ext: string, voice: boolean, at: string): string {
  if (!filename) return `${voice ? 'voice-note' : kind}-${at.slice(0, 10)}.${ext}`;
  const name = attachmentName(filename);
  const own = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase();
  return own === ext || (own === 'jpeg' && ext === 'jpg') ? name : `${name}.${ext}`;
}

/** Name shown for a file that was not kept. */
export const droppedName = (filename: string | null, declaredType: string) =>
  filename ? attachmentName(filename) : `${bareType(declaredType).split('/')[0] || 'file'} (${bareType(declaredType) || 'no type'})`;

/** Kept when the declared type is accepted, the size is within its kind's limit and the bytes are that type. */
export function mediaVerdict(m: IncomingMedia): MediaVerdict {
  const t = waMediaType(m.declaredType);
  if (!t) return { keep: false, name: droppedName(m.filename, m.declaredType), reason: notAcceptedReason };
  const name = waMediaName(m.filename, t.kind, t.ext, m.voice, m.at);
  if (m.bytes.byteLength > t.maxBytes) return { keep: false, name, reason: tooLargeReason(t.kind) };
  const seen = sniffSignature(m.bytes);
  if (!seen || !t.bytes.includes(seen)) return { keep: false, name, reason: `The file's content is not a ${t.label}, as it claimed to be.` };
  return { keep: true, name, type: t.type, kind: t.kind };
}

/**
 * Whether the bytes' SHA-256 (lower-case hex) is the one declared: Meta gives it as hex, and some payloads as
 * base64 of the digest; both are accepted. A missing declaration passes.
 */
export function checksumMatches(declared: string | null | undefined, actualHex: string): boolean {
  if (!declared) return true;
  const d = declared.trim();
  if (/^[0-9a-f]{64}$/i.test(d)) return d.toLowerCase() === actualHex;
  const bytes = (actualHex.match(/../g) ?? []).map((h) => Number.parseInt(h, 16));
  const b64 = btoa(String.fromCharCode(...bytes));
  return d.replace(/=+$/, '') === b64.replace(/=+$/, '') || d.replace(/=+$/, '') === b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A WhatsApp entry of the activity's `attachments`: mail's, with the kind and, for a voice note, a note on its transcript. */
export type WaAttachmentEntry = AttachmentEntry & { kind?: WaMediaKind; voice?: boolean; note?: string };

export const voiceNoteNotes = {
  noKey: 'Voice note (not transcribed: no Gemini key configured)',
  failed: 'Voice note (not transcribed: the transcription failed)',
  tooLong: 'Voice note (not transcribed: too long)',
  empty: 'Voice note (not transcribed: no speech recognised)',
} as const;
