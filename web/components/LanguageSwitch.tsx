import { useLocation } from 'react-router-dom';
import { basePath, LANGUAGE_NAMES, LOCALE_TAGS, otherLocale, pathIn } from '../../shared/i18n/locale.ts';
import { hasVersionIn } from '../../shared/i18n/pages.ts';
import { CHOICE_KEY } from '../../shared/i18n/choice.ts';
import { useLocale } from '../i18n/i18n.ts';
import { remember } from '../i18n/storage.ts';

/**
 * The link to the same page in the other language, named in that language ("Français", "English"), in the
 * header and the mobile menu. A plain link (a new document): the page arrives with its language's catalog.
 * Nothing when the page has no version in the other language yet.
 */
export function LanguageSwitch({ className }: { className: string }) {
  const { pathname, search, hash } = useLocation();
  const other = otherLocale(useLocale());
  const base = basePath(pathname);
  if (!hasVersionIn(other, base)) return null;
  return (
    <a
      href={pathIn(other, base) + search + hash}
      hrefLang={LOCALE_TAGS[other]}
      lang={LOCALE_TAGS[other]}
      onClick={() => remember(CHOICE_KEY, other)}
      className={className}
    >
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
