import { formatPriceRange, formatWeeks, type Department } from '../../../shared/content/departments.ts';

/** A department's price range and timeline (docs/product.md §8.4), as a small definition list. */
export function PriceBadge({ department, size = 'md' }: { department: Department; size?: 'sm' | 'md' }) {
  const big = size === 'md';
  return (
    <dl className={`inline-grid grid-cols-2 divide-x divide-slate-200 rounded-xl border border-slate-200 bg-white ${big ? 'text-base' : 'text-sm'}`}>
      <div className={big ? 'px-5 py-3' : 'px-3 py-2'}>
        <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600">Price (USD)</dt>
        <dd className="font-bold text-ink">{formatPriceRange(department.price)}</dd>
      </div>
      <div className={big ? 'px-5 py-3' : 'px-3 py-2'}>
        <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600">Timeline</dt>
        <dd className="font-bold text-ink">{formatWeeks(department.weeks)}</dd>
      </div>
    </dl>
  );
}
