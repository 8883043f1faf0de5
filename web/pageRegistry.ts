import type { ComponentType } from 'react';
import type { PageKey } from '../shared/routePaths.ts';
import { pageFiles } from './pageFiles.ts';
import { preloadable, type Preloadable } from './hydration/preloadable.tsx';

// Every page is its own chunk (docs/product.md §4.3: every page's code loads on demand). The page being
// hydrated is preloaded first (web/hydrate.tsx).
const modules = import.meta.glob<{ default: ComponentType }>('./pages/*Page.tsx');

export const pages = Object.fromEntries(
  Object.entries(pageFiles).map(([key, file]) => {
    const load = modules[`./pages/${file}.tsx`];
    if (!load) throw new Error(`web/pages/${file}.tsx is missing`);
    return [key, preloadable(load)];
  }),
) as Record<PageKey, Preloadable>;
