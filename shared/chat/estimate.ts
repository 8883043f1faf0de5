import { departments, type Department, type DepartmentId } from '../content/departments.ts';
import type { WeekRange } from '../content/types.ts';
import { toolErrors } from './messages.ts';
import { usd } from '../usd.ts';

// Price estimates (docs/product.md §8): the table of project types, the feature and timing multipliers,
// the department prices, and the mapping from the pricing flow's project-type chips to table types.
// No I/O.

export const projectTypes = [
  'simple-website', 'business-website', 'e-commerce', 'mobile-app', 'web-app', 'custom-software', 'ui-ux-design', 'devops-setup',
] as const;
export type ProjectType = (typeof projectTypes)[number];

export interface PriceRow { label: string; min: number; max: number; weeks: WeekRange }

export const estimateTable: Readonly<Record<ProjectType, PriceRow>> = {
  'simple-website': { label: 'simple website', min: 2000, max: 5000, weeks: { min: 2, max: 4 } },
  'business-website': { label: 'business website', min: 4000, max: 10000, weeks: { min: 4, max: 8 } },
  'e-commerce': { label: 'e-commerce store', min: 8000, max: 20000, weeks: { min: 6, max: 12 } },
  'mobile-app': { label: 'mobile app', min: 10000, max: 30000, weeks: { min: 8, max: 16 } },
  'web-app': { label: 'web application', min: 12000, max: 35000, weeks: { min: 10, max: 20 } },
  'custom-software': { label: 'custom software project', min: 15000, max: 50000, weeks: { min: 12, max: 24 } },
  'ui-ux-design': { label: 'UI/UX design project', min: 2000, max: 8000, weeks: { min: 2, max: 6 } },
  'devops-setup': { label: 'DevOps setup', min: 3000, max: 15000, weeks: { min: 2, max: 8 } },
};

export const isProjectType = (v: unknown): v is ProjectType => typeof v === 'string' && Object.hasOwn(estimateTable, v);

export const timings = ['urgent', 'normal', 'flexible'] as const;
export type Timing = (typeof timings)[number];
export const timingMultipliers: Readonly<Record<Timing, number>> = { urgent: 1.2, normal: 1, flexible: 0.9 };

/** The feature surcharges, largest first: more than `above` features multiply the price by `factor`. */
export const featureMultipliers = [{ above: 5, factor: 1.3 }, { above: 3, factor: 1.15 }] as const;

/** More than 5 features ×1.3, more than 3 ×1.15, otherwise ×1. */
export function featureMultiplier(featureCount: number): number {
  return featureMultipliers.find((m) => featureCount > m.above)?.factor ?? 1;
}

/** Prices are rounded to the nearest $100 after both multipliers (e.g. 2000 × 1.3 × 1.2 = 3120 → 3100). */
export const PRICE_ROUNDING = 100;
const roundPrice = (n: number) => Math.round(n / PRICE_ROUNDING) * PRICE_ROUNDING;

export interface Estimate {
  projectType: ProjectType;
  label: string;
  currency: 'USD';
  min: number;
  max: number;
  /** Weeks are those of the table: multipliers change the price, not the schedule. */
  weeks: WeekRange;
  featureCount: number;
  timing: Timing;
  /** The product of the feature and timing multipliers. */
  multiplier: number;
}

export type EstimateOutcome = { ok: true; estimate: Estimate } | { ok: false; error: string };

/** Timing words from the tool's argument or the timeline chips: ASAP/urgent → urgent, flexible → flexible. */
export function parseTiming(v: unknown): Timing {
  const s = typeof v === 'string' ? v.toLowerCase() : '';
  if (/urgent|asap|rush|immediately/.test(s)) return 'urgent';
  if (/flexible/.test(s)) return 'flexible';
  return 'normal';
}

/** Accepts the table's ids and a few obvious spellings ("E-commerce", "mobile app", "web_app"). */
export function normaliseProjectType(v: unknown): ProjectType | null {
  if (typeof v !== 'string') return null;
  const s = v.trim().toLowerCase().replace(/[\s_/]+/g, '-');
  if (isProjectType(s)) return s;
  const aliases: Record<string, ProjectType> = {
    ecommerce: 'e-commerce', 'online-store': 'e-commerce', website: 'business-website', 'web-application': 'web-app',
    'mobile-application': 'mobile-app', app: 'mobile-app', 'ui-ux': 'ui-ux-design', uiux: 'ui-ux-design', design: 'ui-ux-design',
    devops: 'devops-setup', software: 'custom-software', 'custom-software-development': 'custom-software',
  };
  return aliases[s] ?? null;
}

