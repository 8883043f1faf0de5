import { useMemo, type ReactNode } from 'react';
import { api } from '../../api/client.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { Note } from '../../ui/kit.tsx';
import { leadKindNames } from '../../../shared/admin/leads.ts';
import type { Report } from '../../../shared/admin/reports.ts';
import { submissionKinds } from '../../../shared/appwrite/schema.ts';
import { AdminSection } from '../AdminSection.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffQuery } from '../useStaffQuery.ts';
import { BarChart, type Series } from './BarChart.tsx';
import { duration, PromiseTables } from './PromiseTables.tsx';

// /admin/reports: the last 12 weeks of leads. The figures come computed from the Worker
// (functions/admin/reports.ts); each chart has an accessible name and its numbers in a table beside it.

const KIND_COLORS = ['#2563eb', '#0891b2', '#059669', '#ca8a04', '#dc2626', '#7c3aed', '#db2777'];
const BRAND = '#2563eb';

const weekLabel = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function ChartBlock({ id, title, chart, table }: { id: string; title: string; chart: ReactNode; table: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink">{title}</h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0">{chart}</div>
        <div className="overflow-x-auto">{table}</div>
      </div>
    </section>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          {head.map((h) => <th key={h} scope="col" className="py-1.5 pr-3 font-semibold">{h}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(r[0])} className="border-b border-slate-100">
            {r.map((cell, i) => i === 0
              ? <th key={head[i]} scope="row" className="py-1.5 pr-3 font-medium text-ink">{cell}</th>
              : <td key={head[i]} className="py-1.5 pr-3 tabular-nums text-slate-700">{cell}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figures({ report }: { report: Report }) {
  const weekLabels = useMemo(() => report.weeks.map(weekLabel), [report]);
  const weekly = useMemo<Series[]>(
    () => submissionKinds.map((k, i) => ({ label: leadKindNames[k], values: report.perWeek[k], color: KIND_COLORS[i % KIND_COLORS.length]! })),
    [report],
  );
  const funnel = useMemo<Series[]>(() => [{ label: 'Leads', values: report.funnel.map((f) => f.count), color: BRAND }], [report]);
  const funnelLabels = useMemo(() => report.funnel.map((f) => f.label), [report]);
  const services = useMemo<Series[]>(() => [{ label: 'Leads', values: report.byServiceInterest.map((s) => s.count), color: '#0891b2' }], [report]);
  const serviceLabels = useMemo(() => report.byServiceInterest.map((s) => s.label), [report]);
  const budgets = useMemo<Series[]>(() => [{ label: 'Leads', values: report.byBudgetRange.map((s) => s.count), color: '#059669' }], [report]);
  const budgetLabels = useMemo(() => report.byBudgetRange.map((s) => s.label), [report]);

  const within = report.answeredWithin24h === null ? '–' : `${Math.round(report.answeredWithin24h * 100)} %`;
  const median = duration(report.medianFirstResponseMinutes);

  return (
    <>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          ['Leads in 12 weeks', String(report.total)],
          ['Median time to first response', median],
          ['Answered within 24 hours', within],
        ].map(([term, value]) => (
          <div key={term} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{term}</dt>
            <dd className="mt-1 text-3xl font-bold text-ink tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <PromiseTables report={report} />
      <ChartBlock
        id="weekly"
        title="Leads per week by kind"
        chart={<BarChart name="Leads per week by kind, last 12 weeks (stacked bar chart)" labels={weekLabels} series={weekly} stacked />}
        table={<Table caption="Leads per week" head={['Week of', 'Leads']} rows={report.weeks.map((w, i) => [weekLabel(w), submissionKinds.reduce((n, k) => n + report.perWeek[k][i]!, 0)])} />}
      />
      <ChartBlock
        id="funnel"
        title="Status funnel"
        chart={<BarChart name="How many leads reached each stage (bar chart)" labels={funnelLabels} series={funnel} horizontal />}
        table={<Table caption="Leads per stage" head={['Stage', 'Leads']} rows={report.funnel.map((f) => [f.label, f.count])} />}
      />
      <ChartBlock
        id="services"
        title="Leads by service interest"
        chart={<BarChart name="Leads by service interest (bar chart)" labels={serviceLabels} series={services} horizontal />}
        table={<Table caption="Leads by service interest" head={['Service', 'Leads']} rows={report.byServiceInterest.map((s) => [s.label, s.count])} />}
      />
      <ChartBlock
        id="budgets"
        title="Leads by budget range"
        chart={<BarChart name="Leads by budget range (bar chart)" labels={budgetLabels} series={budgets} horizontal />}
        table={<Table caption="Leads by budget range" head={['Budget', 'Leads']} rows={report.byBudgetRange.map((s) => [s.label, s.count])} />}
      />
    </>
  );
}

export default function ReportsPage() {
  const reports = useStaffQuery(adminKeys.reports, (init) => api.admin.reports.$get(undefined, init));

  return (
    <AdminSection title="Reports" intro="The last 12 weeks of leads, from every form and the chat. Spam is left out of the funnel and the response times.">
      {reports.isError ? (
        <Note tone="error">{reports.error.message}</Note>
      ) : !reports.data ? (
        <div className="flex justify-center py-12"><Spinner size="lg" label="Loading the reports" /></div>
      ) : (
        <Figures report={reports.data} />
      )}
    </AdminSection>
  );
}
