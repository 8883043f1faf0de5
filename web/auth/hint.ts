// Whether this browser may hold an Appwrite session. The session cookie belongs to Appwrite's host and is
// invisible here, and asking Appwrite (GET /account) when nobody is signed in costs the SDK download and a
// 401 in the console on every page. So the SPA remembers that it created a session (or sent the visitor to
// an OAuth provider), and only then asks. A session it does not know about (storage cleared) is found again
// when the visitor signs in: Appwrite then says a session exists (web/auth/helpers.ts).
export const SESSION_HINT_KEY = 'voltalabs.session';

export function sessionHint(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) !== null;
  } catch {
    return false;
  }
}
