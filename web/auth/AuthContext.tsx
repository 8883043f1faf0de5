import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useConfig, useConfigReady } from '../config.tsx';
import { sessionHint } from './hint.ts';
import type { AuthController } from './types.ts';

// Auth state of docs/product.md §13.9: loading, then signed out or signed in; 'Signed in successfully' and
// 'Signed out successfully' for 3 s; the user refreshed whenever the window regains focus; the auth message
// modal. This module is part of every page's first load, so it holds no Appwrite code: the session logic
// (web/auth/session.ts, with the appwrite SDK) is fetched only when there may be a session to read
// (web/auth/hint.ts) or when the visitor signs in. Without Appwrite configured nobody is ever signed in.
import type { AuthContextValue, AuthState } from './types.ts';
export type { AuthActions, AuthContextValue, AuthState, AuthUser, Role } from './types.ts';

const noop = () => {};
/** Exported for tests. */
export const AuthContext = createContext<AuthContextValue>({
  status: 'loading',
  authMessage: null,
  setAuthMessage: noop,
  signOut: async () => {},
});

export function AuthProvider({ children }: { children: ReactNode }) {
  const config = useConfig()?.appwrite ?? null;
  const ready = useConfigReady();
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const [authMessage, setAuthMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  // The session code (web/auth/controller.ts) is loaded when there may be a session, or on a sign-in or
  // sign-out. It then reads the session again whenever the window regains focus (docs/product.md §13.9).
  const load = useMemo(() => {
    let loaded: Promise<AuthController> | undefined;
    // State changes in a transition, like every context change above the pages (see web/config.tsx): a
    // page that is still hydrating must not be replaced by its loading fallback.
    const setters = { setState: (s: AuthState) => startTransition(() => setState(s)), setNotice, setAuthMessage };
    return (start?: boolean) => (loaded ??= import('./controller.ts').then((m) => m.controller(config, setters, start)));
  }, [config]);

  useEffect(() => {
    if (!ready) return;
    if (config && sessionHint()) void load(true);
    else startTransition(() => setState({ status: 'signed-out' }));
  }, [ready, config, load]);

  const value = useMemo<AuthContextValue>(() => ({
    ...state,
    authMessage,
    setAuthMessage,
    signOut: () => load().then((c) => c.signOut()),
    refresh: (options) => load().then((c) => c.refresh(options)),
  }), [state, authMessage, load]);
  return (
    <AuthContext.Provider value={value}>
      {children}
      {/* The sign-in / sign-out notice (web/auth/controller.ts), a live region that is always present. Its
          classes repeat the Login button's, which compresses well in the first-load bundle. */}
      <div
        role="status"
        className={notice ? 'fixed top-20 left-1/2 z-50 -translate-x-1/2 inline-flex items-center rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white shadow-lg' : 'sr-only'}
      >
        {notice}
      </div>
    </AuthContext.Provider>
  );
}

export const useAuth = () => useContext(AuthContext);
