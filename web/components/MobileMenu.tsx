import { useEffect, useRef, type RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ariaCurrent, headerLinks } from '../../shared/navigation.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { pageScrollLock } from '../global/scrollLock.ts';
import { makeRegionsInert, useFocusTrap } from '../global/focus.ts';
import { Badge } from './Badge.tsx';
import { Logo } from './Logo.tsx';
import { useSignOutAndLeave } from './AccountControls.tsx';

const WIDE = '(min-width: 48rem)'; // Tailwind's md

const buttonClass = 'rounded-full border px-6 py-3 text-center font-semibold';

// The full-screen mobile menu (docs/product.md §4.1), a modal dialog over the whole page with its own copy
// of the header bar (logo and "Close menu"), rendered only while open (Header). It locks page scroll,
// takes the page out of reach of the keyboard and assistive technology, and keeps focus inside; it
// closes on navigation (Header), Escape, "Close menu" and when the window becomes wide, and gives focus
// back to the header's button.
export default function MobileMenu({ id, onClose, toggleRef }: {
  id: string;
  onClose: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}) {
  const { pathname } = useLocation();
  const auth = useAuth();
  const signOut = useSignOutAndLeave();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const unlock = pageScrollLock.lock();
    const restore = makeRegionsInert(['header', 'content']);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    const wide = window.matchMedia(WIDE);
    const onWide = () => {
      if (wide.matches) onClose();
    };
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
      restore();
      unlock();
    };
  }, [onClose]);

  useFocusTrap(true, [dialogRef], { initial: closeRef, returnTo: toggleRef });

  return (
    <div
      id={id}
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      data-page-region="menu"
      className="fixed inset-0 z-50 overflow-y-auto overscroll-contain bg-white md:hidden"
    >
      <div className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Logo onClick={onClose} />
          <button
            ref={closeRef}
            type="button"
            aria-label="Close menu"
            onClick={onClose}
            className="grid h-10 w-10 place-items-center rounded-full text-ink hover:bg-slate-100"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
      </div>
      <div className="px-4 pt-4 pb-10">
        <nav aria-label="Mobile">
          <ul className="divide-y divide-slate-100">
            {headerLinks.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  aria-current={ariaCurrent(pathname, link.href)}
                  onClick={onClose}
                  className="flex items-center py-4 text-2xl font-semibold text-ink aria-[current]:text-brand-700"
                >
                  {link.name}
                  {link.badge ? <Badge>{link.badge}</Badge> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-8 border-t border-slate-200 pt-8">
          {auth.status === 'signed-in' ? (
            <div className="flex flex-col gap-4">
              <p className="text-slate-600">
                Signed in as <span className="font-semibold break-all text-ink">{auth.user.email}</span>
              </p>
              <button type="button" onClick={() => void signOut()} className={`${buttonClass} border-slate-300 text-ink hover:bg-slate-50`}>
                Sign out
              </button>
            </div>
          ) : auth.status === 'signed-out' ? (
            <div className="grid grid-cols-2 gap-3">
              <Link to="/sign-in" onClick={onClose} className={`${buttonClass} border-slate-300 text-ink hover:bg-slate-50`}>
                Log in
              </Link>
              <Link to="/sign-up" onClick={onClose} className={`${buttonClass} border-transparent bg-brand-600 text-white hover:bg-brand-700`}>
                Sign up
              </Link>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
