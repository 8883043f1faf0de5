import { formatPriceRange, formatWeeks, type Department } from '../../../shared/content/departments.ts';
import { usdRangeIn } from '../../../shared/i18n/format.ts';
import { useI18n, useLocale } from '../../i18n/i18n.ts';

/** A department's price range and timeline (docs/product.md §8.4), as a small definition list. English keeps
 * its own formatting (shared/usd.ts); other languages format through Intl ("2 000 $ US"). */
export function PriceBadge({ department, size = 'md' }: { department: Department; size?: 'sm' | 'md' }) {
  const big = size === 'md';
  const i18n = useI18n();
  const locale = useLocale();
  const { price, weeks } = department;
  const range = locale === 'en' ? formatPriceRange(price) : usdRangeIn(locale, price);
  const timeline = locale === 'en' ? formatWeeks(weeks) : i18n._('price.weeks', { min: weeks.min, max: weeks.max });
  return (
    <dl className={`inline-grid grid-cols-2 divide-x divide-slate-200 rounded-xl border border-slate-200 bg-white ${big ? 'text-base' : 'text-sm'}`}>
      <div className={big ? 'px-5 py-3' : 'px-3 py-2'}>
        <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600">{i18n._('price.label')}</dt>
        <dd className="font-bold text-ink">{range}</dd>
      </div>
      <div className={big ? 'px-5 py-3' : 'px-3 py-2'}>
        <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600">{i18n._('price.timeline')}</dt>
        <dd className="font-bold text-ink">{timeline}</dd>
      </div>
    </dl>
  );
}
