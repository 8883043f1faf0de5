// Direct REST calls to Appwrite, the fallbacks of docs/product.md §13.4 and §16.1 for when the SDK cannot make the call
// (its code failed to load): "Magic link and verification fallbacks: 'No backend endpoint configured'. REST
// failures throw 'Magic link REST call failed: {status} {body}' or 'Verification REST call failed: {status}
// {body}'." No SDK import here; `fetch` is injectable for the unit tests.

export interface RestTarget {
  endpoint: string;
  projectId: string;
  fetch?: typeof fetch;
}

export const restErrors = {
  noEndpoint: 'No backend endpoint configured',
  magicLink: (status: number, body: string) => `Magic link REST call failed: ${status} ${body}`,
  verification: (status: number, body: string) => `Verification REST call failed: ${status} ${body}`,
} as const;

/** What a browser session sends besides the cookie: the SDK's localStorage copy of it (X-Fallback-Cookies). */
function fallbackCookies(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem('cookieFallback');
  } catch {
    return null;
  }
}

function headers(projectId: string): Record<string, string> {
  const h: Record<string, string> = { 'Content-Type': 'application/json', 'X-Appwrite-Project': projectId, 'X-Appwrite-Response-Format': '1.8.0' };
  const fallback = fallbackCookies();
  if (fallback) h['X-Fallback-Cookies'] = fallback;
  return h;
}

async function post(target: RestTarget, path: string, body: unknown, failure: (status: number, body: string) => string): Promise<unknown> {
  const endpoint = target.endpoint?.trim().replace(/\/+$/, '');
  if (!endpoint) throw new Error(restErrors.noEndpoint);
  const res = await (target.fetch ?? fetch)(`${endpoint}${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: headers(target.projectId),
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(failure(res.status, text));
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** POST /account/tokens/magic-url (Appwrite 1.5+; the older /account/sessions/magic-url is the same call). */
export function restMagicLink(target: RestTarget, params: { userId: string; email: string; url: string }): Promise<unknown> {
  return post(target, '/account/tokens/magic-url', params, restErrors.magicLink);
}

/** POST /account/verification: sends the verification email of the signed-in account. */
export function restVerification(target: RestTarget, params: { url: string }): Promise<unknown> {
  return post(target, '/account/verification', params, restErrors.verification);
}
