/** Runs `fn` when the browser is idle (at the latest after `timeout` ms), so third-party scripts never
 * compete with the first paint and hydration. Returns a cancel function. */
export function whenIdle(fn: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1);
  return () => window.clearTimeout(id);
}

/** Appends a script once (by src); resolves true when it loaded, false when it failed or timed out. */
export function loadScript(src: string, timeoutMs = 15000): Promise<boolean> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = window.setTimeout(() => resolve(false), timeoutMs);
    script.onload = () => {
      window.clearTimeout(timer);
      resolve(true);
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      script.remove();
      resolve(false);
    };
    document.head.append(script);
  });
}
