import { Link } from 'react-router-dom';
import { ariaCurrent, headerLinks } from '../../shared/navigation.ts';
import { Badge } from './Badge.tsx';
import { useHref, useI18n } from '../i18n/i18n.ts';
import { basePath } from '../../shared/i18n/locale.ts';


// The six header links of docs/product.md §4.1, in the header's row (wide screens) and in the mobile menu.
// Functions of the address alone (no hooks, no handlers): on the page the browser loaded they keep their
// prerendered HTML (web/hydration/StaticHtml.tsx, tests/unit/static-pages.test.ts), so hydrating the frame
// does not run a dozen links' worth of router code before anything can be tapped.

/** The links as one list; each layout gives its classes. */
function HeaderLinkList({ pathname, label, className, listClassName, linkClassName }: {
  pathname: string;
  label: string;
  className?: string;
  listClassName: string;
  linkClassName: (current: boolean) => string;
}) {
  const i18n = useI18n();
  const to = useHref();
  const path = basePath(pathname);
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {headerLinks.map((link) => {
          const current = ariaCurrent(path, link.href);
          return (
            <li key={link.href}>
              <Link to={to(link.href)} aria-current={current} className={linkClassName(current !== undefined)}>
                {i18n._(link.msg)}
                {link.badgeMsg ? <Badge>{i18n._(link.badgeMsg)}</Badge> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const mainLink = (current: boolean) =>
  `flex items-center rounded-full px-2.5 py-2 text-sm font-medium transition-colors lg:px-3 ${
    current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-ink'
  }`;
const mobileLink = () => 'flex items-center py-4 text-2xl font-semibold text-ink aria-[current]:text-brand-700';

/** The header's row of links (md and up). */
export function MainNav({ pathname }: { pathname: string }) {
  const i18n = useI18n();
  return (
    <HeaderLinkList pathname={pathname} label={i18n._('frame.navMain')} className="hidden flex-1 justify-center md:flex"
      listClassName="flex items-center gap-0.5 lg:gap-1" linkClassName={mainLink} />
  );
}

/** The same links, large, in the mobile menu (web/components/MobileMenu.tsx). */
export function MobileNav({ pathname }: { pathname: string }) {
  const i18n = useI18n();
  return <HeaderLinkList pathname={pathname} label={i18n._('frame.navMobile')} listClassName="divide-y divide-slate-100" linkClassName={mobileLink} />;
}
