import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The SPA lives in web/. `vite build` writes the client to dist/client (served as Worker assets);
// `vite build --ssr` writes the prerenderer's entry to dist/server (scripts/prerender.ts).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? { outDir: '../dist/server', emptyOutDir: true, ssr: true, rollupOptions: { input: 'web/entry-server.tsx' } }
    : { outDir: '../dist/client', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    port: 5173,
    // `npm run dev`: Vite serves the SPA with fast reload and forwards the API to `wrangler dev`.
    proxy: { '/api': { target: 'http://localhost:8787', ws: true } },
  },
}));
