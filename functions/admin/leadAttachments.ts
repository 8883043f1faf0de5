import { z } from 'zod';
import { DOCUMENT_ID } from '../../shared/admin/leadView.ts';
import { BUCKETS, COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { parseAttachmentEntries } from '../../shared/mail/attachments.ts';
import { Q, type AppwriteClient } from '../../platform/appwrite.ts';
import { ApiRefusal } from '../errors.ts';
import { refusal } from '../validate.ts';
import { LeadStore } from './leadStore.ts';

// A prospect's attachment, downloaded by staff through the Worker (docs/decisions/0027-mail-threads.md, "Mail in";
// WhatsApp media: docs/decisions/0031, "Media"): the buckets have no client permissions, so this route (staff,
// lead.read) is the only way to a file, and only to a file listed on an e-mail or WhatsApp message of that lead. Served as a download under the allow-listed type (never the
// sender's), with nosniff, so nothing a prospect sent renders or runs in the admin's origin.

export const attachmentParam = z.object({
  id: z.string().refine((v) => DOCUMENT_ID.test(v), { message: 'That is not a valid lead id.', params: refusal(400, 'invalid_id') }),
  fileId: z.string().refine((v) => DOCUMENT_ID.test(v), { message: 'That is not a valid attachment id.', params: refusal(400, 'invalid_id') }),
});

class AttachmentNotFound extends ApiRefusal {
  constructor() {
    super(404, 'attachment_not_found', 'This lead has no such attachment.');
  }
}

/** RFC 6266 filename parameters: an ASCII fallback and the UTF-8 name. */
const disposition = (how: 'attachment' | 'inline', name: string) =>
  `${how}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Where each activity type keeps its files: a prospect's e-mails and a customer's WhatsApp media (docs/decisions/0031). */
export const BUCKET_OF = { email_in: BUCKETS.attachments, wa_in: BUCKETS.whatsappMedia } as const;

/** The bucket of an activity's files (a type without files: the e-mail attachments'). */
export const bucketOf = (activityType: unknown): string => BUCKET_OF[activityType === 'wa_in' ? 'wa_in' : 'email_in'];

/**
 * How the file is served: a download, except a WhatsApp image or voice note, shown inline in the timeline
 * (its type was checked against its bytes when kept: shared/whatsapp/media.ts).
 */
const dispositionOf = (activityType: keyof typeof BUCKET_OF, type: string) =>
  activityType === 'wa_in' && /^(image|audio)\//.test(type) ? 'inline' : 'attachment';

/** The file; 404 lead_not_found or attachment_not_found (also for another lead's file). */
export async function attachmentResponse(client: AppwriteClient, databaseId: string, leadId: string, fileId: string): Promise<Response> {
  await new LeadStore(client, databaseId).lead(leadId);
  const activities = await client.listDocuments(databaseId, COLLECTIONS.leadActivity, [
    Q.equal('leadId', leadId), Q.equalAny('type', Object.keys(BUCKET_OF)), Q.limit(500), Q.select(['type', 'attachments']),
  ]);
  const found = activities.documents.flatMap((d) =>
    parseAttachmentEntries(typeof d.attachments === 'string' ? d.attachments : null).map((entry) => ({ entry, type: d.type as keyof typeof BUCKET_OF })))
    .find(({ entry }) => 'fileId' in entry && entry.fileId === fileId);
  if (!found || !('fileId' in found.entry) || !(found.type in BUCKET_OF)) throw new AttachmentNotFound();
  const { entry } = found;
  const bytes = await client.downloadFile(BUCKET_OF[found.type], fileId);
  if (!bytes) throw new AttachmentNotFound();
  return new Response(bytes, {
    headers: {
      'Content-Type': entry.type,
      'Content-Disposition': disposition(dispositionOf(found.type, entry.type), entry.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
