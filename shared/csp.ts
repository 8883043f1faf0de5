// The hashes of the stylesheets the build inlines into prerendered pages, so the Content-Security-Policy can
// allow exactly those and no other inline style. Written by the build (scripts/lib/cspHashes.ts), read by
// the Worker (functions/security.ts).

/** Where the build puts them among the static assets. */
export const STYLE_HASHES_PATH = '/csp-hashes.json';

export interface StyleHashes {
  /** CSP source expressions such as 'sha256-…'. */
  style: string[];
}
