import { SESSION_HINT_KEY } from './hint.ts';

/** Remembers (or forgets) that this browser holds a session; see web/auth/hint.ts. Not part of the first load. */
export function setSessionHint(on: boolean): void {
  try {
    if (on) localStorage.setItem(SESSION_HINT_KEY, '1');
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage refused (private mode): every page then shows the signed-out header until a sign-in.
  }
}
