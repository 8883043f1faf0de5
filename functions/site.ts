import { CONFIG_META_NAME } from '../shared/config.ts';
import { ORIGIN_TOKEN } from '../shared/seo.ts';
import { publicRoutes } from '../shared/routes.ts';
import { publicConfig, type AppConfig } from './config.ts';

// Pages, sitemap.xml and robots.txt. Prerendered HTML gets the site origin and the public configuration
// at serve time, so one build serves every environment (decision 8).

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function sitemap(origin: string): string {
  const urls = publicRoutes.filter((r) => r.indexable).map((r) => `  <url><loc>${origin}${r.path === '/' ? '/' : r.path}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function robots(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\nDisallow: /dashboard\n\nSitemap: ${origin}/sitemap.xml\n`;
}

const isPagePath = (path: string) => !/\.[a-z0-9]+$/i.test(path) || path.endsWith('.html');

export async function serveSite(request: Request, env: Env, config: AppConfig): Promise<Response> {
  const url = new URL(request.url);
  const origin = config.SITE_URL;
  if (url.pathname === '/sitemap.xml') {
    return new Response(sitemap(origin), { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
  }
  if (url.pathname === '/robots.txt') {
    return new Response(robots(origin), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
  }

  if (!isPagePath(url.pathname)) {
    const res = await env.ASSETS.fetch(request);
    if (res.ok && url.pathname.startsWith('/assets/')) {
      const out = new Response(res.body, res);
      out.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
      return out;
    }
    return res;
  }

  // Pages are rewritten below, so the asset server's validators do not describe what we send.
  const assetRequest = new Request(request.url, { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers: { Accept: 'text/html' } });
  let res = await env.ASSETS.fetch(assetRequest);
  let status = res.status;
  // The admin area is client-routed below /admin: every deep link gets the admin shell.
  if (res.status === 404 && url.pathname.startsWith('/admin/')) {
    res = await env.ASSETS.fetch(new Request(new URL('/admin', url), { headers: { Accept: 'text/html' } }));
    status = res.status;
  }
  if (!(res.headers.get('Content-Type') ?? '').includes('text/html')) return res;

  const html = (await res.text())
    .replaceAll(ORIGIN_TOKEN, origin)
    .replace('</head>', `  <meta name="${CONFIG_META_NAME}" content="${escAttr(JSON.stringify(publicConfig(config)))}" />\n  </head>`);
  const headers = new Headers(res.headers);
  headers.delete('ETag');
  headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(request.method === 'HEAD' ? null : html, { status, headers });
}
