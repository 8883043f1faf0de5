import { submissionKinds, type SubmissionKind } from '../appwrite/schema.ts';
import { isLeadStatus, LEAD_STATUSES, REPLY_PROMISE_MS, type LeadStatus } from './leads.ts';

// The admin area's reports, computed on the server from the inbox's leads (docs/product.md, "Admin area").
// Pure: the Worker reads the rows (functions/admin/reports.ts) and the page only draws what this returns.

export const REPORT_WEEKS = 12;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The fields of a lead the reports read. */
export interface ReportRow {
  kind: SubmissionKind;
  status: LeadStatus;
  receivedAt: string;
  firstResponseAt?: string | null;
  serviceInterest?: string | null;
  budgetRange?: string | null;
}

export interface Report {
  /** The first day (UTC, ISO date) of each of the last 12 weeks, oldest first; the last one holds today. */
  weeks: string[];
  /** Leads per week by kind, aligned with `weeks`. */
  perWeek: Record<SubmissionKind, number[]>;
  /** How many leads reached each stage (spam left out): received, answered, qualified, proposal sent, won. */
  funnel: { stage: 'received' | 'contacted' | 'qualified' | 'proposal_sent' | 'won'; label: string; count: number }[];
  /** Leads in each status now. */
  byStatus: Record<LeadStatus, number>;
  /** Median time from arrival to the first change away from New, in minutes; null when none was answered. */
  medianFirstResponseMinutes: number | null;
  /** Of the leads whose 24 hours are over (or that were answered), the share answered within 24 hours, 0–1; null when none. */
  answeredWithin24h: number | null;
  byServiceInterest: { label: string; count: number }[];
  byBudgetRange: { label: string; count: number }[];
  /** Leads the figures cover (spam included in byStatus only). */
  total: number;
}

/** Monday 00:00 UTC of the week holding `t`. */
function weekStart(t: number): number {
  const d = new Date(t);
  const day = (d.getUTCDay() + 6) % 7;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day);
}

/** The start of the reports' window: Monday of the week 11 weeks before this one. */
export const reportSince = (now: number): string => new Date(weekStart(now) - (REPORT_WEEKS - 1) * WEEK_MS).toISOString();

const REACHED: Record<Report['funnel'][number]['stage'], readonly LeadStatus[]> = {
  received: LEAD_STATUSES.filter((s) => s !== 'spam'),
  contacted: ['contacted', 'qualified', 'proposal_sent', 'won', 'lost'],
  qualified: ['qualified', 'proposal_sent', 'won'],
  proposal_sent: ['proposal_sent', 'won'],
  won: ['won'],
};
const STAGE_LABELS = { received: 'Received', contacted: 'Answered', qualified: 'Qualified', proposal_sent: 'Proposal sent', won: 'Won' } as const;

function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function tally(values: (string | null | undefined)[]): { label: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const v of values) {
    const label = v?.trim() || 'Not given';
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

export function buildReport(rows: readonly ReportRow[], now: number): Report {
  const first = weekStart(now) - (REPORT_WEEKS - 1) * WEEK_MS;
  const weeks = Array.from({ length: REPORT_WEEKS }, (_, i) => new Date(first + i * WEEK_MS).toISOString().slice(0, 10));
  const perWeek = Object.fromEntries(submissionKinds.map((k) => [k, new Array<number>(REPORT_WEEKS).fill(0)])) as Record<SubmissionKind, number[]>;
  const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<LeadStatus, number>;
  const inWindow = rows.filter((r) => {
    const t = Date.parse(r.receivedAt);
    return Number.isFinite(t) && t >= first && t <= now && isLeadStatus(r.status);
  });

  const responseMinutes: number[] = [];
  let settled = 0;
  let inTime = 0;
  for (const r of inWindow) {
    byStatus[r.status] += 1;
    const received = Date.parse(r.receivedAt);
    const week = Math.floor((received - first) / WEEK_MS);
    if (perWeek[r.kind] && week >= 0 && week < REPORT_WEEKS) perWeek[r.kind][week]! += 1;
    if (r.status === 'spam') continue;
    const answered = r.firstResponseAt ? Date.parse(r.firstResponseAt) : Number.NaN;
    if (Number.isFinite(answered)) {
      const took = Math.max(0, answered - received);
      responseMinutes.push(took / 60_000);
      settled += 1;
      if (took <= REPLY_PROMISE_MS) inTime += 1;
    } else if (now - received > REPLY_PROMISE_MS) {
      // Still unanswered after its 24 hours: a promise broken. A newer one is still in time, so not counted yet.
      settled += 1;
    }
  }

  const real = inWindow.filter((r) => r.status !== 'spam');
  return {
    weeks,
    perWeek,
    funnel: (Object.keys(REACHED) as (keyof typeof REACHED)[]).map((stage) => ({
      stage,
      label: STAGE_LABELS[stage],
      count: real.filter((r) => REACHED[stage].includes(r.status) || (stage === 'contacted' && !!r.firstResponseAt)).length,
    })),
    byStatus,
    medianFirstResponseMinutes: median(responseMinutes),
    answeredWithin24h: settled ? inTime / settled : null,
    byServiceInterest: tally(real.map((r) => r.serviceInterest)),
    byBudgetRange: tally(real.map((r) => r.budgetRange)),
    total: inWindow.length,
  };
}
