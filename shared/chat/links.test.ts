import { describe, expect, it } from 'vitest';
import { chatLink } from './links.ts';

const SITE = 'https://voltalabs.dev';
const link = (href: string | undefined) => chatLink(href, SITE);

describe('the links the chat follows', () => {
  it('opens the site’s own paths in the app, normalised', () => {
    expect(link('/services')).toEqual({ kind: 'site', href: '/services' });
    expect(link('/services/web/../mobile?x=1#top')).toEqual({ kind: 'site', href: '/services/mobile?x=1#top' });
    expect(link('https://voltalabs.dev/portfolio')).toEqual({ kind: 'site', href: '/portfolio' });
    // Encoded, the backslash stays a character of the path on this site.
    expect(link('/%5Cevil.com')).toEqual({ kind: 'site', href: '/%5Cevil.com' });
  });

  it('refuses paths that the browser reads as another site', () => {
    for (const href of ['//evil.com', '/\\evil.com', '/\\\\evil.com', '\\\\evil.com', '\\/evil.com', '/\t/evil.com', ' //evil.com', '\u0000//evil.com']) {
      expect(link(href), JSON.stringify(href)).toBeNull();
    }
  });

  it('refuses relative addresses, whose meaning depends on the page shown', () => {
    expect(link('services')).toBeNull();
    expect(link('./services')).toBeNull();
    expect(link('?q=1')).toBeNull();
    expect(link('#top')).toBeNull();
  });

  it('follows other sites over http(s) and mailto addresses', () => {
    expect(link('https://x.co')).toEqual({ kind: 'web', href: 'https://x.co/' });
    expect(link('http://example.com/work')).toEqual({ kind: 'web', href: 'http://example.com/work' });
    expect(link('HTTPS://X.CO/a')).toEqual({ kind: 'web', href: 'https://x.co/a' });
    expect(link('mailto:a@b.co')).toEqual({ kind: 'mail', href: 'mailto:a@b.co' });
    expect(link('mailto:')).toBeNull();
    // A familiar name before @ hides where the link goes.
    expect(link('https://voltalabs.dev@evil.com/')).toBeNull();
  });

  it('refuses every other scheme, however it is written', () => {
    for (const href of [
      'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd',
      'tel:+233', 'ftp://x.co', ' javascript:alert(1)', '\u0001javascript:alert(1)', '\u0000 \tjavascript:alert(1)',
      'java\nscript:alert(1)', 'java\tscript:alert(1)', '\u001fdata:text/html,x', 'blob:https://voltalabs.dev/x',
    ]) {
      expect(link(href), JSON.stringify(href)).toBeNull();
    }
  });

  it('has nothing to follow without an address', () => {
    expect(link(undefined)).toBeNull();
    expect(link('')).toBeNull();
    expect(link('   ')).toBeNull();
  });
});
