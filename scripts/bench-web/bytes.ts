// The JavaScript and CSS a page loads before its load event, as sent and gzipped.
import { gzipSync } from 'node:zlib';
import type { Browser, Request as PwRequest } from '@playwright/test';

export interface Transfer { url: string; kind: 'js' | 'css'; bytes: number; gzip: number }

export const mobile = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** JS and CSS requested before the load event, each body gzipped with zlib to measure it. */
export async function measureBytes(browser: Browser, url: string, extraHTTPHeaders: Record<string, string> = {}): Promise<Transfer[]> {
  // A fresh context, so nothing comes from cache.
  const context = await browser.newContext({ ...mobile, extraHTTPHeaders });
  try {
    const page = await context.newPage();
    const requests: PwRequest[] = [];
    let loaded = false;
    page.on('request', (r) => { if (!loaded) requests.push(r); });
    page.on('load', () => { loaded = true; });
    await page.goto(url, { waitUntil: 'load' });
    const out: Transfer[] = [];
    for (const req of requests) {
      const res = await req.response();
      if (res?.status() !== 200) continue;
      const type = res.headers()['content-type'] ?? '';
      const kind = /javascript|ecmascript/.test(type) ? 'js' : /text\/css/.test(type) ? 'css' : null;
      if (!kind) continue;
      const body = await res.body();
      out.push({ url: new URL(req.url()).pathname, kind, bytes: body.length, gzip: gzipSync(body).length });
    }
    return out;
  } finally {
    await context.close();
  }
}

