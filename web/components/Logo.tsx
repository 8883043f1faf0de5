import { Link } from 'react-router-dom';
import { site } from '../../shared/site.ts';
import { useHref, useI18n } from '../i18n/i18n.ts';

/** The mark: a "V" with a spark, drawn inline so it costs no request. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path d="M8 9h4.2L16 19.6 19.8 9H24l-6.1 15h-3.8Z" fill="#fff" />
      <circle cx="24.5" cy="7.5" r="2.5" fill="#f59e0b" />
    </svg>
  );
}

/** Logo link to the home page. `tone`: dark text on light backgrounds, light text on dark ones. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const i18n = useI18n();
  const to = useHref();
  return (
    <Link
      to={to('/')}
      aria-label={i18n._('frame.logoHome', { name: site.name })}
      className={`flex shrink-0 items-center gap-2 rounded-md text-lg font-extrabold tracking-tight ${tone === 'dark' ? 'text-ink' : 'text-white'}`}
    >
      <LogoMark />
      <span>{site.name}</span>
    </Link>
  );
}
