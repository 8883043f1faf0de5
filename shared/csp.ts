// The hashes of the stylesheets and the loader script the build inlines into prerendered pages, so the
// Content-Security-Policy can allow exactly those and no other inline style or script. Written by the build
// (scripts/lib/cspHashes.ts), read by the Worker (functions/security.ts).

/** Where the build puts them among the static assets. */
export const STYLE_HASHES_PATH = '/csp-hashes.json';

export interface StyleHashes {
  /** CSP source expressions such as 'sha256-…': the inlined stylesheets. */
  style: string[];
  /** The same for the inline loader script (web/entry-client.tsx, docs/decisions/0033). */
  script: string[];
}
