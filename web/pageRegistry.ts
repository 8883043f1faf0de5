import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKey } from '../shared/routePaths.ts';
import { pageFiles } from './pageFiles.ts';

// Every page is its own chunk (docs/product.md §4.3: every page's code loads on demand).
const modules = import.meta.glob<{ default: ComponentType }>('./pages/*Page.tsx');

export const pages = Object.fromEntries(
  Object.entries(pageFiles).map(([key, file]) => {
    const load = modules[`./pages/${file}.tsx`];
    if (!load) throw new Error(`web/pages/${file}.tsx is missing`);
    return [key, lazy(load)];
  }),
) as Record<PageKey, LazyExoticComponent<ComponentType>>;
