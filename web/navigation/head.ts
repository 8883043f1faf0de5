import { notFoundRoutes, protectedShells, routeForPath } from '../../shared/routes.ts';
import { site } from '../../shared/site.ts';
import { LOCALE_TAGS, localeOfPath } from '../../shared/i18n/locale.ts';
import { loadFrenchParts } from '../i18n/loadFrenchPart.ts';

// The <head> of client-side navigations. The prerendered HTML already has the right tags for the first
// page (shared/seo.ts); after that the SPA keeps title, description, canonical URL, the Open Graph copies
// and robots in step with the route table.

export interface HeadInfo {
  title: string;
  description: string;
  /** Canonical path; null: no canonical link (the not-found page). */
  canonical: string | null;
  indexable: boolean;
}

export function headForPath(pathname: string): HeadInfo {
  const route = routeForPath(pathname);
  if (route) return { title: route.title, description: route.description, canonical: route.canonical ?? route.path, indexable: route.indexable };
  const shell = protectedShells.find((p) => pathname === p || pathname.startsWith(`${p}/`));
  // The shells' prerendered head is in their language (shared/routes.ts shellRoute); a noindex area needs no more here.
  if (shell) return { title: site.name, description: site.description, canonical: null, indexable: false };
  const notFound = notFoundRoutes[localeOfPath(pathname)];
  return { title: notFound.title, description: notFound.description, canonical: null, indexable: false };
}

function setMeta(attr: 'name' | 'property', key: string, content: string | null) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  if (el.content !== content) el.content = content;
}

let latest = 0;

/** Writes the head for `pathname`; `origin` (the configured site URL) is needed for absolute URLs. */
export async function applyHead(pathname: string, origin: string | null): Promise<void> {
  const call = ++latest;
  // A French page's title may be in one of its French parts (the forms', the content pages' words), which come
  // with the page's code: wait for them (already fetched or on the way) rather than show a message id.
  const page = routeForPath(pathname)?.page;
  if (page && localeOfPath(pathname) === 'fr') await loadFrenchParts(page).catch(() => {});
  if (call !== latest) return; // a later navigation wrote its own head meanwhile
  const head = headForPath(pathname);
  // A navigation may cross languages (a French page's link to a page not yet in French).
  document.documentElement.lang = LOCALE_TAGS[localeOfPath(pathname)];
  if (document.title !== head.title) document.title = head.title;
  setMeta('name', 'description', head.description);
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('name', 'robots', head.indexable ? null : 'noindex');
  if (!origin) return;
  const url = head.canonical === null ? null : `${origin}${head.canonical}`;
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (url === null) link?.remove();
  else {
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    if (link.href !== url) link.href = url;
  }
  setMeta('property', 'og:url', url ?? `${origin}${pathname}`);
}
