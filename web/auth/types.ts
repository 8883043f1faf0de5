import type { Role } from '../../shared/roles.ts';

// The auth types, in one module that both the auth state (web/auth/AuthContext.tsx, in every page's first
// load) and the session controller (web/auth/controller.ts, loaded on demand) import, so neither imports
// the other.

export type { Role } from '../../shared/roles.ts';

export interface AuthUser {
  $id: string;
  email: string;
  name?: string;
  emailVerification?: boolean;
}

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out'; /** A session exists but waits for its second factor (MFA). */ mfaRequired?: boolean }
  | { status: 'signed-in'; user: AuthUser; role: Role };

export interface AuthActions {
  /** The message of the auth message modal (docs/product.md §4.3); null: no modal. */
  authMessage: string | null;
  setAuthMessage: (message: string | null) => void;
  /** Ends the session and says 'Signed out successfully'. The caller then returns to / (docs/product.md §13.9). */
  signOut: () => Promise<void>;
  /** Reads the session again (after a sign-in, with `signedIn`: says 'Signed in successfully'). */
  refresh?: (options?: { signedIn?: boolean }) => Promise<AuthState>;
}

export type AuthContextValue = AuthState & AuthActions;

/** What the auth state hands the controller. */
export interface AuthSetters {
  /** Sets the auth state in a transition (like every context change above the pages, see web/config.tsx). */
  setState(state: AuthState): void;
  setNotice(text: string): void;
  setAuthMessage(message: string | null): void;
}

/** The session controller (web/auth/controller.ts). */
export interface AuthController {
  refresh(options?: { signedIn?: boolean }): Promise<AuthState>;
  signOut(): Promise<void>;
}
