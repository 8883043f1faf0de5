// The developer debug panel (spec.md section 2) appears only when an OAuth debug object exists on the
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

/** Pretty JSON that survives cycles, functions, errors and bigints. */
export function describeDebugValue(value: unknown): string {
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(
      value,
      (_key, v: unknown) => {
        if (typeof v === 'bigint') return `${v}n`;
        if (typeof v === 'function') return `[function ${v.name || 'anonymous'}]`;
        if (v instanceof Error) return { name: v.name, message: v.message };
        if (v && typeof v === 'object') {
          if (seen.has(v)) return '[circular]';
          seen.add(v);
        }
        return v;
      },
      2,
    ) ?? String(value);
  } catch {
    return String(value);
  }
}
