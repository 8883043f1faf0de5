// Which links the chat follows (docs/decisions/0007): the model writes the answers' Markdown, so its links are
// untrusted. The check resolves an address the way the browser will (the URL standard: leading spaces and
// control characters dropped, tabs and newlines removed, `\` read as `/`), so that what is checked is where
// the link really goes: `/\evil.com` and `//evil.com` look like site paths but lead to another site.

/** A link the chat follows: one of the site's pages (opened in the app), another http(s) site, or an e-mail address. */
export type ChatLink =
  | { kind: 'site'; href: string }
  | { kind: 'web'; href: string }
  | { kind: 'mail'; href: string };

const absolute = (href: string): URL | null => {
  try {
    return new URL(href);
  } catch {
    return null;
  }
};

/**
 * The link to render for `href`, or null when the chat does not follow it. A site link must be written as a
 * path (`/…`) that stays on `siteOrigin` (or as an absolute address of the site itself); its href is the
 * normalised path. Relative addresses without `/` are refused: their meaning depends on the page shown.
 */
export function chatLink(href: string | null | undefined, siteOrigin: string): ChatLink | null {
  if (!href) return null;
  const site = new URL(siteOrigin).origin;
  const url = absolute(href);
  if (url) {
    if (url.protocol === 'mailto:') return url.pathname ? { kind: 'mail', href: url.href } : null;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // user@host hides the real host behind a familiar name.
    if (url.username || url.password) return null;
    if (url.origin === site) return { kind: 'site', href: url.pathname + url.search + url.hash };
    return { kind: 'web', href: url.href };
  }
  let resolved: URL;
  try {
    resolved = new URL(href, `${site}/`);
    // Written relative to the page shown (`services`, `?q`, `#top`): from another page it goes elsewhere.
    if (new URL(href, `${site}/a/b`).href !== resolved.href) return null;
  } catch {
    return null;
  }
  // A path that the parser reads as another host (`//host`, `/\host`) is not the site's.
  if (resolved.origin !== site) return null;
  return { kind: 'site', href: resolved.pathname + resolved.search + resolved.hash };
}
