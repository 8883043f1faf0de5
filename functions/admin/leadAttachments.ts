import { z } from 'zod';
import { DOCUMENT_ID } from '../../shared/admin/leadView.ts';
import { BUCKETS, COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { parseAttachmentEntries } from '../../shared/mail/attachments.ts';
import { Q, type AppwriteClient } from '../../platform/appwrite.ts';
import { ApiRefusal } from '../errors.ts';
import { refusal } from '../validate.ts';
import { LeadStore } from './leadStore.ts';

// A prospect's attachment, downloaded by staff through the Worker (docs/decisions/0027-mail-threads.md, "Mail in"):
// the bucket has no client permissions, so this route (staff, lead.read) is the only way to a file, and only
// to a file listed on an e-mail of that lead. Served as a download under the allow-listed type (never the
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
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The file as a download; 404 lead_not_found or attachment_not_found (also for another lead's file). */
export async function attachmentResponse(client: AppwriteClient, databaseId: string, leadId: string, fileId: string): Promise<Response> {
  await new LeadStore(client, databaseId).lead(leadId);
  const mails = await client.listDocuments(databaseId, COLLECTIONS.leadActivity, [
    Q.equal('leadId', leadId), Q.equal('type', 'email_in'), Q.limit(500), Q.select(['attachments']),
  ]);
  const entry = mails.documents.flatMap((d) => parseAttachmentEntries(typeof d.attachments === 'string' ? d.attachments : null))
    .find((e) => 'fileId' in e && e.fileId === fileId);
  if (!entry || !('fileId' in entry)) throw new AttachmentNotFound();
  const bytes = await client.downloadFile(BUCKETS.attachments, fileId);
  if (!bytes) throw new AttachmentNotFound();
  return new Response(bytes, {
    headers: {
      'Content-Type': entry.type,
      'Content-Disposition': disposition(entry.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
