// Which REST operation each `appwrite` SDK method the SPA calls is, read from the SDK the project installs
// (each generated method names its path and method), and which methods the SPA calls, read from web/.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** The SDK's source of one service class, e.g. Account. */
function serviceSource(service: string): string {
  const file = join(require.resolve('appwrite').replace(/dist\/.*$/, ''), 'dist/esm/sdk.js');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(`\nclass ${service} {`);
  if (start < 0) throw new Error(`the appwrite SDK has no class ${service}`);
  const end = text.indexOf('\nclass ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** `account.createJWT` → { method: 'POST', path: '/account/jwts' }, as the SDK builds the call. */
export function sdkOperation(service: string, method: string): { method: string; path: string } {
  const source = serviceSource(service);
  const at = source.search(new RegExp(`\\n    ${method}\\(`));
  if (at < 0) throw new Error(`${service}.${method} is not in the appwrite SDK`);
  const next = source.slice(at + 1).search(/\n {4}[a-zA-Z]+\(/);
  const body = source.slice(at, next < 0 ? undefined : at + 1 + next);
  const path = /const apiPath = '([^']+)'/.exec(body)?.[1];
  const verb = /this\.client\.call\('(\w+)'/.exec(body)?.[1];
  if (!path || !verb) throw new Error(`${service}.${method}: no apiPath or call in the SDK's source`);
  return { method: verb.toUpperCase(), path };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every `account.<method>(` the SPA's source calls (web/), sorted. */
export function accountMethodsUsed(webDir: string): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(webDir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\baccount\.([a-zA-Z]+)\(/g)) found.add(m[1]!);
  }
  return [...found].sort();
}
