import { useSyncExternalStore } from 'react';
import { LIGHT_ATTRIBUTE, LIGHT_COOKIE, lightChoice, lightCookie } from '../../shared/lightMode.ts';
import { isLight } from './isLight.ts';

// Light mode in the app (docs/decisions/0033-light-mode-and-data-budget.md). The Worker decides it for each
// page it serves (Save-Data: on or the visitor's cookie) and marks <html data-light>; the app reads that
// mark, so hydration renders exactly what the server sent. The toggle changes the mark at once and remembers
// the choice in the cookie (for the Worker's next page) and in local storage (it puts back a cookie the
// browser lost).

const listeners = new Set<() => void>();

export function setLight(on: boolean) {
  document.documentElement.toggleAttribute(LIGHT_ATTRIBUTE, on);
  document.cookie = lightCookie(on);
  try { localStorage.setItem(LIGHT_COOKIE, on ? 'on' : 'off'); } catch { /* storage refused: the cookie remembers */ }
  for (const fn of listeners) fn();
}

/** A choice kept in local storage but missing from the cookies goes back into a cookie (next page is right). */
export function restoreLightCookie() {
  try {
    const kept = localStorage.getItem(LIGHT_COOKIE);
    if ((kept === 'on' || kept === 'off') && !lightChoice(document.cookie)) document.cookie = lightCookie(kept === 'on');
  } catch { /* storage refused */ }
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/** Light mode, as a render value (the same on the server snapshot during hydration as in the page). */
export const useLight = () => useSyncExternalStore(subscribe, isLight, isLight);
