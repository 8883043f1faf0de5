import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Root } from './Root.tsx';
import '../shared/i18n/allCatalogs.ts';

/**
 * Renders one path to HTML, waiting for every lazy page so the markup is complete.
 *
 * progressiveChunkSize: Infinity keeps every Suspense boundary inline. With the default (12.8 KB) React
 * "outlines" a large page: it writes the fallback plus a hidden copy and reveals it with inline scripts,
 * which the Content-Security-Policy (script-src 'self') blocks, so the page would stay on 'Loading...'
 * and hydration would fail.
 */
export async function render(path: string): Promise<string> {
  const { prelude } = await prerender(
    <Root config={null} router={(app) => <StaticRouter location={path}>{app}</StaticRouter>} />,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
