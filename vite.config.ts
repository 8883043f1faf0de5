import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { resolve } from 'node:path';

// BUILD_DIR lets several builds coexist (parallel work, benchmarks); the default is what wrangler.toml serves.
const out = resolve(process.env.BUILD_DIR ?? 'dist');

// The SPA lives in web/. `vite build` writes the client to dist/client (served as Worker assets);
// `vite build --ssr` writes the prerenderer's entry to dist/server (scripts/prerender.ts).
// In `npm run dev` the Worker does not serve the HTML, so this plugin adds the public configuration the
// Worker would inject (functions/site.ts), read from the running Worker.
function devRuntimeConfig(): Plugin {
  return {
    name: 'dev-runtime-config',
    apply: 'serve',
    async transformIndexHtml() {
      try {
        const res = await fetch('http://localhost:8787/api/config');
        const content = JSON.stringify(await res.json());
        return [{ tag: 'meta', attrs: { name: 'app-config', content }, injectTo: 'head' }];
      } catch {
        return [];
      }
    },
  };
}

// With module preloading off (below), Vite's preload helper would wrap every dynamic import only to preload
// the CSS a chunk imports (there is none: the stylesheet is inlined, scripts/prerender.ts) and to fire a
// `vite:preloadError` event nothing listens to; with it would go a list of each chunk's imports in the
// frame's code (about 1.8 KB gzipped on every page, docs/decisions/0033-light-mode-and-data-budget.md).
// The import alone does the same. A lazy part then fetches its imports one level after another, so it
// arrives later than with the helper: nothing may depend on its arriving before the session (web/startApp.tsx).
function plainDynamicImports(): Plugin {
  return {
    name: 'plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id === '\0vite/preload-helper.js') return 'export const __vitePreload = (load) => load();';
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), devRuntimeConfig(), plainDynamicImports()],
  // The prerender entry is self-contained, so it runs from any BUILD_DIR.
  ssr: { noExternal: true },
  // react-router's package exports point every bundler condition at its development build (dev-only
  // checks and warnings); the client ships its production build instead.
  resolve: isSsrBuild ? {} : {
    alias: [
      { find: /^react-router$/, replacement: resolve('node_modules/react-router/dist/production/index.mjs') },
      { find: /^react-router\/dom$/, replacement: resolve('node_modules/react-router/dist/production/dom-export.mjs') },
      // Zod with its CSP-safe jitless setting (web/zodJitless.ts), set as it loads rather than at the app's start.
      { find: /^zod$/, replacement: resolve('web/zodJitless.ts') },
    ],
  },
  build: isSsrBuild
    ? { outDir: resolve(out, 'server'), emptyOutDir: true, ssr: true, rollupOptions: { input: 'web/entry-server.tsx' } }
    : {
        outDir: resolve(out, 'client'),
        emptyOutDir: true,
        sourcemap: !!process.env.SOURCEMAP,
        target: 'es2022',
        manifest: true,
        // Chromium, Firefox and Safari support modulepreload: the polyfill would only add to the entry, which
        // is kept to a few hundred bytes (docs/decisions/0009-first-paint-from-html.md).
        modulePreload: false,
        rolldownOptions: {
          // The app is an entry of its own: the page's only script (web/entry-client.tsx) fetches it by the
          // address scripts/prerender.ts lists, after the first paint, without Vite's preload helper.
          input: { index: resolve('web/index.html'), hydrate: resolve('web/hydrate.tsx') },
          output: {
            codeSplitting: {
              // The page building blocks and the small content modules they show are shared by many pages;
              // one chunk instead of half a dozen ~1 KB ones saves the per-file gzip overhead on every page.
              // What the app itself needs, as three chunks instead of a dozen (fewer files arrive sooner over an
              // HTTP/1.1 connection limit; all are fetched at once after the first paint, web/entry-client.tsx):
              // React and its DOM renderer, the router, and the page frame; web/hydrate.tsx evaluates React
              // apart from the rest, so that the two are not one long task. TanStack Query (the account and
              // admin areas' server data, docs/decisions/0023) is one chunk that only those areas load. The form
              // controls and the early-input hook the public forms use stay one chunk, as they were before the
              // admin area shared the controls (one file fewer on a form page).
              groups: [{ name: 'preload-helper', test: /preload-helper/ }, { name: 'react', test: /node_modules\/(react|react-dom|scheduler)\// }, { name: 'router', test: /node_modules\/(react-router|react-router-dom)\// }, { name: 'app', test: /web\/(config\.tsx|auth\/(AuthContext|hint|sessionHint|AuthMessageModal)\.tsx?|booking\/BookingContext\.tsx|components\/(AccountControls|Header|MobileMenu|Footer|Layout|Logo|Badge|SocialIcon|ErrorBoundary|errors)\.tsx?|hydration\/(idle|ready|preloadable|LazyPart|fonts)\.tsx?|navigation\/(RouteEffects|scroll)\.tsx?|debug\/DebugPanelGate\.tsx)|shared\/(site|routePaths|navigation|content\/services)\.ts/ }, { name: 'blocks', includeDependenciesRecursively: false, test: /web\/components\/content\/(actions|cards|lists|PriceBadge|DepartmentIcon)\.tsx|shared\/(content\/(process|portfolioCards|serviceSummaries))\.ts/ }, { name: 'layout', includeDependenciesRecursively: false, test: /web\/components\/content\/layout\.tsx|shared\/(usd|content\/departments)\.ts/ }, { name: 'query', includeDependenciesRecursively: false, test: /node_modules\/@tanstack\/|web\/api\/(queries\.ts|QueryProvider\.tsx)/ }, { name: 'controls', includeDependenciesRecursively: false, test: /web\/(ui\/(controls\.tsx|cn\.ts)|forms\/earlyInput\.ts)/ }],
            },
          },
        },
      },
  server: {
    port: 5173,
    // `npm run dev`: Vite serves the SPA with fast reload and forwards the API to `wrangler dev`.
    proxy: { '/api': { target: 'http://localhost:8787', ws: true } },
  },
}));
