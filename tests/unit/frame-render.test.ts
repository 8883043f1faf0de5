import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AuthContext, type AuthContextValue } from '../../web/auth/AuthContext.tsx';
import { Header } from '../../web/components/Header.tsx';
import { Footer } from '../../web/components/Footer.tsx';
import { ErrorBoundary } from '../../web/components/ErrorBoundary.tsx';

// The frame as markup, for the states the browser tests cannot reach yet (signed in comes with the
// accounts issue).
const actions = { authMessage: null, setAuthMessage: () => {}, signOut: async () => {} };

function renderAt(path: string, auth: AuthContextValue, node: ReturnType<typeof h>) {
  return renderToStaticMarkup(h(MemoryRouter, { initialEntries: [path] }, h(AuthContext.Provider, { value: auth }, node)));
}

describe('header', () => {
  it('signed out: a Login link to /sign-in; the current section is marked', () => {
    const html = renderAt('/services/branding', { status: 'signed-out', ...actions }, h(Header));
    expect(html).toMatch(/<a[^>]*href="\/sign-in"[^>]*>Login<\/a>/);
    expect(html).toMatch(/<a aria-current="true"[^>]*href="\/services"/);
    expect(html).toContain('aria-label="Open menu"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-controls="mobile-menu"');
    // The menu is in the HTML, closed, and the button opens it with no script (a popover).
    expect(html).toMatch(/<button[^>]*aria-label="Open menu"[^>]*popoverTarget="mobile-menu" popoverTargetAction="show"/);
    expect(html).toMatch(/<div id="mobile-menu" popover="auto" role="dialog" aria-label="Menu"/);
    expect(html).toMatch(/<button[^>]*aria-label="Close menu"[^>]*popoverTarget="mobile-menu" popoverTargetAction="hide"/);
  });

  it('while the session is unknown, the Login slot keeps its size but shows nothing', () => {
    const html = renderAt('/', { status: 'loading', ...actions }, h(Header));
    expect(html).toMatch(/<span aria-hidden="true" class="invisible[^"]*">Login<\/span>/);
    expect(html).not.toContain('href="/sign-in"');
  });

  it('signed in: the round avatar with the first letter, to /admin for staff and /dashboard for others, and Sign out', () => {
    const admin = renderAt('/', { status: 'signed-in', user: { $id: '1', email: 'ama@example.com' }, role: 'admin', ...actions }, h(Header));
    const avatar = /<a [^>]*>A<\/a>/.exec(admin)?.[0] ?? '';
    expect(avatar).toContain('aria-label="Your account (ama@example.com)"');
    expect(avatar).toContain('href="/admin"');
    expect(avatar).toContain('rounded-full');
    expect(admin).toContain('>Sign out</button>');
    expect(admin).not.toContain('>Login<');
    const user = renderAt('/', { status: 'signed-in', user: { $id: '2', email: 'kofi@example.com' }, role: 'user', ...actions }, h(Header));
    expect(/<a [^>]*>K<\/a>/.exec(user)?.[0]).toContain('href="/dashboard"');
  });
});

describe('footer', () => {
  it('has the booking element, the badges and every social link named', () => {
    const html = renderAt('/', { status: 'signed-out', ...actions }, h(Footer));
    expect(html).toMatch(/<a data-booking-widget=""[^>]*href="\/booking"[^>]*>Booking<\/a>/);
    expect(html).toContain('Partner Program<span');
    expect(html).toContain('EARN 40%');
    for (const name of ['X', 'GitHub', 'Instagram', 'LinkedIn', 'Upwork']) expect(html).toContain(`aria-label="${name}"`);
    expect(html).toContain('© 2025 Volta Labs. All rights reserved.');
    expect(html).toContain('Built with love &amp; coffee by devs.');
  });
});

function Boom(): never {
  throw new Error('kaput');
}

describe('error boundary', () => {
  it('shows the fallback with the message and Try again', () => {
    // The server renderer does not run error boundaries; check the fallback through the class itself.
    const boundary = new ErrorBoundary({ resetKey: '/', children: h(Boom) });
    boundary.state = { ...boundary.state, ...ErrorBoundary.getDerivedStateFromError(new Error('kaput')) };
    const html = renderToStaticMarkup(boundary.render() as ReturnType<typeof h>);
    expect(html).toContain('Something went wrong');
    expect(html).toContain('kaput');
    expect(html).toContain('>Try again</button>');
    expect(ErrorBoundary.getDerivedStateFromProps({ resetKey: '/b', children: null }, { error: 1, hasError: true, resetKey: '/a' }))
      .toEqual({ resetKey: '/b', error: null, hasError: false });
    expect(ErrorBoundary.getDerivedStateFromProps({ resetKey: '/a', children: null }, { error: 1, hasError: true, resetKey: '/a' })).toBeNull();
  });
});
