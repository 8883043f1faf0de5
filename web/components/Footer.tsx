import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { site } from '../../shared/site.ts';
import {
  copyrightValues, footerCompanyLinks, footerQuickLinks, footerServiceLinks, type NavLink,
} from '../../shared/navigation.ts';
import { Logo } from './Logo.tsx';
import { Badge } from './Badge.tsx';
import { SocialIcon } from './SocialIcon.tsx';
import { StaticHtml } from '../hydration/StaticHtml.tsx';
import { useHref, useI18n, useLocale } from '../i18n/i18n.ts';
import { percentIn } from '../../shared/i18n/format.ts';

// The footer of docs/product.md §4.2: brand with social links, quick links, the 13 services, company.
// Links only, the same on every page: on the page the browser loaded it keeps its prerendered HTML.
// `children`: what follows that part and depends on more than the address (the WhatsApp link, from Layout).
export function Footer({ children }: { children?: ReactNode }) {
  const i18n = useI18n();
  return (
    <footer data-page-region="content" className="site-footer bg-ink text-slate-300">
      <StaticHtml name="footer">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.2fr_1fr]">
          <div>
            <Logo tone="light" />
            <p className="mt-4 max-w-xs text-sm leading-6">{i18n._('footer.tagline')}</p>
            <ul aria-label={i18n._('footer.social')} className="mt-6 flex flex-wrap gap-2">
              {site.social.map((s) => (
                <li key={s.name}>
                  <a
                    href={s.href}
                    aria-label={s.name}
                    title={s.name}
                    rel="noopener"
                    className="grid h-10 w-10 place-items-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
                  >
                    <SocialIcon name={s.name} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <FooterColumn id="footer-quick" title={i18n._('footer.quickLinks')} links={footerQuickLinks} />
          <FooterColumn id="footer-services" title={i18n._('footer.services')} links={footerServiceLinks} />
          <FooterColumn id="footer-company" title={i18n._('footer.company')} links={footerCompanyLinks} />
        </div>
        <div className="border-t border-white/10">
          <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:justify-between">
            <p>{i18n._('footer.copyright', copyrightValues)}</p>
            <p>{i18n._('footer.credit')}</p>
          </div>
        </div>
      </StaticHtml>
      {children}
    </footer>
  );
}

function FooterColumn({ id, title, links }: { id: string; title: string; links: readonly NavLink[] }) {
  const i18n = useI18n();
  const locale = useLocale();
  const to = useHref();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      <ul className="mt-4 space-y-2.5 text-sm">
        {links.map((link) => (
          <li key={`${link.href}-${link.name}`}>
            {/* The footer's Booking link is a booking widget element: it opens the scheduling popup when
                the widget is ready, and is a plain link to /booking otherwise. */}
            <Link
              to={to(link.href)}
              data-booking-widget={link.href === '/booking' ? '' : undefined}
              className="rounded-sm hover:text-white hover:underline"
            >
              {i18n._(link.msg)}
              {link.badgeMsg ? <Badge tone="dark">{i18n._(link.badgeMsg, { commission: percentIn(locale, site.affiliateCommission) })}</Badge> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
