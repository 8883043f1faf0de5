import { createHash } from 'node:crypto';
import type { StyleHashes } from '../../shared/csp.ts';

// The CSP hash of every inline <style> and inline executable <script> in the built pages (see shared/csp.ts).
// A hash covers the element's text exactly as written, so it is computed from the final HTML, whatever
// inlined it. JSON-LD blocks are data, not scripts: CSP does not apply to them.

const STYLE = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi;
const SCRIPT = /<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/gi;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Inline scripts the browser runs: no src, and classic or module (not a data block such as JSON-LD). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(SCRIPT)]
    .filter(([, attrs]) => !/\ssrc=/i.test(attrs!) && !/\stype="(?!module"|text\/javascript")[^"]*"/i.test(attrs!))
    .map(([, , body]) => body!);
}

export function styleHashes(pages: Iterable<string>): StyleHashes {
  const style = new Set<string>();
  const script = new Set<string>();
  for (const html of pages) {
    for (const [, css] of html.matchAll(STYLE)) style.add(hash(css!));
    for (const js of inlineScripts(html)) script.add(hash(js));
  }
  return { style: [...style].sort(), script: [...script].sort() };
}
