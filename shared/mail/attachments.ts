// Which attachments of a prospect's reply are kept (Appwrite Storage, staff only) and which are dropped
// with a reason (docs/decisions/0027-mail-threads.md, "Mail in"). An allow-list by type AND extension: the
// type alone is whatever the sender wrote, and staff open files by their name. No HTML, SVG or executables:
// they run in a browser or on a desktop. Pure, no I/O.

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_BYTES_PER_MESSAGE = 25 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;

/** Extension → the one type it is kept (and served) as. */
export const SAFE_ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Types mail programs send for the same files (a CSV as text/plain or application/vnd.ms-excel, …). */
const ALSO_SENT_AS: Readonly<Record<string, readonly string[]>> = {
  csv: ['text/plain', 'application/csv', 'application/vnd.ms-excel'],
  jpg: ['image/jpg', 'image/pjpeg'],
  jpeg: ['image/jpg', 'image/pjpeg'],
};

export interface IncomingAttachment {
  name: string;
  /** As the sender declared it. */
  type: string;
  size: number;
}

/** What the lead's activity lists (the `attachments` attribute's JSON). */
export type AttachmentEntry =
  | { name: string; fileId: string; type: string; size: number }
  | { name: string; size: number; dropped: string };

export type AttachmentVerdict = { keep: true; name: string; type: string } | { keep: false; name: string; reason: string };

const MB = 1024 * 1024;

/** A file name safe to show and to send in Content-Disposition: no path, no control characters, at most 120. */
export function attachmentName(raw: string | null | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base].filter((ch) => ch !== '"' && ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f).join('').trim().slice(-120);
  return clean || 'attachment';
}

/**
 * The verdict for each attachment, in order: kept when its extension and declared type are on the
 * allow-list, it is small enough, and the message's kept total stays under the limit.
 */
export function sortAttachments(files: readonly IncomingAttachment[]): AttachmentVerdict[] {
  let total = 0;
  let kept = 0;
  return files.map((f): AttachmentVerdict => {
    const name = attachmentName(f.name);
    const ext = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? '';
    const type = SAFE_ATTACHMENT_TYPES[ext];
    const declared = f.type.toLowerCase().split(';')[0]!.trim();
    if (!type || !(declared === type || declared === 'application/octet-stream' || ALSO_SENT_AS[ext]?.includes(declared))) {
      return { keep: false, name, reason: 'File type not accepted (PDF, images, text, CSV and Office documents only).' };
    }
    if (f.size > MAX_ATTACHMENT_BYTES) return { keep: false, name, reason: `Larger than ${MAX_ATTACHMENT_BYTES / MB} MB.` };
    if (total + f.size > MAX_ATTACHMENTS_BYTES_PER_MESSAGE) return { keep: false, name, reason: `The message's attachments exceed ${MAX_ATTACHMENTS_BYTES_PER_MESSAGE / MB} MB.` };
    if (kept >= MAX_ATTACHMENTS_PER_MESSAGE) return { keep: false, name, reason: `More than ${MAX_ATTACHMENTS_PER_MESSAGE} attachments.` };
    total += f.size;
    kept++;
    return { keep: true, name, type };
  });
}

/** The activity's `attachments` attribute holds at most this many characters (shared/appwrite/schema.ts). */
const ENTRIES_MAX_CHARS = 4000;

/**
 * The entries as JSON that fits the attribute: kept files always (at most 10), dropped ones while they fit,
 * then one line for those left out. Null when there are none.
 */
export function attachmentsJson(entries: readonly AttachmentEntry[], maxChars = ENTRIES_MAX_CHARS): string | null {
  if (!entries.length) return null;
  const kept = entries.filter((e) => 'fileId' in e);
  const dropped = entries.filter((e) => !('fileId' in e));
  for (let n = dropped.length; n >= 0; n--) {
    const rest = dropped.length - n;
    const list = [...kept, ...dropped.slice(0, n), ...(rest ? [{ name: `${rest} more`, size: 0, dropped: 'Not listed: too many attachments.' }] : [])];
    const json = JSON.stringify(list);
    if (json.length <= maxChars) return json;
  }
  return JSON.stringify(kept);
}

/** The entries of an activity's `attachments` JSON (whatever is not one is skipped). */
export function parseAttachmentEntries(json: string | null | undefined): AttachmentEntry[] {
  if (!json) return [];
  try {
    const list = JSON.parse(json) as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter((e): e is AttachmentEntry => !!e && typeof e === 'object' && typeof (e as AttachmentEntry).name === 'string');
  } catch {
    return [];
  }
}

export const keptFileIds = (json: string | null | undefined): string[] =>
  parseAttachmentEntries(json).flatMap((e) => ('fileId' in e && typeof e.fileId === 'string' ? [e.fileId] : []));
