import { config } from 'zod/v4/core';

// Zod 4 compiles a fast object parser with `new Function`, and first probes whether it may: under the strict
// CSP (script-src 'self', no 'unsafe-eval', functions/site.ts) the probe is refused and Chrome files a
// Content Security Policy issue (Lighthouse's "inspector-issues", best practices) on every page whose forms
// parse a schema. Jitless skips the probe and the compiled path; imported first by web/hydrate.tsx, before
// any schema parses.
config({ jitless: true });
