import { useEffect, useRef } from 'react';
import { pageScrollLock } from '../overlay/scrollLock.ts';
import { makeRegionsInert, useFocusTrap } from '../overlay/focus.ts';
import { useAccountText } from './text.ts';

// The dialog of the auth message modal: the message and an 'OK' button that clears it. Page scroll is
// locked while it is open; focus starts on OK and stays in the dialog; Escape is the same as OK.
export default function AuthMessageDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const t = useAccountText();
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const unlock = pageScrollLock.lock();
    const restore = makeRegionsInert(['header', 'content', 'menu']);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      restore();
      unlock();
    };
  }, [onClose]);

  useFocusTrap(true, [dialogRef], { initial: okRef });

  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-ink/60 p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="auth-message-title"
        aria-describedby="auth-message-text"
        className="w-full max-w-sm rounded-2xl bg-white p-6 text-center shadow-xl"
      >
        <h2 id="auth-message-title" className="text-lg font-semibold text-ink">{t('account.dialog.title', 'Your account')}</h2>
        <p id="auth-message-text" className="mt-3 text-slate-700">{message}</p>
        <button
          ref={okRef}
          type="button"
          onClick={onClose}
          className="mt-6 w-full rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
        >
          {t('account.dialog.ok', 'OK')}
        </button>
      </div>
    </div>
  );
}
