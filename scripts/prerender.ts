// Renders every public route of shared/routes.ts to static HTML in dist/client (docs/decisions/0003).
import { mkdir, readFile, writeFile, copyFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { publicRoutes, notFoundRoute, protectedShells, type PublicRoute } from '../shared/routes.ts';
import { headTags } from '../shared/seo.ts';
import { site } from '../shared/site.ts';
import { pageFiles } from '../web/pageFiles.ts';
import { STYLE_HASHES_PATH } from '../shared/csp.ts';
import { styleHashes } from './lib/cspHashes.ts';

const out = process.env.BUILD_DIR ?? 'dist';
const client = join(out, 'client');
// The stylesheet is inlined: it is small (about 9 KB gzipped), a separate file would cost a render-blocking
// round trip on the first page, and later pages are client-side navigations that never load it again.
// The CSP allows exactly the inlined stylesheets by their hashes, written to STYLE_HASHES_PATH below (the
// file stays in assets/ for anything that links it).
const built = await readFile(join(client, 'index.html'), 'utf8');
const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(built);
const template = stylesheet
  ? built.replace(stylesheet[0], () => `<style>${readFileSync(join(client, stylesheet[1]!), 'utf8')}</style>`)
  : built;
await copyFile(join(client, 'index.html'), join(out, 'server/template.html'));
const { render } = (await import(resolve(out, 'server/entry-server.js'))) as { render: (path: string) => Promise<string> };

// Preload the page's own chunk (and what it imports) so hydration does not wait for a second round trip.
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
const manifestPath = join(client, '.vite/manifest.json');
const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
const entryChunks = new Set<string>();
(function collect(keys: string[]) {
  for (const k of keys) if (!entryChunks.has(k) && manifest[k]) { entryChunks.add(k); collect(manifest[k].imports ?? []); }
})(Object.keys(manifest).filter((k) => manifest[k]!.isEntry));
function preloadsFor(page: PublicRoute['page']): string {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || entryChunks.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  visit(`pages/${pageFiles[page]}.tsx`);
  return [...seen].map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}" />`).join('\n    ');
}

const fileFor = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

const pages: string[] = [];
async function write(path: string, head: string, renderPath = path) {
  const app = await render(renderPath);
  const html = template.replace('<!--head-->', head).replace('<!--app-->', app);
  pages.push(html);
  const file = join(client, fileFor(path));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
}

const started = performance.now();
for (const route of publicRoutes) await write(route.path, `${headTags(route)}\n    ${preloadsFor(route.page)}`);
await write('/404', `${headTags(notFoundRoute)}\n    ${preloadsFor('not-found')}`, '/__not-found__');
for (const path of protectedShells) {
  const shell: PublicRoute = { path, page: 'not-found', title: site.name, description: site.description, indexable: false };
  await write(path, headTags(shell).replace(/<link rel="canonical"[^>]*>/, ''));
}
await writeFile(join(client, STYLE_HASHES_PATH), `${JSON.stringify(styleHashes(pages))}\n`);
// The manifest is a build artefact, not something to serve.
await rm(join(client, '.vite'), { recursive: true, force: true });
console.log(`prerendered ${publicRoutes.length + 1 + protectedShells.length} pages in ${Math.round(performance.now() - started)} ms`);
