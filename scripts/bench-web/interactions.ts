// The Event Timing duration of a tap or keystroke under 4x CPU slowdown.
import type { Browser, Page } from '@playwright/test';
import { mobile } from './bytes.ts';
import { floorPath } from './floors.ts';

// --- Interaction (Event Timing) -------------------------------------------------------------------------

// Collects every Event Timing entry of an interaction (and the first input, which is reported whatever its
// duration) from the start of the page. Installed through the DevTools protocol, so the CSP does not apply.
export const EVENT_TIMING_OBSERVER = `
  window.__eventTimings = [];
  const keep = (list) => { for (const e of list.getEntries()) window.__eventTimings.push({ name: e.name, duration: e.duration, interactionId: e.interactionId || 0, type: e.entryType }); };
  new PerformanceObserver(keep).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true });
`;

export interface Interaction { name: string; path: string; act: (page: Page) => Promise<void>; reference?: boolean }
export const INTERACTIONS: Interaction[] = [
  {
    // Right after the load event: whatever hydration is doing then is what a visitor's tap waits for.
    name: 'mobile menu button', path: '/',
    act: async (page) => openMenu(page),
  },
  {
    // The menu is a popover that opens with the HTML alone (web/components/MobileMenu.tsx): the same tap on
    // the floor is what showing it costs on this machine without any script of ours.
    name: 'mobile menu button, floor', path: floorPath('home'), reference: true,
    act: async (page) => openMenu(page),
  },
  {
    name: 'chat button', path: '/',
    act: async (page) => {
      const button = page.getByRole('button', { name: 'Open chat' });
      await button.waitFor({ state: 'visible', timeout: 20_000 });
      await button.tap();
      await page.getByRole('dialog').first().waitFor({ state: 'visible' });
    },
  },
  {
    name: 'first contact form field', path: '/contact',
    act: async (page) => typeInFirstField(page),
  },
  {
    // The same tap and key press on the no-JS floor: what the machine, the browser and the page's own layout
    // cost before any of our script (the budget cannot be judged below it). Reported, not budgeted.
    name: 'first contact form field, floor', path: floorPath('contact'), reference: true,
    act: async (page) => typeInFirstField(page),
  },
];

export async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await page.locator('#mobile-menu').waitFor({ state: 'visible' });
}

export async function typeInFirstField(page: Page): Promise<void> {
  const field = page.locator('main form').first().locator('input:not([type=hidden]), textarea, select').first();
  await field.tap();
  await page.keyboard.press('a');
}

/** The longest Event Timing duration (ms) of one interaction on a fresh page under 4x CPU slowdown. */
export async function measureInteraction(browser: Browser, origin: string, it: Interaction): Promise<number> {
  const context = await browser.newContext(mobile);
  try {
    const page = await context.newPage();
    await page.addInitScript(EVENT_TIMING_OBSERVER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Playwright's connection turns on the Runtime domain, under which V8 takes a detailed stack of every
    // Error created and re-parses the functions on it for their source positions: React's DOM renderer
    // creates five sentinel errors as it starts, which then takes 80-100 ms unthrottled instead of 17-31 ms
    // in a browser with no DevTools attached. With the Debugger domain on as well, as Lighthouse runs, it
    // takes 24-45 ms (docs/decisions/0009-first-paint-from-html.md, sixth round).
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.setSkipAllPauses', { skip: true });
    await page.goto(origin + it.path, { waitUntil: 'load' });
    await it.act(page);
    // Entries are dispatched after the next paint.
    await page.waitForTimeout(500);
    const entries = await page.evaluate(() => (window as unknown as { __eventTimings: { duration: number; interactionId: number; type: string }[] }).__eventTimings);
    const relevant = entries.filter((e) => e.type === 'first-input' || e.interactionId > 0);
    if (!relevant.length) throw new Error(`no Event Timing entry for the ${it.name}`);
    return Math.max(...relevant.map((e) => e.duration));
  } finally {
    await context.close();
  }
}

