// Scrolling on route changes (docs/product.md §4.3): to the top, or smoothly to the hash target. The target
// may belong to a lazy page that is still loading, so it is looked for on every frame for a while, and
// the smooth scroll starts only once no page is loading any more (the page's content would otherwise
// move the target while the scroll is under way). App.tsx marks its fallback with data-page-loading.

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export function hashTargetId(hash: string): string | null {
  if (!hash || hash === '#') return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * Scrolls for a navigation to `hash`. `samePage`: only the hash changed, so the page stays where it is
 * until the smooth scroll starts. Returns a function that stops looking for the target.
 */
export function scrollOnNavigation(hash: string, samePage: boolean, maxWaitMs = 10000): () => void {
  const id = hashTargetId(hash);
  if (!id) {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return () => {};
  }
  if (!samePage) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  const started = performance.now();
  let frame = 0;
  const look = () => {
    const target = document.querySelector('[data-page-loading]') ? null : document.getElementById(id);
    if (target) {
      target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      return;
    }
    if (performance.now() - started < maxWaitMs) frame = window.requestAnimationFrame(look);
  };
  look();
  return () => window.cancelAnimationFrame(frame);
}
