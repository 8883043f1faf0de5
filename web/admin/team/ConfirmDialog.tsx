import { useEffect, useId, useRef, type ReactNode } from 'react';
import { buttonClass } from '../../ui/kit.tsx';

// A modal confirmation (the native <dialog>: focus moves into it, Escape cancels, the page behind is inert),
// for the admin area's destructive actions: deleting a message or a channel, changing a role, discarding a
// parked delivery.

export interface Confirmation {
  title: string;
  body: ReactNode;
  /** The confirming button's name, e.g. "Delete message". */
  confirm: string;
  danger?: boolean;
  onConfirm: () => void;
}

export function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (confirmation && !dialog.open) dialog.showModal();
    if (!confirmation && dialog.open) dialog.close();
  }, [confirmation]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
    >
      {confirmation && (
        <>
          <h2 id={titleId} className="text-lg font-bold text-ink">{confirmation.title}</h2>
          <div id={bodyId} className="mt-2 text-sm text-slate-700">{confirmation.body}</div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className={buttonClass.secondary} onClick={onClose}>Cancel</button>
            <button
              type="button"
              className={confirmation.danger ? buttonClass.danger : buttonClass.primary}
              onClick={() => {
                confirmation.onConfirm();
                onClose();
              }}
            >
              {confirmation.confirm}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

/** "3 minutes ago", "yesterday": short relative times for lists. */
export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const seconds = Math.round((t - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), 'day');
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(t);
}
