import type { Page } from '@playwright/test';
import config from '../../playwright.config.ts';
import { expect } from './fixtures.ts';

// The browser side of voice input is tested without the server offering it: the page's public configuration
// is rewritten (tests/e2e/voice.spec.ts, tests/e2e/french-chat.spec.ts).

/** Serves pages with the public configuration offering voice or not (the browser-side tests). */
export async function offerVoice(page: Page, voiceAvailable = true) {
  await page.route((url) => url.origin === new URL(config.use!.baseURL!).origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'), async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    const meta = /(<meta name="app-config" content=")([^"]*)(")/;
    expect(html, 'the page carries the public configuration').toMatch(meta);
    const rewritten = html.replace(meta, (_, a: string, content: string, b: string) => {
      const json = JSON.parse(content.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      const escaped = JSON.stringify({ ...json, voiceAvailable }).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      return a + escaped + b;
    });
    await route.fulfill({ response, body: rewritten });
  });
}

