import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

// Auth state of spec.md section 4: loading, then signed out or signed in. The Appwrite wiring comes with
// the accounts issue; until then nobody can be signed in and signOut does nothing.
export type Role = 'admin' | 'moderator' | 'user';
export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: { $id: string; email: string }; role: Role };

export interface AuthActions {
  /** The message of the auth message modal (spec.md section 2); null: no modal. */
  authMessage: string | null;
  setAuthMessage: (message: string | null) => void;
  /** Ends the session. The caller then returns to / (spec.md section 2). */
  signOut: () => Promise<void>;
}

export type AuthContextValue = AuthState & AuthActions;

const noop = () => {};
/** Exported for tests and for the accounts issue, which replaces the provider below. */
export const AuthContext = createContext<AuthContextValue>({
  status: 'loading',
  authMessage: null,
  setAuthMessage: noop,
  signOut: async () => {},
});

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const [authMessage, setAuthMessage] = useState<string | null>(null);
  // In a transition, like every context change above the pages (see web/config.tsx): a page that is still
  // hydrating must not be replaced by its loading fallback.
  useEffect(() => startTransition(() => setState({ status: 'signed-out' })), []);
  const signOut = useCallback(async () => {}, []);
  const value = useMemo<AuthContextValue>(() => ({ ...state, authMessage, setAuthMessage, signOut }), [state, authMessage, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export const useAuth = () => useContext(AuthContext);
