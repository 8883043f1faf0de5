// One page-scroll lock shared by everything that covers the page (the mobile menu, the auth message
// modal). Locks are counted: the page scrolls again only when the last holder releases its lock, and the
// styles it had before the first lock come back exactly.

interface Styled {
  style: { overflow: string; paddingRight: string };
}

export interface ScrollLock {
  /** Locks page scroll; call the returned function (once; later calls do nothing) to release. */
  lock(): () => void;
  readonly count: number;
}

/**
 * `targets` are the scrolling elements (html and body); `scrollbarWidth` measures the scrollbar that
 * disappears, which is given back as padding so the page does not shift sideways.
 */
export function createScrollLock(targets: () => Styled[], scrollbarWidth: () => number = () => 0): ScrollLock {
  let count = 0;
  let saved: { el: Styled; overflow: string; paddingRight: string }[] = [];
  return {
    get count() {
      return count;
    },
    lock() {
      if (count === 0) {
        const gap = Math.max(0, scrollbarWidth());
        saved = targets().map((el) => ({ el, overflow: el.style.overflow, paddingRight: el.style.paddingRight }));
        saved.forEach(({ el }, i) => {
          el.style.overflow = 'hidden';
          if (i === 0 && gap > 0) el.style.paddingRight = `${gap}px`;
        });
      }
      count += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        count -= 1;
        if (count === 0) {
          for (const { el, overflow, paddingRight } of saved) {
            el.style.overflow = overflow;
            el.style.paddingRight = paddingRight;
          }
          saved = [];
        }
      };
    },
  };
}

/** The page's lock (browser only). */
export const pageScrollLock = createScrollLock(
  () => [document.documentElement, document.body],
  () => window.innerWidth - document.documentElement.clientWidth,
);
