import { useState, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { isPlainClick } from '../navigation/plainClick.ts';

// Most of a public page is text and links: nothing in it changes once it is on screen. Hydrating it still
// costs a phone a render of every component and a fiber for every element, in the tasks that start the app
// (docs/decisions/0009-first-paint-from-html.md, eighth round). On the page the browser loaded, such a part
// keeps its prerendered HTML as it is: React adopts it as one element's inner HTML, neither walking nor
// patching it, and the part's own code is never run. Its links still navigate within the app (one click
// handler on the part). Rendered later (after a navigation within the app), it renders its children as usual.
// Only for parts whose HTML depends on nothing but the address: no state, effects, context or handlers of
// their own (tests/unit/static-pages.test.ts keeps the static pages so).

const noSubscription = () => () => {};
/** True on the server and while React hydrates the page the browser loaded; false in every later render. */
const useHydrating = () => useSyncExternalStore(noSubscription, () => false, () => true);

/** `name`: unique on the page; it finds the part's prerendered element. */
export function StaticHtml({ name, className, children }: { name: string; className?: string; children: ReactNode }) {
  const hydrating = useHydrating();
  // Read once, when the part mounts: a later render (React re-renders it once right after hydrating, as the
  // hook above changes) keeps the same markup, which React compares as a string and leaves alone.
  const [html] = useState(() => (hydrating && typeof document !== 'undefined' ? (document.querySelector(`[data-static="${name}"]`)?.innerHTML ?? null) : null));
  const navigate = useNavigate();
  if (html === null) return <div data-static={name} className={className}>{children}</div>;

  // What react-router's <Link> does on a click, for the links in the adopted markup.
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainClick(event)) return;
    const link = (event.target as Element).closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    const to = url.pathname + url.search + url.hash;
    // As <Link>: a link to the address already shown replaces it rather than adding a history entry.
    navigate(to, { replace: to === location.pathname + location.search + location.hash });
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: not a control: it passes on the clicks of the links inside it, which are focusable links.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a focused link is a click; nothing else here takes keys.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the part's own prerendered markup, read back from this document, not input.
    <div data-static={name} className={className} onClick={followLink} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
  );
}
