import { useState } from 'react';
import { repliedByProspect } from '../../../shared/admin/leads.ts';
import type { LeadActivity, LeadTraffic } from '../../../shared/admin/leadView.ts';
import { parseAttachmentEntries, type AttachmentEntry } from '../../../shared/mail/attachments.ts';
import { api } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { useAppwriteConfig } from '../../auth/forms.ts';
import { withJwt } from '../../auth/session.ts';
import { saveResponse } from './download.ts';

// Mail in on the admin pages (docs/decisions/0027-mail-threads-inbound.md): the "Replied by prospect" badge
// of a lead whose last mail is the prospect's, and a prospect's e-mail in the lead's history with its
// attachments (a download through the Worker, with the staff member's JWT) and the ones that were dropped.

export function RepliedBadge({ lead }: { lead: LeadTraffic }) {
  if (!repliedByProspect(lead)) return null;
  return <span className="inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 ring-1 ring-amber-300">Replied by prospect</span>;
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function Attachment({ leadId, file }: { leadId: string; file: Extract<AttachmentEntry, { fileId: string }> }) {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    if (!config || auth.status !== 'signed-in') return;
    setError(null);
    try {
      const res = await withJwt(config, auth.user.$id, (headers) =>
        api.admin.leads[':id'].attachments[':fileId'].$get({ param: { id: leadId, fileId: file.fileId } }, { headers }));
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        return setError(body?.message ?? 'The download did not work. Please try again in a moment.');
      }
      await saveResponse(res, file.name);
    } catch {
      setError('We could not reach the site. Check your connection and try again.');
    }
  };
  return (
    <li>
      <button type="button" onClick={download} className="font-semibold break-all text-brand-700 underline underline-offset-2" aria-label={`Download ${file.name}`}>
        {file.name}
      </button>{' '}
      <span className="text-slate-600">({size(file.size)})</span>
      {error && <span role="alert" className="ml-2 text-red-700">{error}</span>}
    </li>
  );
}

/** A prospect's e-mail: their words (quoted history already stripped) and the attachments. */
export function InboundMail({ leadId, mail }: { leadId: string; mail: LeadActivity }) {
  const entries = parseAttachmentEntries(mail.attachments);
  const kept = entries.filter((e): e is Extract<AttachmentEntry, { fileId: string }> => 'fileId' in e);
  const dropped = entries.filter((e): e is Extract<AttachmentEntry, { dropped: string }> => 'dropped' in e);
  return (
    <div className="mt-1 space-y-2 rounded-lg bg-sky-50 p-3 ring-1 ring-sky-200">
      {mail.text && <p className="whitespace-pre-wrap break-words text-ink">{mail.text}</p>}
      {kept.length > 0 && (
        <ul aria-label="Attachments" className="space-y-1">
          {kept.map((f) => <Attachment key={f.fileId} leadId={leadId} file={f} />)}
        </ul>
      )}
      {dropped.length > 0 && (
        <ul aria-label="Attachments not kept" className="space-y-1 text-slate-700">
          {dropped.map((f) => <li key={`dropped-${entries.indexOf(f)}`}><span className="break-all">{f.name}</span>: not kept. {f.dropped}</li>)}
        </ul>
      )}
    </div>
  );
}
