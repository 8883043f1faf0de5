import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

// Auth state of spec.md section 4: loading, then signed out or signed in. The Appwrite wiring comes with
// the accounts issue; until then nobody can be signed in.
export type Role = 'admin' | 'moderator' | 'user';
export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: { $id: string; email: string }; role: Role };

const AuthContext = createContext<AuthState>({ status: 'loading' });

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  useEffect(() => setState({ status: 'signed-out' }), []);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export const useAuth = () => useContext(AuthContext);
