import { lazy, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ariaCurrent, headerLinks } from '../../shared/navigation.ts';
import { Logo } from './Logo.tsx';
import { Badge } from './Badge.tsx';
import { AccountControls } from './AccountControls.tsx';
import { LazyPart } from '../global/LazyPart.tsx';
import { whenIdle } from '../global/idle.ts';

const MENU_ID = 'mobile-menu';
const loadMobileMenu = () => import('./MobileMenu.tsx');
const MobileMenu = lazy(loadMobileMenu);

// The sticky header of docs/product.md §4.1: logo, six links (Affiliate marked New), Login or the avatar and
// Sign out. Below md the links move into the full-screen mobile menu, whose code is fetched when the
// browser is idle after the first paint (it is not part of the first load) and which exists in the
// document only while it is open.
export function Header() {
  const { pathname, key } = useLocation();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  // A navigation closes the menu (adjusted while rendering, so the new page never renders under it).
  const [shownAt, setShownAt] = useState(key);
  if (shownAt !== key) {
    setShownAt(key);
    setOpen(false);
  }
  useEffect(() => whenIdle(() => void loadMobileMenu().catch(() => {})), []);
  // A tap paints the button's new state first; the menu, whose mount locks scrolling, makes the page inert
  // and moves focus (a few hundred ms at 4x CPU slowdown), follows in the next render, which React can
  // interrupt. It closes at once. docs/decisions/0009-first-paint-from-html.md.
  const menuShown = useDeferredValue(open) && open;

  return (
    <>
      <header data-page-region="header" className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Logo />
          <nav aria-label="Main" className="hidden flex-1 justify-center md:flex">
            <ul className="flex items-center gap-0.5 lg:gap-1">
              {headerLinks.map((link) => {
                const current = ariaCurrent(pathname, link.href);
                return (
                  <li key={link.href}>
                    <Link
                      to={link.href}
                      aria-current={current}
                      className={`flex items-center rounded-full px-2.5 py-2 text-sm font-medium transition-colors lg:px-3 ${
                        current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-ink'
                      }`}
                    >
                      {link.name}
                      {link.badge ? <Badge>{link.badge}</Badge> : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="hidden min-w-[4.75rem] items-center justify-end gap-2 md:flex">
            <AccountControls />
          </div>
          <button
            ref={toggleRef}
            type="button"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls={MENU_ID}
            onClick={() => setOpen((o) => !o)}
            className="ml-auto grid h-10 w-10 place-items-center rounded-full text-ink hover:bg-slate-100 md:hidden"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </header>
      {menuShown ? (
        <LazyPart>
          <MobileMenu id={MENU_ID} onClose={close} toggleRef={toggleRef} />
        </LazyPart>
      ) : null}
    </>
  );
}
