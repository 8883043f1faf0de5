// Renders every public route of shared/routes.ts to static HTML in dist/client (docs/decisions/0003).
import { mkdir, readFile, writeFile, copyFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import '../shared/i18n/allCatalogs.ts';
import { allRoutes, notFoundRoutes, protectedShells, shellRoute, type PublicRoute } from '../shared/routes.ts';
import { headTags, htmlLang } from '../shared/seo.ts';
import { DEFAULT_LOCALE, LOCALES, pathIn, type Locale } from '../shared/i18n/locale.ts';
import { pageFiles, staticPages } from '../web/pageFiles.ts';
import { chatFrenchPart, frenchPartsOf, type FrenchArea } from '../shared/i18n/frenchParts.ts';
import { STYLE_HASHES_PATH } from '../shared/csp.ts';
import { styleHashes } from './lib/cspHashes.ts';
import { compressImages } from './lib/compressImages.ts';

const out = process.env.BUILD_DIR ?? 'dist';
const client = join(out, 'client');
// The stylesheet is inlined: it is small (about 9 KB gzipped), a separate file would cost a render-blocking
// round trip on the first page, and later pages are client-side navigations that never load it again.
// The CSP allows exactly the inlined stylesheets by their hashes, written to STYLE_HASHES_PATH below (the
// file stays in assets/ for anything that links it).
const built = await readFile(join(client, 'index.html'), 'utf8');
const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(built);
const inlined = stylesheet
  ? built.replace(stylesheet[0], () => `<style>${readFileSync(join(client, stylesheet[1]!), 'utf8')}</style>`)
  : built;
// Nothing competes with the first paint (docs/decisions/0009-first-paint-from-html.md): no module preload,
// and the entry script (web/entry-client.tsx, about 1 KB gzipped that fetches the app after the page's largest
// paint) moves from the head to the end of the body, inlined (issue 29, "First paint"; docs/decisions/0033):
// no request at all, where an external file, however late and small, was a request Lighthouse's simulation
// counted in the largest paint. The CSP allows it by its hash, like the inlined stylesheet (cspHashes.ts).
const entryScript = /\s*<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/.exec(inlined);
if (!entryScript) throw new Error('prerender: no entry script in the built index.html');
const loader = readFileSync(join(client, entryScript[1]!), 'utf8').trim();
if (/^import\b|[;}]import\s*[{"'`*]|\bfrom\s*["'`]|<\/script|import\.meta/i.test(loader)) throw new Error('prerender: the entry script cannot be inlined (a static import, import.meta or </script>)');
const template = inlined
  .replace(entryScript[0], '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace('</body>', () => `  <script type="module">${loader}</script>\n  </body>`);
await copyFile(join(client, 'index.html'), join(out, 'server/template.html'));
const { render } = (await import(resolve(out, 'server/entry-server.js'))) as { render: (path: string) => Promise<string> };

// The modules the entry fetches once the page has painted, all at once: the app (web/hydrate.tsx) first,
// then what it imports, then the page's own chunk and what that imports (the app preloads the page's code
// before it hydrates, web/App.tsx), unless the page is static.
type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;
const manifestPath = join(client, '.vite/manifest.json');
const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
if (!manifest['hydrate.tsx']) throw new Error('prerender: web/hydrate.tsx is not in the build manifest');
/** A manifest key's address (graphOf only collects keys that the manifest has). */
const href = (k: string) => `/${manifest[k]!.file}`;
function graphOf(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) if (!seen.has(k) && manifest[k]) { seen.add(k); graphOf(manifest[k].imports ?? [], seen); }
  return seen;
}
// The app's entry imports its parts one at a time (web/hydrate.tsx): those dynamic imports are part of it.
const appGraph = [...graphOf(['hydrate.tsx', ...(manifest['hydrate.tsx'].dynamicImports ?? [])])];
if (!manifest['chat/ChatPanel.tsx']) throw new Error('prerender: web/chat/ChatPanel.tsx is not in the build manifest');
const loadParts = 'i18n/loadFrenchPart.ts';
if (!manifest[loadParts]) throw new Error('prerender: web/i18n/loadFrenchPart.ts is not a chunk of its own');
/**
 * The app's modules and those of the chunk `chunk` shows (a page, or the account areas' chunk); then the
 * chat panel's modules that these do not already hold, which the chat button preloads without evaluating
 * them when the browser is idle (web/chat/ChatLauncher.tsx).
 */
function appModules(chunk: string | null, locale: Locale = DEFAULT_LOCALE, area?: FrenchArea): string {
  // A page in another language than English needs its catalog before it hydrates (web/i18n/i18n.ts), and its
  // French parts with its code (shared/i18n/frenchParts.ts); the chat panel, its own part.
  const french = locale !== DEFAULT_LOCALE;
  const partOf = (part: string) => `../shared/i18n/${locale}/${part}.ts`;
  // The module that fetches parts (web/i18n/loadFrenchPart.ts) comes with a French page's code and the chat panel.
  const parts = french && chunk && area ? [loadParts, ...(frenchPartsOf[area] ?? []).map(partOf)] : [];
  const app = graphOf([...(french ? [`../shared/i18n/${locale}.ts`] : []), ...parts, ...(chunk ? [chunk] : [])], graphOf(appGraph));
  const chat = [...graphOf(['chat/ChatPanel.tsx', ...(french ? [loadParts, partOf(chatFrenchPart)] : [])])].filter((k) => !app.has(k));
  return `<meta name="app-modules" content="${[...app].map(href).join(' ')}" />\n    <meta name="chat-modules" content="${chat.map(href).join(' ')}" />`;
}
// A static page's code is not needed to hydrate it (web/hydration/StaticHtml.tsx): only a navigation within the
// app to such a page fetches its code.
const pageChunk = (page: PublicRoute['page']) => (staticPages.has(page) ? null : `pages/${pageFiles[page]}.tsx`);

const fileFor = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

const pages: string[] = [];
async function write(path: string, head: string, renderPath = path, lang = 'en') {
  const app = await render(renderPath);
  const html = template.replace('<html lang="en">', `<html lang="${lang}">`).replace('<!--head-->', head).replace('<!--app-->', app);
  pages.push(html);
  const file = join(client, fileFor(path));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
}

const started = performance.now();
for (const route of allRoutes) {
  await write(route.path, `${headTags(route)}\n    ${appModules(pageChunk(route.page), route.locale, route.page)}`, route.path, htmlLang(route));
}
// One not-found page per language: the Worker answers a missing path under /fr with the French one.
for (const locale of LOCALES) {
  const route = notFoundRoutes[locale];
  await write(pathIn(locale, '/404'), `${headTags(route)}\n    ${appModules(pageChunk('not-found'), locale)}`, pathIn(locale, '/__not-found__'), htmlLang(route));
}
for (const path of protectedShells) {
  const shell = shellRoute(path);
  await write(path, `${headTags(shell).replace(/<link rel="canonical"[^>]*>/, '')}\n    ${appModules('auth/AccountArea.tsx', shell.locale, 'dashboard')}`, path, htmlLang(shell));
}
await writeFile(join(client, STYLE_HASHES_PATH), `${JSON.stringify(styleHashes(pages))}\n`);
for (const { file, before, after } of await compressImages(client)) console.log(`compressed images/${file}: ${before} -> ${after} bytes`);
// The manifest is a build artefact, not something to serve.
await rm(join(client, '.vite'), { recursive: true, force: true });
console.log(`prerendered ${allRoutes.length + LOCALES.length + protectedShells.length} pages in ${Math.round(performance.now() - started)} ms`);
