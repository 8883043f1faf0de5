import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { serveSite } from '../../functions/site.ts';
import { appConfig } from '../../platform/config.ts';

// functions/site.ts in workerd with HTMLRewriter, on a page given by a stand-in asset binding (the worker pool
// serves no assets; tests/site/light-mode.test.ts covers the real build).
const PAGE = `<!doctype html><html lang="en"><head><link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2"/>
<link rel="preload" as="image" href="/images/x.svg" fetchPriority="high"/><meta name="chat-modules" content="/assets/ChatPanel-x.js" /></head>
<body><h1>Page</h1><img data-decorative="" src="/images/x.svg" alt="x"/><input type="checkbox" role="switch" data-light-toggle=""/></body></html>`;
const assets = { fetch: async () => new Response(PAGE, { headers: { 'Content-Type': 'text/html' } }) } as unknown as Fetcher;
const serve = (headers: Record<string, string> = {}) =>
  serveSite(new Request('http://localhost/about', { headers }), { ...env, ASSETS: assets }, appConfig(env));

describe('light variant in the Worker', () => {
  it('transforms the page for Save-Data: on and the cookie, varies on both, an ETag per variant', async () => {
    const normal = await serve();
    const normalHtml = await normal.text();
    expect(normalHtml).not.toContain('data-light=');
    expect(normalHtml).toContain('as="font"');
    expect(normal.headers.get('Vary')).toBe('Save-Data, Cookie');

    for (const headers of [{ 'Save-Data': 'on' }, { Cookie: 'light=on' }] as Record<string, string>[]) {
      const light = await serve(headers);
      const html = await light.text();
      expect(html).toMatch(/<html lang="en" data-light/);
      expect(html).not.toContain('as="font"');
      expect(html).not.toContain('as="image"');
      expect(html).not.toContain('<img');
      expect(html).toContain('<meta name="chat-modules" content=""');
      expect(html).toMatch(/data-light-toggle="" checked/);
      expect(light.headers.get('Vary')).toBe('Save-Data, Cookie');
      expect(light.headers.get('ETag')).not.toBe(normal.headers.get('ETag'));
      // Revalidation is keyed by variant: the light ETag is a 304 for light, a full page otherwise.
      expect((await serve({ ...headers, 'If-None-Match': light.headers.get('ETag')! })).status).toBe(304);
      const other = await serve({ 'If-None-Match': light.headers.get('ETag')! });
      expect(other.status).toBe(200);
      expect(await other.text()).toBe(normalHtml);
    }
    expect(await (await serve({ 'Save-Data': 'on', Cookie: 'light=off' })).text()).toBe(normalHtml);
  });
});
