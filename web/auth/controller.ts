import type { AppwritePublicConfig } from '../../shared/config.ts';
import type { AuthController, AuthSetters, AuthState } from './types.ts';
export type { AuthController, AuthSetters } from './types.ts';
import { setSessionHint } from './sessionHint.ts';
import { endSession, loadSession } from './session.ts';
import { messagesIn } from '../../shared/i18n/say.ts';
import { localeOfPath } from '../../shared/i18n/locale.ts';

// What the auth state does (docs/product.md §13.9), loaded on demand by AuthProvider (web/auth/AuthContext.tsx,
// which every page loads and which therefore holds only the state): reading the session, the 3-second
// 'Signed in successfully' / 'Signed out successfully' notice, the auth message when a session ends on its
// own, and sign-out.
export const authNotices = { signedIn: 'Signed in successfully', signedOut: 'Signed out successfully' } as const;
export const NOTICE_MS = 3000;
export const authMessages = {
  sessionEnded: 'Your session has ended. Please sign in again.',
  signOutFailed: 'We could not sign you out: the account service did not answer. Check your connection and try again.',
} as const;

// Said in the language of the page the visitor is on when it happens (its URL's, shared/i18n/locale.ts).
const pageLocale = () => (typeof location === 'undefined' ? 'en' : localeOfPath(location.pathname));
const notices = () => messagesIn(pageLocale(), 'account.notice', authNotices);
const messages = () => messagesIn(pageLocale(), 'account.message', authMessages);

/**
 * `start`: created at page load because there may be a session: read it now. Either way, once there is a
 * controller the session is read again whenever the window regains focus.
 */
export function controller(config: AppwritePublicConfig | null, set: AuthSetters, start = false): AuthController {
  let current: AuthState = { status: 'loading' };
  // Only the latest call may set the state (a focus refresh must not undo a sign-out that ended after it).
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const apply = (next: AuthState) => {
    current = next;
    set.setState(next);
  };
  const flash = (text: string) => {
    set.setNotice(text);
    clearTimeout(timer);
    timer = setTimeout(() => set.setNotice(''), NOTICE_MS);
  };

  const self: AuthController = {
    async refresh(options = {}) {
      const call = ++latest;
      const before = current;
      let next: AuthState = { status: 'signed-out' };
      if (config) {
        try {
          next = await loadSession(config);
        } catch (err) {
          // Appwrite unreachable: keep what we know; unknown counts as signed out.
          console.warn('Could not read the session', err);
          next = before.status === 'loading' ? { status: 'signed-out' } : before;
        }
      }
      if (call !== latest) return current;
      apply(next);
      if (options.signedIn && next.status === 'signed-in') flash(notices().signedIn);
      else if (before.status === 'signed-in' && next.status === 'signed-out') set.setAuthMessage(messages().sessionEnded);
      return next;
    },
    async signOut() {
      ++latest;
      if (config) {
        try {
          await endSession(config);
        } catch (err) {
          console.error('Sign-out failed', err);
          set.setAuthMessage(messages().signOutFailed);
          return;
        }
      }
      // Sign-out wins over any read that started meanwhile.
      ++latest;
      setSessionHint(false);
      apply({ status: 'signed-out' });
      flash(notices().signedOut);
    },
  };
  if (config) {
    // Back from a cancelled or failed OAuth sign-in (web/auth/urls.ts) no session was made: nothing to read.
    if (start && location.search.includes('oauth=failed')) apply({ status: 'signed-out' });
    else if (start) void self.refresh();
    addEventListener('focus', () => void self.refresh());
  }
  return self;
}
