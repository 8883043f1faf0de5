import { CONFIG_META_NAME } from '../shared/config.ts';
import { ORIGIN_TOKEN } from '../shared/seo.ts';
import { allRoutes, alternatesOf, protectedShells } from '../shared/routes.ts';
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from '../shared/i18n/locale.ts';
import { escapeHtml } from '../shared/html.ts';
import { publicConfig, type AppConfig } from '../platform/config.ts';
import { sha256Hex } from '../shared/hex.ts';
import { LIGHT_ATTRIBUTE, LIGHT_VARY, wantsLight } from '../shared/lightMode.ts';

// Pages, sitemap.xml and robots.txt. Prerendered HTML gets the site origin and the public configuration
// at serve time, so one build serves every environment (docs/architecture.md §9). Security headers are added by
// functions/security.ts around everything answered here.


/** The paths listed in sitemap.xml: exactly the indexable routes of shared/routes.ts, in every language. */
export const sitemapPaths = () => allRoutes.filter((r) => r.indexable).map((r) => r.path);

/** Each page with its versions in every language and x-default (English), as Google's sitemap alternates. */
function sitemap(origin: string): string {
  const urls = allRoutes.filter((r) => r.indexable).map((route) => {
    const alternates = Object.entries(alternatesOf(route)) as [Locale, string][];
    const links = alternates.length < 2 ? [] : [
      ...alternates.map(([locale, path]) => `<xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[locale]}" href="${escapeHtml(origin + path)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + alternatesOf(route)[DEFAULT_LOCALE])}"/>`,
    ];
    return `  <url><loc>${escapeHtml(origin + route.path)}</loc>${links.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

function robots(origin: string): string {
  const closed = ['/api/', ...protectedShells].map((p) => `Disallow: ${p}`).join('\n');
  return `User-agent: *\nAllow: /\n${closed}\n\nSitemap: ${origin}/sitemap.xml\n`;
}

const isPagePath = (path: string) => !/\.[a-z0-9]+$/i.test(path) || path.endsWith('.html');

/** Client-routed areas (/admin/…, /dashboard/…): every deep link gets the area's prerendered shell. */
const shellFor = (path: string) => protectedShells.find((shell) => path.startsWith(`${shell}/`));

const htmlRequest = (url: URL | string, method: string) =>
  new Request(url, { method: method === 'HEAD' ? 'HEAD' : 'GET', headers: { Accept: 'text/html' } });

/**
 * The light variant of a page (docs/decisions/0033-light-mode-and-data-budget.md): <html data-light> (the
 * stylesheet then uses the metric-matched system font, the app keeps to light mode), no font preload, no
 * decorative image nor image preload, no chat modules to preload, and the Light mode toggle checked.
 */
const lightRewriter = (rewriter: HTMLRewriter) => rewriter
  .on('html', { element: (el) => void el.setAttribute(LIGHT_ATTRIBUTE, '') })
  .on('link[rel="preload"][as="font"]', { element: (el) => void el.remove() })
  .on('img[data-decorative]', { element: (el) => void el.remove() })
  // React preloads a page's high-priority image (the illustration of a case study); nothing else is preloaded.
  .on('link[rel="preload"][as="image"]', { element: (el) => void el.remove() })
  .on('meta[name="chat-modules"]', { element: (el) => void el.setAttribute('content', '') })
  .on('input[data-light-toggle]', { element: (el) => void el.setAttribute('checked', '') });

/**
 * The prerendered page as served: the site origin wherever the prerenderer left ORIGIN_TOKEN (canonical and
 * Open Graph addresses, the JSON-LD) and the public configuration as a meta tag, edited with HTMLRewriter
 * rather than as a string; the light variant when `light`.
 */
function fillPage(res: Response, origin: string, config: AppConfig, light: boolean): Promise<string> {
  const inAttribute = escapeHtml(origin);
  // Inside a JSON string inside <script>: JSON escapes, and nothing that could close the element.
  const inJson = JSON.stringify(origin).slice(1, -1).replace(/</g, '\\u003c');
  const fillAttribute = (name: string) => ({
    element(el: Element) {
      // getAttribute gives the raw (still escaped) value, and setAttribute escapes only the quote.
      el.setAttribute(name, el.getAttribute(name)!.replaceAll(ORIGIN_TOKEN, inAttribute));
    },
  });
  let json = '';
  const rewriter = new HTMLRewriter();
  if (light) lightRewriter(rewriter);
  return rewriter
    .on(`link[href*="${ORIGIN_TOKEN}"]`, fillAttribute('href'))
    .on(`meta[content*="${ORIGIN_TOKEN}"]`, fillAttribute('content'))
    .on('script[type="application/ld+json"]', {
      // Text arrives in chunks that may split the token: collected, then written once.
      text(chunk) {
        json += chunk.text;
        if (!chunk.lastInTextNode) return void chunk.remove();
        chunk.replace(json.replaceAll(ORIGIN_TOKEN, inJson), { html: true });
        json = '';
      },
    })
    .on('head', {
      element(head) {
        head.append(`  <meta name="${CONFIG_META_NAME}" content="${escapeHtml(JSON.stringify(publicConfig(config)))}" />\n  `, { html: true });
      },
    })
    .transform(res)
    .text();
}

export async function serveSite(request: Request, env: Env, config: AppConfig): Promise<Response> {
  const url = new URL(request.url);
  const origin = config.SITE_URL;

  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(`${request.method} is not allowed here.\n`, {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  if (url.pathname === '/sitemap.xml') {
    return new Response(sitemap(origin), { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
  }
  if (url.pathname === '/robots.txt') {
    return new Response(robots(origin), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
  }

  // One URL per page: /about/ and /about.html move to /about (and /index.html to /). The path is rebuilt
  // with a single leading slash so that //evil.example/ cannot become an off-site redirect.
  const canonicalPath = url.pathname.replace(/^\/+/, '/').replace(/(?:\/index)?\.html$/, '').replace(/\/+$/, '') || '/';
  if (canonicalPath !== url.pathname && isPagePath(url.pathname)) {
    const target = new URL(url.origin);
    target.pathname = canonicalPath;
    target.search = url.search;
    return new Response(null, { status: 301, headers: { Location: target.pathname + target.search, 'Cache-Control': 'public, max-age=3600' } });
  }

  let res: Response;
  let status: number;
  if (isPagePath(url.pathname)) {
    // Pages are rewritten below, so the asset server's validators (ETag, 304) do not describe what we
    // send: ask for the plain document.
    res = await env.ASSETS.fetch(htmlRequest(url, request.method));
    const shell = res.status === 404 ? shellFor(url.pathname) : undefined;
    if (shell) res = await env.ASSETS.fetch(htmlRequest(new URL(shell, url), request.method));
    // The not-found page is a real 404 even when asked for by its own name.
    // The asset server answers a missing path with the nearest 404.html: under /fr, the French one.
    status = /^(?:\/fr)?\/404(?:\.html)?$/.test(url.pathname) ? 404 : res.status;
  } else {
    res = await env.ASSETS.fetch(request);
    status = res.status;
    if (res.ok && url.pathname.startsWith('/assets/')) {
      // Vite puts a content hash in every file name under /assets/.
      const out = new Response(res.body, res);
      out.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
      return out;
    }
  }
  // Anything that is not HTML (assets, redirects, 304s) passes through untouched. HTML, including the
  // not-found page answered for a missing file, gets the origin and the configuration.
  if (!(res.headers.get('Content-Type') ?? '').includes('text/html')) return res;

  // Every page has two variants, chosen by these request headers: a cache keys on them (and the two ETags
  // differ), so it never hands the light page to a visitor who did not ask for it, or the reverse.
  const html = await fillPage(res, origin, config, wantsLight(request.headers));
  const headers = new Headers(res.headers);
  headers.delete('Content-Length');
  headers.append('Vary', LIGHT_VARY);
  // Pages are revalidated on every use (a new deploy shows at once); the ETag of what is sent lets a cache
  // revalidate with a 304 instead of the whole page (docs/decisions/0009-first-paint-from-html.md).
  const etag = `"${(await sha256Hex(html)).slice(0, 32)}"`;
  headers.set('ETag', etag);
  headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const fresh = status === 200 && (request.headers.get('If-None-Match') ?? '').split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
  if (fresh) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : html, { status, headers });
}
