import { lazy, type ComponentType } from 'react';

/** A lazily loaded component (like React.lazy) whose code can also be fetched ahead of rendering. */
export type Preloadable = ComponentType & { preload: () => Promise<void> };

/**
 * Like React.lazy, plus preload(): once the module has arrived, the component renders it directly instead
 * of through the lazy wrapper, so a tree whose code was preloaded renders, and hydrates, without suspending
 * (web/hydrate.tsx preloads the page being hydrated: a Suspense boundary left dehydrated while the
 * configuration and session updates arrive would wait for them, docs/decisions/0009-first-paint-from-html.md).
 * A failed load is forgotten, so that a later render (or an error boundary's retry) tries again.
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>): Preloadable {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => { loaded = m.default; },
      (err: unknown) => { pending = undefined; throw err; },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module load, never during a render, so its identity is stable.
  function Preloaded() {
    const Component = loaded ?? Lazy;
    return <Component />;
  }
  return Object.assign(Preloaded, { preload });
}
