import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Logo } from './Logo.tsx';
import { MainNav } from './NavLinks.tsx';
import { AccountControls } from './AccountControls.tsx';
import { MobileMenu, supportsPopover } from './MobileMenu.tsx';
import { nativeUntil } from '../hydration/ready.tsx';
import { StaticHtml } from '../hydration/StaticHtml.tsx';
import { useI18n } from '../i18n/i18n.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const MENU_ID = 'mobile-menu';
const WIDE = '(min-width: 48rem)'; // Tailwind's md

// The sticky header of docs/product.md §4.1: logo, six links (Affiliate marked New), Login or the avatar and
// Sign out. Below md the links move into the full-screen mobile menu, a popover that its button opens with
// no script (web/components/MobileMenu.tsx); the app follows its state and closes it on navigation and when
// the window becomes wide. The logo and the links keep their prerendered HTML on the page the browser
// loaded (web/components/NavLinks.tsx); what hydrates is the account controls, the button and the menu.
export function Header() {
  const { pathname, key } = useLocation();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const i18n = useI18n();

  // Without the Popover API (Safari before 17) the app opens and closes the menu itself (data-open).
  const hide = useCallback(() => {
    const menu = menuRef.current;
    if (!menu) return;
    if (supportsPopover()) return void menu.hidePopover();
    menu.removeAttribute('data-open');
    setOpen(false);
  }, []);

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu || !supportsPopover()) return;
    // It may have been opened before the app hydrated.
    const sync = () => setOpen(menu.matches(':popover-open'));
    sync();
    menu.addEventListener('toggle', sync);
    return () => menu.removeEventListener('toggle', sync);
  }, []);
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const onWide = () => {
      if (wide.matches) hide();
    };
    wide.addEventListener('change', onWide);
    return () => wide.removeEventListener('change', onWide);
  }, [hide]);
  // A navigation closes it, before the new page is painted (not at hydration: a menu opened before then
  // stays open).
  const shownAt = useRef(key);
  useLayoutEffect(() => {
    if (shownAt.current === key) return;
    shownAt.current = key;
    hide();
  }, [key, hide]);

  return (
    <>
      <header data-page-region="header" className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          {/* Keyed by path: after a navigation it renders anew, with the new page's link marked. */}
          <StaticHtml key={pathname} name="header-nav" className="contents">
            <Logo />
            <MainNav pathname={pathname} />
          </StaticHtml>
          <div className="hidden min-w-[4.75rem] items-center justify-end gap-2 md:flex">
            <LanguageSwitch className="rounded-full px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink" />
            <AccountControls />
          </div>
          <button
            ref={toggleRef}
            type="button"
            aria-label={i18n._('frame.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={MENU_ID}
            popoverTarget={MENU_ID}
            popoverTargetAction="show"
            {...nativeUntil('header')}
            onClick={() => {
              if (supportsPopover()) return;
              menuRef.current?.setAttribute('data-open', '');
              setOpen(true);
            }}
            className="ml-auto grid h-10 w-10 place-items-center rounded-full text-ink hover:bg-slate-100 md:hidden"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
        </div>
      </header>
      <MobileMenu id={MENU_ID} ref={menuRef} open={open} onClose={hide} toggleRef={toggleRef} />
    </>
  );
}
