import { useLayoutEffect } from 'react';

// The page's regions (header, main, footer) are Suspense boundaries of their own (web/components/Layout.tsx,
// web/App.tsx) and hydrate in a transition (web/hydrate.tsx). Each marks itself on <html data-ready> once
// hydrated: in a layout effect, within the commit that hydrates it, so that no event finds the region
// already React's but not yet marked. Until main is ready, web/entry-client.tsx holds back form submits (the
// browser would send the fields in the URL). docs/decisions/0009-first-paint-from-html.md.
export type Region = 'header' | 'main' | 'footer';

/**
 * Marks an element that works with the HTML alone (the mobile menu and its button, a form whose fields
 * adopt what was typed early, web/forms/earlyInput.ts): until `region` has hydrated, web/entry-client.tsx
 * keeps taps and keys on it (in a form: on its fields and labels) from React, which would otherwise hydrate
 * the whole region synchronously inside the event (40-180 ms at 4x CPU slowdown) before the browser could
 * act on it.
 */
export const nativeUntil = (region: Region) => ({ 'data-native-until': region });

export function Ready({ region }: { region: Region }) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const ready = new Set((root.dataset.ready ?? '').split(' ').filter(Boolean));
    if (ready.has(region)) return;
    ready.add(region);
    root.dataset.ready = [...ready].join(' ');
  }, [region]);
  return null;
}
