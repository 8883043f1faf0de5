import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioCards } from '../../shared/content/portfolioCards.ts';
import { startSite, testVars, type Site } from './harness.ts';

// The light variant of every page through the real Worker and the real build (docs/decisions/0033): chosen
// by Save-Data: on or the light cookie, varied on both, with an ETag of its own so that a cache or a 304 never
// hands one variant to a visitor of the other.

let site: Site;
beforeAll(async () => { site = await startSite(testVars()); }, 60_000);
afterAll(async () => { await site?.close(); });

const page = `/portfolio/${portfolioCards[0]!.slug}`;
const isLightHtml = (html: string) => /<html[^>]* data-light/.test(html);

async function get(headers: Record<string, string> = {}) {
  const res = await site.fetch(page, { headers });
  return { res, html: await res.text() };
}

describe('light variant', () => {
  it('is served for Save-Data: on and for the light=on cookie, and not otherwise', async () => {
    const normal = await get();
    expect(isLightHtml(normal.html)).toBe(false);
    expect(normal.html).toMatch(/<link rel="preload"[^>]* as="font"/);
    expect(normal.html).toContain('data-decorative');
    expect(normal.html).toMatch(/<meta name="chat-modules" content="\/assets\//);

    for (const headers of [{ 'Save-Data': 'on' }, { 'Save-Data': 'ON' }, { Cookie: 'x=1; light=on' }] as Record<string, string>[]) {
      const { res, html } = await get(headers);
      expect(res.status).toBe(200);
      expect(isLightHtml(html), JSON.stringify(headers)).toBe(true);
      expect(html).not.toMatch(/as="font"/);
      expect(html).not.toMatch(/as="image"/);
      expect(html).not.toContain('data-decorative');
      expect(html).toContain('<meta name="chat-modules" content=""');
      expect(html).toMatch(/data-light-toggle=""[^>]* checked/);
    }
    // The visitor's own "off" wins over the browser's data saver; other values of the header mean nothing.
    for (const headers of [{ 'Save-Data': 'on', Cookie: 'light=off' }, { 'Save-Data': 'off' }, { Cookie: 'light=yes' }] as Record<string, string>[]) {
      expect(isLightHtml((await get(headers)).html), JSON.stringify(headers)).toBe(false);
    }
  });

  it('every page varies on Save-Data and Cookie, each variant with its own ETag', async () => {
    const normal = await get();
    const light = await get({ 'Save-Data': 'on' });
    for (const { res } of [normal, light]) {
      expect(res.headers.get('Vary')).toMatch(/Save-Data, Cookie/);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    }
    const etag = normal.res.headers.get('ETag')!;
    const lightEtag = light.res.headers.get('ETag')!;
    expect(lightEtag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(lightEtag).not.toBe(etag);

    // A cache revalidating what it holds gets a 304 only for the variant it holds.
    expect((await site.fetch(page, { headers: { 'Save-Data': 'on', 'If-None-Match': lightEtag } })).status).toBe(304);
    const notLight = await site.fetch(page, { headers: { 'If-None-Match': lightEtag } });
    expect(notLight.status).toBe(200);
    expect(isLightHtml(await notLight.text())).toBe(false);
    const notNormal = await site.fetch(page, { headers: { Cookie: 'light=on', 'If-None-Match': etag } });
    expect(notNormal.status).toBe(200);
    expect(isLightHtml(await notNormal.text())).toBe(true);
    // The not-found page varies too.
    const missing = await site.fetch('/no-such-page', { headers: { 'Save-Data': 'on' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Vary')).toMatch(/Save-Data, Cookie/);
    expect(isLightHtml(await missing.text())).toBe(true);
  });
});
