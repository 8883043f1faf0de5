import { useEffect, useEffectEvent, type RefObject } from 'react';

// Focus helpers for the overlays (mobile menu, auth message modal): focus is kept inside while they are
// open and given back to where it came from when they close.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Index to move to when Tab (or Shift+Tab) is pressed on `current` (-1: focus is elsewhere), wrapping round. */
export function nextFocusIndex(current: number, count: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (current < 0) return backwards ? count - 1 : 0;
  return backwards ? (current - 1 + count) % count : (current + 1) % count;
}

function focusables(containers: readonly RefObject<HTMLElement | null>[]): HTMLElement[] {
  return containers.flatMap((ref) => {
    const el = ref.current;
    if (!el) return [];
    const own = el.matches(FOCUSABLE) ? [el] : [];
    return [...own, ...el.querySelectorAll<HTMLElement>(FOCUSABLE)];
  }).filter((el) => el.getClientRects().length > 0 && !el.closest('[inert]'));
}

/**
 * While `active`, Tab and Shift+Tab cycle through the focusable elements of `containers` (in that order).
 * On activation focus moves to `initial` (or the first focusable element); on deactivation it returns to
 * `returnTo` (or the element that had it before).
 */
export function useFocusTrap(
  active: boolean,
  containers: readonly RefObject<HTMLElement | null>[],
  options: { initial?: RefObject<HTMLElement | null>; returnTo?: RefObject<HTMLElement | null> } = {},
) {
  const { initial, returnTo } = options;
  // Read when they are needed, from the latest render: containers is a fresh array on every render.
  const list = useEffectEvent(() => focusables(containers));
  const initialTarget = useEffectEvent(() => initial?.current ?? list()[0]);
  const returnTarget = useEffectEvent(() => returnTo?.current);
  useEffect(() => {
    if (!active) return;
    const before = document.activeElement as HTMLElement | null;
    initialTarget()?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const all = list();
      const next = nextFocusIndex(all.indexOf(document.activeElement as HTMLElement), all.length, e.shiftKey);
      if (next < 0) return;
      e.preventDefault();
      all[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const target = returnTarget() ?? before;
      if (target?.isConnected) target.focus();
    };
  }, [active]);
}

/**
 * Hides the page regions (marked with data-page-region) from assistive technology and from the keyboard
 * while an overlay is open. Counted per element, like the scroll lock. Returns the release function.
 */
const inertCount = new WeakMap<Element, number>();
export function makeRegionsInert(regions: readonly string[]): () => void {
  const els = regions.flatMap((r) => [...document.querySelectorAll<HTMLElement>(`[data-page-region="${r}"]`)]);
  for (const el of els) {
    const n = inertCount.get(el) ?? 0;
    inertCount.set(el, n + 1);
    if (n === 0) el.inert = true;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const el of els) {
      const n = (inertCount.get(el) ?? 1) - 1;
      inertCount.set(el, n);
      if (n === 0) el.inert = false;
    }
  };
}
