import { createHash } from 'node:crypto';
import type { StyleHashes } from '../../shared/csp.ts';

// The CSP hash of every inline <style> in the built pages (see shared/csp.ts). A hash covers the element's
// text exactly as written, so it is computed from the final HTML, whatever inlined the CSS.

const STYLE = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi;

export function styleHashes(pages: Iterable<string>): StyleHashes {
  const hashes = new Set<string>();
  for (const html of pages) {
    for (const [, css] of html.matchAll(STYLE)) hashes.add(`'sha256-${createHash('sha256').update(css!, 'utf8').digest('base64')}'`);
  }
  return { style: [...hashes].sort() };
}
