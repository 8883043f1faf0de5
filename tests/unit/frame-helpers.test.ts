import { describe, expect, it } from 'vitest';
import { createScrollLock } from '../../web/overlay/scrollLock.ts';
import { nextFocusIndex } from '../../web/overlay/focus.ts';
import { errorMessage, isChunkLoadError } from '../../web/components/errors.ts';
import { headForPath } from '../../web/navigation/head.ts';
import { hashTargetId } from '../../web/navigation/scroll.ts';
import { describeDebugValue } from '../../web/debug/debugFormat.ts';
import { gtagUrl } from '../../web/analytics/analytics.ts';
import { notFoundRoute, routeForPath } from '../../shared/routes.ts';

const el = (overflow = '', paddingRight = '') => ({ style: { overflow, paddingRight } });

describe('scroll lock', () => {
  it('locks on the first holder, restores the original styles after the last', () => {
    const html = el('auto', '3px');
    const body = el();
    const lock = createScrollLock(() => [html, body], () => 15);
    const releaseMenu = lock.lock();
    expect([html.style.overflow, body.style.overflow, html.style.paddingRight]).toEqual(['hidden', 'hidden', '15px']);
    const releaseModal = lock.lock();
    expect(lock.count).toBe(2);
    releaseMenu();
    releaseMenu(); // a second call does nothing
    expect(lock.count).toBe(1);
    expect(html.style.overflow).toBe('hidden');
    releaseModal();
    expect(lock.count).toBe(0);
    expect([html.style.overflow, body.style.overflow, html.style.paddingRight]).toEqual(['auto', '', '3px']);
  });

  it('adds no padding when there is no scrollbar', () => {
    const html = el();
    const release = createScrollLock(() => [html], () => 0).lock();
    expect(html.style.paddingRight).toBe('');
    release();
  });
});

describe('focus trap order', () => {
  it('wraps round both ways', () => {
    expect(nextFocusIndex(0, 3, false)).toBe(1);
    expect(nextFocusIndex(2, 3, false)).toBe(0);
    expect(nextFocusIndex(0, 3, true)).toBe(2);
    expect(nextFocusIndex(-1, 3, false)).toBe(0);
    expect(nextFocusIndex(-1, 3, true)).toBe(2);
    expect(nextFocusIndex(-1, 0, false)).toBe(-1);
  });
});

describe('error fallback', () => {
  it('recognises failed lazy chunk loads of every browser', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/FaqPage-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('shows a message for anything thrown', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage({ code: 1 })).toBe('{"code":1}');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});

describe('document head on navigation', () => {
  it('follows the route table', () => {
    const about = routeForPath('/about')!;
    expect(headForPath('/about')).toEqual({ title: about.title, description: about.description, canonical: '/about', indexable: true });
    expect(headForPath('/home').canonical).toBe('/');
    expect(headForPath('/services/branding').title).toBe(routeForPath('/services/branding')!.title);
  });

  it('unknown paths get the not-found head without a canonical URL; account areas are not indexed', () => {
    expect(headForPath('/nope')).toEqual({ title: notFoundRoute.title, description: notFoundRoute.description, canonical: null, indexable: false });
    expect(headForPath('/portfolio/unknown-slug').title).toBe(notFoundRoute.title);
    expect(headForPath('/admin/users')).toMatchObject({ canonical: null, indexable: false });
    expect(headForPath('/dashboard').title).not.toBe(notFoundRoute.title);
  });
});

describe('small helpers', () => {
  it('hash target ids', () => {
    expect(hashTargetId('')).toBeNull();
    expect(hashTargetId('#')).toBeNull();
    expect(hashTargetId('#prices')).toBe('prices');
    expect(hashTargetId('#caf%C3%A9')).toBe('café');
    expect(hashTargetId('#%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('debug panel text survives cycles, functions and errors', () => {
    const value: Record<string, unknown> = { provider: 'github', error: new Error('bad state'), fn: function check() {} };
    value.self = value;
    const text = describeDebugValue(value);
    expect(JSON.parse(text)).toEqual({ provider: 'github', error: { name: 'Error', message: 'bad state' }, fn: '[function check]', self: '[circular]' });
    expect(describeDebugValue(10n)).toBe('"10n"');
  });

  it('gtag.js address', () => {
    expect(gtagUrl('G-TEST123')).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
  });
});
