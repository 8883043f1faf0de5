// The developer debug panel (docs/product.md §4.3) shows whatever JSON-like object is on
// window.__OAUTH_DEBUG__ (an OAuth round trip's provider, redirect URLs, callback, errors), and nothing of it
// is downloaded while there is none. To show or hide it on a running page, set or delete the property, then
//   window.dispatchEvent(new Event(OAUTH_DEBUG_EVENT));

declare global {
  interface Window {
    __OAUTH_DEBUG__?: unknown;
  }
}

export const OAUTH_DEBUG_EVENT = 'oauth-debug';

export function readOAuthDebug(): unknown {
  return typeof window === 'undefined' ? undefined : window.__OAUTH_DEBUG__;
}
