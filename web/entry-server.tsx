import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Root } from './Root.tsx';

/** Renders one path to HTML, waiting for every lazy page so the markup is complete. */
export async function render(path: string): Promise<string> {
  const { prelude } = await prerender(<Root config={null} router={(app) => <StaticRouter location={path}>{app}</StaticRouter>} />);
  return new Response(prelude).text();
}
