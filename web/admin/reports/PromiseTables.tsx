import { Link } from 'react-router-dom';
import { leadKindNames } from '../../../shared/admin/leads.ts';
import type { Report } from '../../../shared/admin/reports.ts';
import { formatDate } from '../../ui/kit.tsx';

// The promise's figures on /admin/reports (docs/decisions/0029): first answers per staff member, and the
// broken promises, each linked to its lead. Plain tables with captions and header cells.

const pct = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)} %`);

export function duration(minutes: number | null): string {
  if (minutes === null) return '–';
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  return hours < 48 ? `${hours.toFixed(1)} h` : `${(hours / 24).toFixed(1)} days`;
}

const th = 'py-1.5 pr-3 font-semibold';
const td = 'py-1.5 pr-3 tabular-nums text-slate-700';

export function PromiseTables({ report }: { report: Report }) {
  return (
    <>
      <section aria-labelledby="responders-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="responders-title" className="text-lg font-bold text-ink">First response by staff member</h2>
        {report.byResponder.length ? (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">First answers per staff member: how many, the median time, and the share within 24 hours</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className={th}>Staff member</th>
                  <th scope="col" className={th}>First answers</th>
                  <th scope="col" className={th}>Median time</th>
                  <th scope="col" className={th}>Within 24 hours</th>
                </tr>
              </thead>
              <tbody>
                {report.byResponder.map((r) => (
                  <tr key={r.userId ?? `name:${r.name}`} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 pr-3 font-medium text-ink">{r.name}</th>
                    <td className={td}>{r.answered}</td>
                    <td className={td}>{duration(r.medianFirstResponseMinutes)}</td>
                    <td className={td}>{pct(r.answeredWithin24h)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : <p className="mt-2 text-sm text-slate-600">No first answers recorded in these 12 weeks.</p>}
      </section>

      <section aria-labelledby="broken-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="broken-title" className="text-lg font-bold text-ink">Broken promises ({report.brokenPromiseCount})</h2>
        <p className="mt-1 text-sm text-slate-600">Leads answered after their 24 hours, or still not answered past them. Newest first{report.brokenPromiseCount > report.brokenPromises.length ? `, the latest ${report.brokenPromises.length} shown` : ''}.</p>
        {report.brokenPromises.length ? (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Broken promises, with links to the leads</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className={th}>Lead</th>
                  <th scope="col" className={th}>Received</th>
                  <th scope="col" className={th}>Answered</th>
                  <th scope="col" className={th}>Late by</th>
                </tr>
              </thead>
              <tbody>
                {report.brokenPromises.map((b) => (
                  <tr key={b.id} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 pr-3 font-medium text-ink">
                      <Link to={`/admin/leads/${encodeURIComponent(b.id)}`} className="text-brand-700 underline underline-offset-2">{b.name || 'Unnamed visitor'} · {leadKindNames[b.kind]}</Link>
                    </th>
                    <td className={td}><time dateTime={b.receivedAt}>{formatDate(b.receivedAt)}</time></td>
                    <td className={td}>{b.firstResponseAt ? <><time dateTime={b.firstResponseAt}>{formatDate(b.firstResponseAt)}</time>{b.firstResponseByName ? ` by ${b.firstResponseByName}` : ''}</> : 'Not yet'}</td>
                    <td className={td}>{duration(b.lateMinutes)}{b.firstResponseAt ? '' : ' so far'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : <p className="mt-2 text-sm text-slate-600">None: every lead was answered within 24 hours.</p>}
      </section>
    </>
  );
}
