// bench:web's pages, budgets, browser flags and figures (scripts/bench-web.ts runs the jobs).
import { portfolioCards } from '../../shared/content/portfolioCards.ts';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const PAGES = [
  { name: 'home', path: '/' },
  { name: 'service', path: '/services/web-development' },
  { name: 'contact', path: '/contact' },
  { name: 'portfolio', path: `/portfolio/${portfolioCards[0]!.slug}` },
];
/** The same pages in French (docs/decisions/0032-french-and-i18n.md), under the same budgets. */
export const FRENCH_PAGES = PAGES.map((p) => ({ name: `${p.name}-fr`, path: p.path === '/' ? '/fr' : `/fr${p.path}` }));
/** A measured page: its light variant is asked for with `Save-Data: on` (docs/decisions/0033), against its
 * page's floor asked for the same way (the Worker serves both light). */
export interface BenchPage { name: string; path: string; floor: string; saveData: boolean }
export const LIGHT_PAGES: BenchPage[] = PAGES.map((p) => ({ ...p, name: `${p.name}-light`, floor: p.name, saveData: true }));
/** bench:web's pages: English, French and light. */
export const WEB_PAGES: BenchPage[] = [
  ...[...PAGES, ...FRENCH_PAGES].map((p) => ({ ...p, floor: p.name, saveData: false })),
  ...LIGHT_PAGES,
];
export const SAVE_DATA = { 'Save-Data': 'on' } as const;
// The floor pages live under this folder of the measured build only (never in a deployed build).
export const FLOOR_DIR = 'bench-floor';
export const KB = 1000; // budgets in KB of 1000 bytes (the stricter reading)
export const BUDGET = {
  performance: 99, accessibility: 100, 'best-practices': 100, seo: 100,
  fcpRatio: 1.1, lcpRatio: 1.15, tbtMs: 100, cls: 0.02,
  homeJsGzip: 90 * KB, otherJsGzip: 100 * KB, interactionMs: 100,
} as const;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export const METRICS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift' } as const;
export type Metric = keyof typeof METRICS;
export type Figures = Record<Category | Metric, number>;

export const log = (msg: string) => console.log(`[bench:web] ${msg}`);
