import { useEffect, useRef, type RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext.tsx';
import { makeRegionsInert, useFocusTrap } from '../overlay/focus.ts';
import { pageScrollLock } from '../overlay/scrollLock.ts';
import { nativeUntil } from '../hydration/ready.tsx';
import { MobileNav } from './NavLinks.tsx';
import { StaticHtml } from '../hydration/StaticHtml.tsx';
import { Logo } from './Logo.tsx';
import { useSignOutAndLeave } from './AccountControls.tsx';
import { useHref, useI18n } from '../i18n/i18n.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LightModeToggle } from '../light/LightModeToggle.tsx';

const buttonClass = 'rounded-full border px-6 py-3 text-center font-semibold';

/** The Popover API (Baseline since 2024). Without it (Safari before 17) styles.css keeps the menu hidden
 * until the app opens it (data-open) and the app closes it too. */
export const supportsPopover = () => typeof HTMLElement !== 'undefined' && 'popover' in HTMLElement.prototype;

// The full-screen mobile menu (docs/product.md §4.1): a popover in the page that opens and closes with the
// HTML alone, so the tap paints the menu itself before the app has hydrated. Once hydrated, the app makes
// it modal (the rest of the page inert, focus kept inside) in the frame after the tap, not inside it.
// Why a popover and not a modal dialog: docs/decisions/0009.
export function MobileMenu({ id, ref, open, onClose, toggleRef }: {
  id: string;
  ref: RefObject<HTMLDivElement | null>;
  /** Open, as the header last saw it. */
  open: boolean;
  /** Closes it where the browser cannot (no Popover API). */
  onClose: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}) {
  const { pathname } = useLocation();
  const auth = useAuth();
  const signOut = useSignOutAndLeave();
  const closeRef = useRef<HTMLButtonElement>(null);
  const i18n = useI18n();
  const to = useHref();

  useEffect(() => {
    if (!open) return;
    const restore = makeRegionsInert(['header', 'content']);
    if (supportsPopover()) return restore;
    // Escape and the scroll lock, which the browser and styles.css give a popover.
    const unlock = pageScrollLock.lock();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      unlock();
      restore();
    };
  }, [open, onClose]);
  useFocusTrap(open, [ref], { initial: closeRef, returnTo: toggleRef });

  return (
    <div
      id={id}
      ref={ref}
      popover="auto"
      role="dialog"
      aria-modal={open || undefined}
      aria-label={i18n._('frame.menu')}
      data-page-region="menu"
      {...nativeUntil('header')}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-y-auto overscroll-contain border-0 bg-white p-0 text-ink"
    >
      <div className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <StaticHtml name="menu-logo" className="contents">
            <Logo />
          </StaticHtml>
          <button
            ref={closeRef}
            type="button"
            aria-label={i18n._('frame.closeMenu')}
            popoverTarget={id}
            popoverTargetAction="hide"
            onClick={() => {
              if (!supportsPopover()) onClose();
            }}
            className="grid h-10 w-10 place-items-center rounded-full text-ink hover:bg-slate-100"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
      </div>
      <div className="px-4 pt-4 pb-10">
        <StaticHtml key={pathname} name="menu-nav">
          <MobileNav pathname={pathname} />
        </StaticHtml>
        <div className="mt-8 border-t border-slate-200 pt-8">
          {auth.status === 'signed-in' ? (
            <div className="flex flex-col gap-4">
              <p className="text-slate-600">
                {i18n._('frame.signedInAs')} <span className="font-semibold break-all text-ink">{auth.user.email}</span>
              </p>
              <button type="button" onClick={() => void signOut()} className={`${buttonClass} border-slate-300 text-ink hover:bg-slate-50`}>
                {i18n._('frame.signOut')}
              </button>
            </div>
          ) : auth.status === 'signed-out' ? (
            <div className="grid grid-cols-2 gap-3">
              <Link to={to('/sign-in')} className={`${buttonClass} border-slate-300 text-ink hover:bg-slate-50`}>
                {i18n._('frame.logIn')}
              </Link>
              <Link to={to('/sign-up')} className={`${buttonClass} border-transparent bg-brand-600 text-white hover:bg-brand-700`}>
                {i18n._('frame.signUp')}
              </Link>
            </div>
          ) : null}
        </div>
        <LanguageSwitch className="mt-8 inline-flex text-lg font-semibold text-brand-700 underline-offset-4 hover:underline" />
        <LightModeToggle className="mt-8" />
      </div>
    </div>
  );
}
