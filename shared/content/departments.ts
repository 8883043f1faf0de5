import type { WeekRange } from './types.ts';
import { usd } from '../usd.ts';

// The four departments and their price ranges (docs/product.md §8.4, "Department prices").
export type DepartmentId = 'software' | 'uiux' | 'web-design' | 'devops';

export interface Department {
  id: DepartmentId;
  name: string;
  price: { min: number; max: number; openEnded: boolean };
  weeks: WeekRange;
  /** One sentence for cards. */
  summary: string;
  /** A short paragraph for the services overview. */
  description: string;
}

export const departments: readonly Department[] = [
  {
    id: 'software',
    name: 'Software Development',
    price: { min: 5000, max: 25000, openEnded: true },
    weeks: { min: 4, max: 16 },
    summary: 'Web applications and mobile apps engineered to be fast, tested and easy to grow.',
    description:
      'Our engineers turn an idea or a clickable prototype into production software: web applications, customer portals and iOS and Android apps, with automated tests and a clean handover from day one.',
  },
  {
    id: 'uiux',
    name: 'UI/UX Design',
    price: { min: 2000, max: 10000, openEnded: false },
    weeks: { min: 2, max: 8 },
    summary: 'Research, interface design and brand identity that make products simple to use and easy to trust.',
    description:
      'Our designers talk to your users, map the journeys that matter and design interfaces and brand systems that developers can build exactly as drawn.',
  },
  {
    id: 'web-design',
    name: 'Web Design',
    price: { min: 2000, max: 12000, openEnded: false },
    weeks: { min: 3, max: 10 },
    summary: 'Marketing websites, online stores and the search and marketing work that brings them visitors.',
    description:
      'Our web team designs and builds websites, WordPress sites and online stores, then helps people find them through search engine optimisation and measured digital marketing.',
  },
  {
    id: 'devops',
    name: 'DevOps',
    price: { min: 3000, max: 15000, openEnded: false },
    weeks: { min: 2, max: 12 },
    summary: 'Pipelines, cloud platforms, monitoring and security that keep your software running.',
    description:
      'Our DevOps specialists automate releases, set up cloud and container platforms, add monitoring that wakes the right person and harden systems for audits and compliance.',
  },
];

export function departmentById(id: DepartmentId): Department {
  const d = departments.find((x) => x.id === id);
  if (!d) throw new Error(`Unknown department ${id}`);
  return d;
}

/** "$5,000 – $25,000+" */
export function formatPriceRange(p: Department['price']): string {
  return `${usd(p.min)} – ${usd(p.max)}${p.openEnded ? '+' : ''}`;
}

/** "4–16 weeks" */
export function formatWeeks(w: WeekRange): string {
  return w.min === w.max ? `${w.min} weeks` : `${w.min}–${w.max} weeks`;
}
