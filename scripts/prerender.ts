// Renders every public route of shared/routes.ts to static HTML in dist/client (decision 9).
import { mkdir, readFile, writeFile, copyFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { publicRoutes, notFoundRoute, protectedShells, type PublicRoute } from '../shared/routes.ts';
import { headTags } from '../shared/seo.ts';
import { site } from '../shared/site.ts';

const out = process.env.BUILD_DIR ?? 'dist';
const client = join(out, 'client');
const template = await readFile(join(client, 'index.html'), 'utf8');
await copyFile(join(client, 'index.html'), join(out, 'server/template.html'));
const { render } = (await import(resolve(out, 'server/entry-server.js'))) as { render: (path: string) => Promise<string> };

const fileFor = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

async function write(path: string, head: string, renderPath = path) {
  const app = await render(renderPath);
  const html = template.replace('<!--head-->', head).replace('<!--app-->', app);
  const file = join(client, fileFor(path));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
}

const started = performance.now();
for (const route of publicRoutes) await write(route.path, headTags(route));
await write('/404', headTags(notFoundRoute), '/__not-found__');
for (const path of protectedShells) {
  const shell: PublicRoute = { path, page: 'not-found', title: site.name, description: site.description, indexable: false };
  await write(path, headTags(shell).replace(/<link rel="canonical"[^>]*>/, ''));
}
console.log(`prerendered ${publicRoutes.length + 1 + protectedShells.length} pages in ${Math.round(performance.now() - started)} ms`);
