import { crc32, deflateSync } from 'node:zlib';

// The stand-in's sample media (`sample: true` in POST /__send, the page's buttons): small but valid files,
// made here rather than kept as binaries, so anything reading them (the media slice, Gemini's stand-in) gets
// a real PNG, PDF and Ogg Opus voice note.

export interface Sample {
  mimeType: string;
  filename: string;
  bytes: Buffer;
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

/** A 48×48 PNG: a green square with a darker diagonal. */
function png(): Buffer {
  const size = 48;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set(Math.abs(x - y) < 4 ? [20, 90, 60] : [37, 211, 102], 1 + x * 3);
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => Buffer.concat([u32(data.length), Buffer.from(type), data, u32(crc32(Buffer.concat([Buffer.from(type), data])))]);
  const header = Buffer.concat([u32(size), u32(size), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-page PDF saying what it is, with a correct cross-reference table. */
function pdf(): Buffer {
  const text = 'BT /F1 18 Tf 40 100 Td (Project brief - sample from the WhatsApp stand-in) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// Ogg's CRC-32 (polynomial 0x04c11db7, not reflected, initial value 0): not zlib's.
const OGG_CRC = Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});
const oggCrc = (data: Buffer) => {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
};

/** One Ogg page holding whole packets (each under 255 bytes). */
function oggPage(packets: Buffer[], granule: bigint, sequence: number, flags: number): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(0x5741_4e44, 14); // stream serial number
  header.writeUInt32LE(sequence, 18);
  header[26] = packets.length;
  const page = Buffer.concat([header, Buffer.from(packets.map((p) => p.length)), ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** A voice note as WhatsApp records one (audio/ogg; codecs=opus, RFC 7845): one second of Opus silence. */
function voiceNote(): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // mono
  head.writeUInt16LE(312, 10); // pre-skip
  head.writeUInt32LE(48_000, 12); // input sample rate
  const vendor = Buffer.from('voltalabs-standin');
  const tags = Buffer.concat([Buffer.from('OpusTags'), Buffer.from(Uint32Array.of(vendor.length).buffer), vendor, Buffer.alloc(4)]);
  // 50 frames of 20 ms (TOC 0xf8: CELT fullband 20 ms, mono, one frame; 0xff 0xfe: silence).
  const frames = Array.from({ length: 50 }, () => Buffer.from([0xf8, 0xff, 0xfe]));
  return Buffer.concat([
    oggPage([head], 0n, 0, 0x02),
    oggPage([tags], 0n, 1, 0),
    oggPage(frames, BigInt(312 + 50 * 960), 2, 0x04),
  ]);
}

export const SAMPLES = {
  image: { mimeType: 'image/png', filename: 'sample.png', bytes: png() },
  document: { mimeType: 'application/pdf', filename: 'project-brief.pdf', bytes: pdf() },
  voice: { mimeType: 'audio/ogg; codecs=opus', filename: 'voice-note.ogg', bytes: voiceNote() },
} as const satisfies Record<string, Sample>;
