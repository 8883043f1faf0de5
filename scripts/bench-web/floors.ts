// The no-JavaScript floors and the two controls, written into the measured build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FLOOR_DIR, FRENCH_PAGES, PAGES } from './setup.ts';

export const htmlFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);
export const floorPath = (name: string) => `/${FLOOR_DIR}/${name}`;

/** The no-JavaScript floor of a prerendered page: the same HTML without any script, module preload or
 * preload of a script. Everything else (inlined stylesheet, font preload, images, meta) stays. */
export function floorOf(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/gi, '')
    .replace(/<link\b[^>]*\bas="script"[^>]*>\s*/gi, '');
}

export function writeFloors(buildDir: string): void {
  const client = join(buildDir, 'client');
  for (const page of [...PAGES, ...FRENCH_PAGES]) {
    const floor = floorOf(readFileSync(join(client, htmlFile(page.path)), 'utf8'));
    if (/<script\b|modulepreload/i.test(floor)) throw new Error(`the floor of ${page.path} still has a script`);
    const file = join(client, FLOOR_DIR, `${page.name}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, floor);
  }
  writeFileSync(join(client, FLOOR_DIR, 'control.html'), CONTROL_PAGE);
  const home = readFileSync(join(client, FLOOR_DIR, 'home.html'), 'utf8');
  writeFileSync(join(client, FLOOR_DIR, 'home-script.html'), home.replace('</body>', `${SCRIPT_CONTROL_TAG}</body>`));
  writeFileSync(join(client, FLOOR_DIR, 'empty.js'), 'export {};\n');
}

// The script control: the home page's floor with one empty module script where ours has its loader (the end
// of the body, low priority). Lighthouse's simulation counts every request that ends before the observed
// largest paint in that paint's time, however small and however late its priority: what this adds to the
// floor's LCP is what any page with a script file in its HTML pays, the
// least an app with a script file can get to (ours inlines its loader since docs/decisions/0033: no file). Reported, not budgeted.
export const SCRIPT_CONTROL_TAG = `<script type="module" crossorigin fetchpriority="low" src="/${FLOOR_DIR}/empty.js"></script>`;

// The machine's own control: a page of one heading and one paragraph, no stylesheet, no font, no script,
// served the same way. What it scores is what this machine and this chromium cost before any page of ours
// (on a busy or slow machine even it misses performance >= 99 and TBT <= 100 ms): reported, not budgeted.
export const CONTROL_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Control</title><meta name="description" content="The machine control of npm run bench:web."></head><body><main><h1>Control</h1><p>One paragraph of text and nothing else: no stylesheet, no font, no image and no script, so that what Lighthouse measures here is the machine and the browser alone.</p></main></body></html>';

