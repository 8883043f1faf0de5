// The addresses the account flows send people back to (docs/product.md §13 and §18),
// and reading the userId and secret Appwrite puts in those links. No I/O; unit-tested.

export interface ReturnUrls {
  /** Sign-up: the verification link leads here. */
  verifyEmail: string;
  /** Recovery: the link in the email leads to the new-password form. */
  resetPassword: string;
  /** Magic link: back to the sign-in page, which finishes the sign-in. */
  magicLink: string;
  /** OAuth: success returns to the home page. */
  oauthSuccess: string;
  /** OAuth: failure (or cancel) returns to the sign-in page, which says so. */
  oauthFailure: string;
}

export function returnUrls(origin: string): ReturnUrls {
  const base = origin.replace(/\/+$/, '');
  return {
    verifyEmail: `${base}/verify-email`,
    resetPassword: `${base}/auth/reset-password`,
    magicLink: `${base}/sign-in`,
    // A language's home is /fr, not /fr/ (English's is /).
    oauthSuccess: /\/[a-z]{2}$/.test(base) ? base : `${base}/`,
    oauthFailure: `${base}/sign-in?oauth=failed`,
  };
}

/**
 * docs/product.md §13.7: the recovery redirect address must be a valid URL; otherwise the error says the
 * origin must be registered as a web platform in the backend console.
 */
export function recoveryUrl(origin: string): string {
  const url = returnUrls(origin).resetPassword;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !parsed.host) {
    throw new Error(`The recovery address "${url}" is not a valid URL. Register this site's origin (${origin || 'unknown'}) as a Web platform in the Appwrite console.`);
  }
  return url;
}

/** The userId and secret of a link from an Appwrite email (verification, recovery, magic link); null if absent. */
export function linkParams(search: string): { userId: string; secret: string } | null {
  const q = new URLSearchParams(search);
  const userId = q.get('userId')?.trim();
  const secret = q.get('secret')?.trim();
  return userId && secret ? { userId, secret } : null;
}

/** The providers offered on the sign-in page (docs/product.md §13.5: google, github, apple). */
export const oauthProviders = [
  { id: 'google', name: 'Google' },
  { id: 'github', name: 'GitHub' },
  { id: 'apple', name: 'Apple' },
] as const;
export type OAuthProviderId = (typeof oauthProviders)[number]['id'];

/** Appwrite adds `error` (JSON with message and type) to the failure address; ours adds oauth=failed. */
export function oauthFailure(search: string): boolean {
  const q = new URLSearchParams(search);
  return q.get('oauth') === 'failed' || q.has('error');
}
