// The developer debug panel (docs/product.md §4.3) appears only when an OAuth debug object exists on the
// window. Code that wants to inspect an OAuth round trip (the accounts issue: provider, redirect URLs,
// query parameters of the callback, errors) assigns any JSON-like object to window.__OAUTH_DEBUG__ and,
// if the page is already running, dispatches OAUTH_DEBUG_EVENT on window so the panel appears at once:
//
//   window.__OAUTH_DEBUG__ = { provider: 'google', callback: location.href, error };
//   window.dispatchEvent(new Event(OAUTH_DEBUG_EVENT));
//
// Deleting the property (and dispatching the event) hides the panel. Nothing of the panel is downloaded
// while the object is absent.

declare global {
  interface Window {
    __OAUTH_DEBUG__?: unknown;
  }
}

export const OAUTH_DEBUG_EVENT = 'oauth-debug';

export function readOAuthDebug(): unknown {
  return typeof window === 'undefined' ? undefined : window.__OAUTH_DEBUG__;
}
