import { config } from 'zod/v4/core';

// Zod 4 compiles a fast object parser with `new Function`, and first probes whether it may: under the strict
// CSP (script-src 'self', no 'unsafe-eval', functions/site.ts) the probe is refused and Chrome files a
// Content Security Policy issue (Lighthouse's "inspector-issues", best practices) on every page whose forms
// parse a schema. Jitless skips the probe and the compiled path. The client build resolves `zod` to this
// module (vite.config.ts), so the setting comes with zod itself, before any schema exists, wherever a chunk
// first brings it (a form's validation, the chat, the admin area), and the app's start carries no zod at all.
config({ jitless: true });

export * from 'zod/v4';
export { z as default } from 'zod/v4';