export function estimatePrice(input: { projectType: unknown; features?: unknown; timeline?: unknown }): EstimateOutcome {
  const projectType = normaliseProjectType(input.projectType);
  if (!projectType) return { ok: false, error: toolErrors.unknownProjectType };
  const row = estimateTable[projectType];
  const featureCount = Array.isArray(input.features)
    ? input.features.filter((f) => typeof f === 'string' && f.trim()).length
    : typeof input.features === 'number' && Number.isFinite(input.features) ? Math.max(0, Math.floor(input.features)) : 0;
  const timing = parseTiming(input.timeline);
  const multiplier = featureMultiplier(featureCount) * timingMultipliers[timing];
  return {
    ok: true,
    estimate: {
      projectType, label: row.label, currency: 'USD',
      min: roundPrice(row.min * multiplier), max: roundPrice(row.max * multiplier),
      weeks: { ...row.weeks }, featureCount, timing, multiplier,
    },
  };
}

/** "$2,000 – $5,000" */
export const formatUsd = (min: number, max: number) => `${usd(min)} – ${usd(max)}`;
/** "2-4 weeks" */
export const formatWeekRange = (w: WeekRange) => (w.min === w.max ? `${w.min} weeks` : `${w.min}-${w.max} weeks`);

// --- The pricing flow's chips → table types ----------------------------------------------------------

/** The pricing flow's project-type chips (docs/product.md §8.5). */
export const projectTypeChoices = ['Website', 'Mobile App', 'Web App', 'E-commerce', 'Custom Software'] as const;
/** The pages chips (docs/product.md §8.5). */
export const pageChoices = ['1-5', '6-10', '11-20', '20+', 'Not sure'] as const;

/**
 * Website with 1-5 pages → simple-website; with more pages, "Not sure" or no answer → business-website
 * (the safer range). Mobile App → mobile-app, Web App → web-app, E-commerce → e-commerce, Custom Software →
 * custom-software. Free text is matched by keywords; anything unrecognised counts as custom software.
 */
export function tableTypeForChoice(projectType: string, pages?: string): ProjectType {
  const s = projectType.trim().toLowerCase();
  if (/e-?commerce|shop|store/.test(s)) return 'e-commerce';
  if (/mobile|ios|android|\bapp\b/.test(s) && !/web ?app/.test(s)) return 'mobile-app';
  if (/web ?app|portal|saas|dashboard|platform|application web/.test(s)) return 'web-app';
  if (/ui|ux|design/.test(s)) return 'ui-ux-design';
  if (/devops|cloud|ci\/cd|pipeline|kubernetes|infrastructure/.test(s)) return 'devops-setup';
  if (/web|site/.test(s)) return pagesAtMost5(pages) ? 'simple-website' : 'business-website';
  return 'custom-software';
}

function pagesAtMost5(pages?: string): boolean {
  if (!pages) return false;
  const p = pages.trim();
  if (p === '1-5') return true;
  const n = /^\d+$/.test(p) ? Number(p) : NaN;
  return n >= 1 && n <= 5;
}

// --- Departments ------------------------------------------------------------------------------------

const departmentAliases: Record<DepartmentId, RegExp> = {
  software: /software|development|engineering|\bdev\b|mobile|app/,
  uiux: /ui|ux|user experience|user interface|product design|branding/,
  'web-design': /web ?design|website|wordpress|seo|marketing|e-?commerce/,
  devops: /devops|dev ops|cloud|ci\/?cd|infrastructure|kubernetes|monitoring|security/,
};

/** A department by id, name or a common word for it ("UI/UX", "cloud", "website"); null when none fits. */
export function findDepartment(query: unknown): Department | null {
  if (typeof query !== 'string' || !query.trim()) return null;
  const q = query.trim().toLowerCase();
  const exact = departments.find((d) => d.id === q || d.name.toLowerCase() === q);
  if (exact) return exact;
  // DevOps and UI/UX first: "devops" also contains "dev", "ui/ux design" also contains "design".
  for (const id of ['devops', 'uiux', 'web-design', 'software'] as const) {
    if (departmentAliases[id].test(q)) return departments.find((d) => d.id === id)!;
  }
  return null;
}
