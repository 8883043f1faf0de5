import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import '../../shared/i18n/allCatalogs.ts';
import { ErrorBoundary } from '../../web/components/ErrorBoundary.tsx';

// The global error fallback in the page's language (docs/decisions/0032): French on /fr pages, from the
// French chunk's common catalog; English pages keep the specification's words (tests/unit/frame-render.test.ts).

function fallbackAt(path: string): string {
  const boundary = new ErrorBoundary({ resetKey: path, children: null });
  boundary.state = { ...boundary.state, ...ErrorBoundary.getDerivedStateFromError(new Error('kaput')) };
  return renderToStaticMarkup(boundary.render() as ReturnType<typeof h>);
}

describe('the error fallback', () => {
  it('speaks French on a French page', () => {
    const html = fallbackAt('/fr/services');
    expect(html).toContain('>Une erreur est survenue</h1>');
    expect(html).toContain('>Réessayer</button>');
    expect(html).toContain('kaput');
  });

  it('keeps the specification’s English on an English page', () => {
    const html = fallbackAt('/services');
    expect(html).toContain('>Something went wrong</h1>');
    expect(html).toContain('>Try again</button>');
  });
});
