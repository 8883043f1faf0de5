import { useState } from 'react';
import { repliedByProspect } from '../../../shared/admin/leads.ts';
import type { LeadTraffic } from '../../../shared/admin/leadView.ts';
import { parseAttachmentEntries, type AttachmentEntry } from '../../../shared/mail/attachments.ts';
import { api } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { useAppwriteConfig } from '../../auth/forms.ts';
import { Note } from '../../ui/kit.tsx';
import { downloadFile } from '../saveFile.ts';

// Mail in on the admin pages (docs/decisions/0027-mail-threads.md, "Mail in"): the "Replied by prospect"
// badge of a lead whose last mail is the prospect's, and a prospect's attachments (a download through the
// Worker, with the staff member's JWT) with the ones that were dropped and why.

export function RepliedBadge({ lead }: { lead: LeadTraffic }) {
  if (!repliedByProspect(lead)) return null;
  return <span className="inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 ring-1 ring-amber-300">Replied by prospect</span>;
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
type Kept = Extract<AttachmentEntry, { fileId: string }>;
type Dropped = Extract<AttachmentEntry, { dropped: string }>;

function Attachment({ leadId, file, failed }: { leadId: string; file: Kept; failed: (message: string | null) => void }) {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const download = async () => {
    if (!config || auth.status !== 'signed-in') return;
    const out = await downloadFile(config, auth.user.$id, (headers) =>
      api.admin.leads[':id'].attachments[':fileId'].$get({ param: { id: leadId, fileId: file.fileId } }, { headers }),
    file.name, 'The download did not work. Please try again in a moment.');
    failed(out.ok ? null : out.message);
  };
  return (
    <li>
      <button type="button" onClick={download} className="font-semibold break-all text-brand-700 underline underline-offset-2" aria-label={`Download ${file.name}`}>
        {file.name}
      </button>{' '}
      <span className="text-slate-600">({size(file.size)})</span>
    </li>
  );
}

/** The attachments of a prospect's e-mail (its `attachments` JSON): the kept ones to download, the dropped ones listed. */
export function MailAttachments({ leadId, json }: { leadId: string; json: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const entries = parseAttachmentEntries(json);
  const kept = entries.filter((e): e is Kept => 'fileId' in e);
  const dropped = entries.filter((e): e is Dropped => 'dropped' in e);
  if (!entries.length) return null;
  return (
    <div className="mt-2 space-y-1 text-sm">
      {kept.length > 0 && (
        <ul aria-label="Attachments" className="space-y-1">
          {kept.map((f) => <Attachment key={f.fileId} leadId={leadId} file={f} failed={setError} />)}
        </ul>
      )}
      {dropped.length > 0 && (
        <ul aria-label="Attachments not kept" className="space-y-1 text-slate-700">
          {dropped.map((f) => <li key={`dropped-${entries.indexOf(f)}`}><span className="break-all">{f.name}</span>: not kept. {f.dropped}</li>)}
        </ul>
      )}
      {error ? <Note tone="error">{error}</Note> : null}
    </div>
  );
}
