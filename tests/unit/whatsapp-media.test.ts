import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buckets, BUCKETS } from '../../shared/appwrite/schema.ts';
import {
  checksumMatches, mediaVerdict, notAcceptedReason, sniffSignature, tooLargeReason, WA_MEDIA_MAX_BYTES, WA_MEDIA_TYPES, waMediaName, waMediaType,
  type IncomingMedia,
} from '../../shared/whatsapp/media.ts';
import { inboundWords, wordsAfterLabel } from '../../shared/whatsapp/matching.ts';

// Which WhatsApp media are kept (shared/whatsapp/media.ts): the declared type, the size per kind and the first bytes.

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const samples = {
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'),
  webp: bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '),
  pdf: bytes('%PDF-1.4\n'),
  zip: bytes([0x50, 0x4b, 0x03, 0x04], 'word/document.xml'),
  ogg: bytes('OggS', [0, 2], 'OpusHead'),
  mp3: bytes('ID3', [4, 0, 0]),
  mp3Frame: bytes([0xff, 0xfb, 0x90, 0x64]),
  aac: bytes([0xff, 0xf1, 0x50, 0x80]),
  mp4: bytes([0, 0, 0, 0x20], 'ftypM4A '),
  amr: bytes('#!AMR\n'),
  text: new TextEncoder().encode('Hello, here is the list of pages.\n1. Home\tand more — café\n'),
};
const at = '2026-11-27T10:00:00.000Z';
const media = (declaredType: string, b: Uint8Array, more: Partial<IncomingMedia> = {}): IncomingMedia => ({ declaredType, filename: null, voice: false, bytes: b, at, ...more });

describe('sniffSignature', () => {
  it('knows every accepted format by its first bytes', () => {
    expect(Object.fromEntries(Object.entries(samples).map(([k, b]) => [k, sniffSignature(b)]))).toEqual({
      jpeg: 'jpeg', png: 'png', webp: 'webp', pdf: 'pdf', zip: 'zip', ogg: 'ogg', mp3: 'mp3', mp3Frame: 'mp3', aac: 'aac', mp4: 'mp4', amr: 'amr', text: 'text',
    });
  });

  it('knows nothing else: an executable, an empty file, binary noise, broken UTF-8', () => {
    expect(sniffSignature(bytes('MZ', [0x90, 0, 3, 0]))).toBeNull();
    expect(sniffSignature(new Uint8Array())).toBeNull();
    expect(sniffSignature(bytes([0x00, 0x01, 0x02, 0x03]))).toBeNull();
    expect(sniffSignature(bytes('abc', [0xc3, 0x28], 'def'))).toBeNull();
  });
});

describe('mediaVerdict', () => {
  it('keeps each accepted type whose bytes are that type, under the type without its parameters', () => {
    expect(mediaVerdict(media('image/jpeg', samples.jpeg))).toEqual({ keep: true, name: 'image-2026-11-27.jpg', type: 'image/jpeg', kind: 'image' });
    expect(mediaVerdict(media('audio/ogg; codecs=opus', samples.ogg, { voice: true }))).toEqual({ keep: true, name: 'voice-note-2026-11-27.ogg', type: 'audio/ogg', kind: 'audio' });
    expect(mediaVerdict(media('application/vnd.openxmlformats-officedocument.wordprocessingml.document', samples.zip, { filename: 'Brief.docx' })))
      .toMatchObject({ keep: true, name: 'Brief.docx', kind: 'document' });
    expect(mediaVerdict(media('text/plain', samples.text, { filename: 'pages.txt' }))).toMatchObject({ keep: true, kind: 'document' });
    expect(mediaVerdict(media('audio/aac', samples.mp4))).toMatchObject({ keep: true, kind: 'audio' });
  });

  it('drops a type never kept, whatever its bytes (SVG, HTML, an executable, a GIF)', () => {
    for (const type of ['image/svg+xml', 'text/html', 'application/x-msdownload', 'image/gif', 'video/mp4', '']) {
      expect(mediaVerdict(media(type, samples.text, { filename: 'x.pdf' }))).toEqual({ keep: false, name: 'x.pdf', reason: notAcceptedReason });
    }
  });

  it('drops bytes that are not the declared type (an executable named .pdf, a PNG declared as JPEG, text declared as audio)', () => {
    expect(mediaVerdict(media('application/pdf', bytes('MZ', [0x90, 0]), { filename: 'invoice.pdf' })))
      .toEqual({ keep: false, name: 'invoice.pdf', reason: "The file's content is not a PDF, as it claimed to be." });
    expect(mediaVerdict(media('image/jpeg', samples.png))).toMatchObject({ keep: false });
    expect(mediaVerdict(media('audio/ogg', samples.text))).toMatchObject({ keep: false });
    expect(mediaVerdict(media('text/plain', bytes([0, 1, 2])))).toMatchObject({ keep: false });
  });

  it('drops a file over its kind\'s limit: 5 MB for images, 16 MB for documents and audio', () => {
    const over = (n: number, head: Uint8Array) => {
      const b = new Uint8Array(n + 1);
      b.set(head);
      return b;
    };
    expect(mediaVerdict(media('image/png', over(5 * 1024 * 1024, samples.png)))).toMatchObject({ keep: false, reason: tooLargeReason('image') });
    expect(tooLargeReason('image')).toBe('Larger than 5 MB.');
    expect(mediaVerdict(media('application/pdf', over(16 * 1024 * 1024, samples.pdf)))).toMatchObject({ keep: false, reason: 'Larger than 16 MB.' });
    expect(mediaVerdict(media('application/pdf', over(16 * 1024 * 1024 - 1, samples.pdf)))).toMatchObject({ keep: true });
  });
});

