// The four departments and their price ranges (spec.md section 9, "Department prices").
export type DepartmentId = 'software' | 'uiux' | 'web-design' | 'devops';

export interface Department {
  id: DepartmentId;
  name: string;
  price: { min: number; max: number; openEnded: boolean };
  weeks: { min: number; max: number };
}

export const departments: readonly Department[] = [
  { id: 'software', name: 'Software Development', price: { min: 5000, max: 25000, openEnded: true }, weeks: { min: 4, max: 16 } },
  { id: 'uiux', name: 'UI/UX Design', price: { min: 2000, max: 10000, openEnded: false }, weeks: { min: 2, max: 8 } },
  { id: 'web-design', name: 'Web Design', price: { min: 2000, max: 12000, openEnded: false }, weeks: { min: 3, max: 10 } },
  { id: 'devops', name: 'DevOps', price: { min: 3000, max: 15000, openEnded: false }, weeks: { min: 2, max: 12 } },
];

export function departmentById(id: DepartmentId): Department {
  const d = departments.find((x) => x.id === id);
  if (!d) throw new Error(`Unknown department ${id}`);
  return d;
}

/** "$5,000 – $25,000+" */
export function formatPriceRange(p: Department['price']): string {
  const f = (n: number) => `$${n.toLocaleString('en-US')}`;
  return `${f(p.min)} – ${f(p.max)}${p.openEnded ? '+' : ''}`;
}
