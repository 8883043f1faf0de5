import { useLayoutEffect } from 'react';

// The page's regions (header, main, footer) are Suspense boundaries of their own (web/components/Layout.tsx,
// web/App.tsx) and hydrate in a transition (web/hydrate.tsx). Each marks itself on <html data-ready> once
// hydrated: in a layout effect, within the commit that hydrates it, so that no event finds the region
// already React's but not yet marked. Until the header is ready, styles.css shows the mobile menu button as
// not yet ready (a tap would do nothing); until main is ready, web/entry-client.tsx holds back form submits
// (the browser would send the fields in the URL) and leaves the fields of forms that adopt early input to
// the browser (web/forms/earlyInput.ts). docs/decisions/0009-first-paint-from-html.md.
export type Region = 'header' | 'main' | 'footer';

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
