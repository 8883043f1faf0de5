import type { DepartmentId } from '../../../shared/content/departments.ts';

// One small line icon per department (decorative).
const paths: Record<DepartmentId, string> = {
  software: 'M8 8 4 12l4 4M16 8l4 4-4 4M14 5l-4 14',
  uiux: 'M4 20l4-1 11-11-3-3L5 16l-1 4ZM14 6l3 3',
  'web-design': 'M3 5h18v14H3zM3 9h18M6 7h.01M9 7h.01',
  devops: 'M7 18a4 4 0 0 1-.7-7.9 5.5 5.5 0 0 1 10.6-1.6A4.5 4.5 0 0 1 17 18H7ZM12 11v5m-2-2 2 2 2-2',
};

export function DepartmentIcon({ id, className = 'h-6 w-6' }: { id: DepartmentId | 'leadership'; className?: string }) {
  const d = id === 'leadership' ? 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9L12 3Z' : paths[id];
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}
