import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// Sizes of built chunks, read from a build directory (no browser): what a page loads first, and what a
// lazily loaded chunk adds on top of that.

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The scripts and module preloads of a prerendered page (its first-load JavaScript), as asset paths. */
export function firstLoadChunks(clientDir: string, page = 'index.html'): string[] {
  const html = readFileSync(join(clientDir, page), 'utf8');
  return [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
}

/** A chunk and every chunk it imports statically, transitively, as asset paths. */
export function staticClosure(clientDir: string, chunk: string): string[] {
  const seen = new Set<string>();
  const visit = (asset: string) => {
    if (seen.has(asset)) return;
    seen.add(asset);
    const code = readFileSync(join(clientDir, asset), 'utf8');
    // Static imports only (`import{…}from"./x.js"`, `import"./x.js"`); `import("./x.js")` loads later.
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(`assets/${m[1]}`);
  };
  visit(chunk);
  return [...seen];
}

/** Gzipped bytes a lazily loaded chunk adds to a page that has loaded `alreadyLoaded`. */
export function lazyChunkCost(clientDir: string, namePrefix: string, alreadyLoaded: string[]) {
  const assets = existsSync(join(clientDir, 'assets')) ? readdirSync(join(clientDir, 'assets')) : [];
  const file = assets.find((f) => f.startsWith(`${namePrefix}-`) && f.endsWith('.js'));
  if (!file) return null;
  const loaded = new Set(alreadyLoaded);
  const added = staticClosure(clientDir, `assets/${file}`).filter((a) => !loaded.has(a));
  return { chunk: file, files: added.length, gzipBytes: added.reduce((sum, a) => sum + gz(join(clientDir, a)), 0) };
}

export const gzipBytes = (clientDir: string, assets: string[]) => assets.reduce((sum, a) => sum + gz(join(clientDir, a)), 0);
