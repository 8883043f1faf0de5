import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { pagePatterns } from '../../shared/routePaths.ts';
import { publicRoutes } from '../../shared/routes.ts';
import { pageFiles } from '../../web/pageFiles.ts';
import { existsSync } from 'node:fs';

// The router (shared/routePaths.ts) and the full route table (shared/routes.ts) are two views of one set
// of routes; these tests keep them in step.
const pageFor = (path: string) => {
  // React Router ranks static segments above dynamic ones; do the same by trying static patterns first.
  const ordered = [...pagePatterns].sort(([a], [b]) => Number(a.includes(':')) - Number(b.includes(':')));
  return ordered.find(([pattern]) => matchPath({ path: pattern, end: true }, path))?.[1];
};

describe('router patterns and the route table', () => {
  it.each(publicRoutes.map((r) => [r.path, r.page] as const))('%s is routed to the %s page', (path, page) => {
    expect(pageFor(path)).toBe(page);
  });

  it('every static pattern is a route with a title', () => {
    const paths = new Set(publicRoutes.map((r) => r.path));
    for (const [pattern] of pagePatterns.filter(([p]) => !p.includes(':'))) expect(paths, pattern).toContain(pattern);
  });

  it('every dynamic pattern has at least one route', () => {
    for (const [pattern, page] of pagePatterns.filter(([p]) => p.includes(':'))) {
      expect(publicRoutes.some((r) => r.page === page && matchPath({ path: pattern, end: true }, r.path)), pattern).toBe(true);
    }
  });

  it('every page key has a page file', () => {
    for (const file of Object.values(pageFiles)) expect(existsSync(`web/pages/${file}.tsx`), file).toBe(true);
  });
});
