// The layers the build enforces (`npm run lint:layers`, a step of `npm test`): docs/architecture.md §1,
// docs/decisions/0026. Paths are relative to the repository root; `depcruise web functions durable platform shared`.

/** Pure packages shared/ may use: zod, the WhatsApp Cloud API's wire types (types only, no code), and Lingui's run time (compiled catalogs, no I/O; docs/decisions/0032). */
const SHARED_PACKAGES = ['zod', '@whatsapp-cloudapi/types', '@lingui/core'];
/** And in `shared/**\/*.test.ts` (tests that sit next to the pure code they check), the test runner. */
const SHARED_TEST_PACKAGES = [...SHARED_PACKAGES, 'vitest'];
// A package's files, wherever its node_modules folder sits (`../../node_modules/zod/…` from a nested base).
const packages = (names) => names.map((n) => `(^|.*/)node_modules/${n.replace(/[.+]/g, '\\$&')}/`).join('|');

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'shared-imports-only-shared',
      severity: 'error',
      comment: 'shared/ is pure logic with no I/O: it imports only shared/ and the pure npm packages listed in .dependency-cruiser.mjs (no node: built-ins, no Worker, no SPA).',
      from: { path: '^shared/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: `^(shared/|${packages(SHARED_PACKAGES)})` },
    },
    {
      name: 'shared-tests-import-only-shared',
      severity: 'error',
      comment: 'A test next to shared/ code imports shared/, the pure packages and vitest.',
      from: { path: '^shared/.*\\.test\\.ts$' },
      to: { pathNot: `^(shared/|${packages(SHARED_TEST_PACKAGES)})` },
    },
    {
      name: 'durable-never-imports-functions',
      severity: 'error',
      comment: 'The Durable Objects do not import the Worker: what both need lives in platform/ (I/O) or shared/ (pure), or is handed in.',
      from: { path: '^durable/' },
      to: { path: '^functions/' },
    },
    {
      name: 'platform-imports-only-shared-and-itself',
      severity: 'error',
      comment: 'platform/ (the Appwrite server client, the checked configuration) sits below the Worker and the Durable Objects: it imports only platform/, shared/ and npm packages.',
      from: { path: '^platform/' },
      to: { pathNot: '^(platform|shared)/|(^|.*/)node_modules/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'web-reaches-the-worker-only-through-the-api-client',
      severity: 'error',
      comment: 'The SPA reaches the Worker only through the type import of web/api/client.ts (Hono\'s typed client).',
      from: { path: '^web/', pathNot: '^web/api/client\\.ts$' },
      to: { path: '^(functions|durable|platform)/' },
    },
    {
      name: 'the-api-client-imports-the-worker-for-types-only',
      severity: 'error',
      comment: 'web/api/client.ts imports the Worker\'s types (`import type`), never its code: nothing of the Worker is bundled.',
      from: { path: '^web/api/client\\.ts$' },
      to: { path: '^(functions|durable|platform)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles (type-only and lazy imports count too): a circle hides which module is the lower one.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves (relative paths, npm packages, tsconfig `paths`): an import the check cannot follow would slip past every other rule.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // TypeScript 7 (the native compiler) has no JavaScript API, which dependency-cruiser's own TypeScript
    // parser needs; swc parses the sources as written, so `import type` is seen and marked `type-only`.
    parser: 'swc',
    // TypeScript path resolution: tsconfig `paths` / `baseUrl` (none today; every import is a relative path
    // with its extension). Read by tsconfig-paths-webpack-plugin, which needs no TypeScript API.
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    // .dependency-cruiser-known-violations.json lists the violations that predate the check (decision 0026);
    // it may only shrink: a fixed one left in it fails the check until `npm run lint:layers:shrink` drops it.
    baseline: { mode: 'shrink-only', staleEntriesSeverity: 'error' },
    // The runtime's own module (workerd); Vite's `?url` imports resolve to the file itself.
    builtInModules: { add: ['cloudflare:workers'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
