import { useEffect, useState } from 'react';
import type { LeadActivity } from '../../../shared/admin/leadView.ts';
import { parseAttachmentEntries } from '../../../shared/mail/attachments.ts';
import { wordsAfterLabel } from '../../../shared/whatsapp/matching.ts';
import type { WaAttachmentEntry } from '../../../shared/whatsapp/media.ts';
import { api } from '../../api/client.ts';
import { withJwt } from '../../auth/session.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { useAppwriteConfig } from '../../auth/forms.ts';
import { MailAttachments } from './MailIn.tsx';

// A customer's WhatsApp message with media on the lead's timeline (docs/decisions/0031, "Media"): an image
// shown, a voice note as a player with its transcript beside it; documents and files that were not kept are
// listed as mail's attachments are. The files need the staff member's JWT (the bucket has no client
// permissions), so they are fetched through the Worker: audio plays from a blob URL (media-src allows blob:),
// an image shows as a data URL (img-src allows data:, not blob:; images are at most 5 MB).

type Kept = Extract<WaAttachmentEntry, { fileId: string }>;

const dataUrl = (blob: Blob) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error);
  reader.readAsDataURL(blob);
});

/** The file as a URL while the component is shown; null while loading; 'failed' when it could not be read. */
function useFileUrl(leadId: string, fileId: string, as: 'blob' | 'data'): string | null | 'failed' {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const userId = auth.status === 'signed-in' ? auth.user.$id : null;
  const [url, setUrl] = useState<string | null | 'failed'>(null);
  useEffect(() => {
    if (!config || !userId) return;
    let made: string | null = null;
    let gone = false;
    withJwt(config, userId, (headers) => api.admin.leads[':id'].attachments[':fileId'].$get({ param: { id: leadId, fileId } }, { headers }))
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        if (gone) return;
        if (as === 'data') return setUrl(await dataUrl(blob));
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => {
        if (!gone) setUrl('failed');
      });
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [config, userId, leadId, fileId, as]);
  return url;
}

function Unavailable({ what }: { what: string }) {
  return <p className="text-sm text-red-900">The {what} could not be loaded. Reload the page to try again.</p>;
}

function WaImage({ leadId, file, caption }: { leadId: string; file: Kept; caption: string | null }) {
  const url = useFileUrl(leadId, file.fileId, 'data');
  if (url === 'failed') return <Unavailable what="image" />;
  return (
    <div className="mt-2 flex h-48 w-64 max-w-full items-center justify-center overflow-hidden rounded-lg bg-slate-100">
      {url ? <img src={url} alt={`Sent by the prospect on WhatsApp${caption ? `: ${caption}` : ', without a caption'}`} width={256} height={192} className="h-full w-full object-contain" /> : <span className="text-xs text-slate-600">Loading image…</span>}
    </div>
  );
}

function WaVoiceNote({ leadId, file, transcript }: { leadId: string; file: Kept; transcript: string | null }) {
  const url = useFileUrl(leadId, file.fileId, 'blob');
  const label = file.voice ? 'Voice note from the prospect' : `Audio from the prospect (${file.name})`;
  return (
    <figure className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start">
      {url === 'failed' ? <Unavailable what="voice note" /> : (
        // A customer's voice note has no captions to offer; its transcript is right beside it.
        // biome-ignore lint/a11y/useMediaCaption: the transcript (figcaption) is the text alternative
        <audio controls preload="metadata" src={url ?? undefined} aria-label={label} className="w-full max-w-xs shrink-0" />
      )}
      <figcaption className="text-sm text-ink">
        {transcript ? <><span className="font-semibold">Transcript: </span><span className="whitespace-pre-wrap break-words">{transcript}</span></> : <span className="text-slate-700 italic">{file.note ?? 'Voice note (no transcript)'}</span>}
      </figcaption>
    </figure>
  );
}

const entriesOf = (a: LeadActivity) => (a.type === 'wa_in' ? (parseAttachmentEntries(a.attachments) as WaAttachmentEntry[]) : []);
const playable = (e: WaAttachmentEntry): e is Kept => 'fileId' in e && (e.kind === 'image' || e.kind === 'audio');

/** Whether WaMedia shows the activity's words itself (a voice note's transcript sits by its player). */
export const waMediaShowsWords = (a: LeadActivity) => entriesOf(a).some((e) => playable(e) && e.kind === 'audio');

/** The media of a customer's `wa_in` activity (nothing for one without): images, players, documents, files not kept. */
export function WaMedia({ a, leadId }: { a: LeadActivity; leadId: string }) {
  const entries = entriesOf(a);
  const shown = entries.filter(playable);
  const rest = entries.filter((e) => !playable(e));
  const words = wordsAfterLabel(a.text) || null;
  if (!entries.length) return null;
  return (
    <>
      {shown.map((f) => (f.kind === 'image'
        ? <WaImage key={f.fileId} leadId={leadId} file={f} caption={words} />
        : <WaVoiceNote key={f.fileId} leadId={leadId} file={f} transcript={words} />))}
      {rest.length ? <MailAttachments leadId={leadId} json={JSON.stringify(rest)} /> : null}
    </>
  );
}