describe('waMediaName', () => {
  it('keeps the sender\'s name made safe, ending in the type\'s extension', () => {
    expect(waMediaName('../../etc/Quote.PDF', 'document', 'pdf', false, at)).toBe('Quote.PDF');
    expect(waMediaName('photo.jpeg', 'image', 'jpg', false, at)).toBe('photo.jpeg');
    expect(waMediaName('setup.exe', 'document', 'pdf', false, at)).toBe('setup.exe.pdf');
    expect(waMediaName(null, 'audio', 'ogg', false, at)).toBe('audio-2026-11-27.ogg');
  });
});

describe('the limits', () => {
  it('fit the bucket: every kept extension is allowed there and no kind exceeds its maximum size', () => {
    const bucket = buckets.find((b) => b.id === BUCKETS.whatsappMedia)!;
    for (const t of Object.values(WA_MEDIA_TYPES)) expect(bucket.allowedFileExtensions).toContain(t.ext);
    for (const max of Object.values(WA_MEDIA_MAX_BYTES)) expect(max).toBeLessThanOrEqual(bucket.maximumFileSize);
    expect(waMediaType('Audio/OGG; codecs=opus')).toMatchObject({ type: 'audio/ogg', kind: 'audio', maxBytes: 16 * 1024 * 1024 });
  });
});

describe('checksumMatches', () => {
  const data = Buffer.from('voice note');
  const hex = createHash('sha256').update(data).digest('hex');
  it('accepts the digest as hex (any case) or base64, and no declaration at all', () => {
    expect(checksumMatches(hex.toUpperCase(), hex)).toBe(true);
    expect(checksumMatches(createHash('sha256').update(data).digest('base64'), hex)).toBe(true);
    expect(checksumMatches(createHash('sha256').update(data).digest('base64url'), hex)).toBe(true);
    expect(checksumMatches(null, hex)).toBe(true);
  });
  it('refuses any other digest', () => {
    expect(checksumMatches(createHash('sha256').update('other').digest('hex'), hex)).toBe(false);
    expect(checksumMatches(createHash('sha256').update('other').digest('base64'), hex)).toBe(false);
    expect(checksumMatches('not a digest', hex)).toBe(false);
  });
});

describe('wordsAfterLabel', () => {
  it('gives back the words inboundWords labelled, and nothing for a label alone', () => {
    const voice = { kind: 'audio', text: '', media: { voice: true, filename: null } };
    expect(wordsAfterLabel(inboundWords(voice, 'Hello, a price please.'))).toBe('Hello, a price please.');
    expect(wordsAfterLabel(inboundWords(voice, null))).toBe('');
    expect(wordsAfterLabel(inboundWords({ kind: 'image', text: 'Our sign', media: { voice: false, filename: null } }, null))).toBe('Our sign');
    expect(wordsAfterLabel(inboundWords({ kind: 'document', text: 'See this', media: { voice: false, filename: 'brief.pdf' } }, null))).toBe('See this');
    expect(wordsAfterLabel('(Not a label) words')).toBe('(Not a label) words');
    expect(wordsAfterLabel(null)).toBe('');
  });
});

