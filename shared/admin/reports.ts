import { submissionKinds, type SubmissionKind } from '../appwrite/schema.ts';
import { clockRuns, isLeadStatus, LEAD_STATUSES, REPLY_PROMISE_MS, replyDueAt, type LeadStatus } from './leads.ts';

// The admin area's reports, computed on the server from the inbox's leads (docs/product.md, "Admin area").
// Pure: the Worker reads the rows (functions/admin/reports.ts) and the page only draws what this returns.

export const REPORT_WEEKS = 12;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The fields of a lead the reports read. */
export interface ReportRow {
  /** The lead's id (the broken promises link to it). */
  id?: string;
  name?: string | null;
  kind: SubmissionKind;
  status: LeadStatus;
  receivedAt: string;
  firstResponseAt?: string | null;
  /** Who gave the first answer (docs/decisions/0029): their account id and name. */
  firstResponseBy?: string | null;
  firstResponseByName?: string | null;
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
  /** Median time from arrival to the first answer a person gave (docs/decisions/0029), in minutes; null when none was answered. */
  medianFirstResponseMinutes: number | null;
  /** Of the leads whose 24 hours are over (or that were answered), the share answered within 24 hours, 0–1; null when none. */
  answeredWithin24h: number | null;
  /** The same per staff member who gave first answers, most answers first. */
  byResponder: ResponderFigures[];
  /** Promises broken: answered after 24 hours, or still unanswered past them; the latest first. */
  brokenPromises: BrokenPromise[];
  /** How many promises were broken (the list shows at most BROKEN_LIST_MAX). */
  brokenPromiseCount: number;
  byServiceInterest: { label: string; count: number }[];
  byBudgetRange: { label: string; count: number }[];
  /** Leads the figures cover (spam included in byStatus only). */
  total: number;
}

export interface ResponderFigures {
  /** The staff member's account id; null for answers recorded without one. */
  userId: string | null;
  name: string;
  answered: number;
  medianFirstResponseMinutes: number | null;
  /** Of their first answers, the share given within 24 hours, 0–1. */
  answeredWithin24h: number | null;
}

export interface BrokenPromise {
  id: string;
  kind: SubmissionKind;
  name: string | null;
  receivedAt: string;
  dueAt: string;
  /** Null: still not answered. */
  firstResponseAt: string | null;
  firstResponseByName: string | null;
  /** How long past the 24 hours the answer came (or, unanswered, until now). */
  lateMinutes: number;
}

/** The broken promises listed at most; the count says how many there were. */
export const BROKEN_LIST_MAX = 100;

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
  const responders = new Map<string, { userId: string | null; name: string; minutes: number[] }>();
  const broken: BrokenPromise[] = [];
  let settled = 0;
  let inTime = 0;
  for (const r of inWindow) {
    byStatus[r.status] += 1;
    const received = Date.parse(r.receivedAt);
    const week = Math.floor((received - first) / WEEK_MS);
    if (perWeek[r.kind] && week >= 0 && week < REPORT_WEEKS) perWeek[r.kind][week]! += 1;
    if (r.status === 'spam') continue;
    const answered = r.firstResponseAt ? Date.parse(r.firstResponseAt) : Number.NaN;
    const late = (until: number) => broken.push({
      id: r.id ?? '', kind: r.kind, name: r.name ?? null, receivedAt: r.receivedAt, dueAt: replyDueAt(r.receivedAt),
      firstResponseAt: r.firstResponseAt ?? null, firstResponseByName: r.firstResponseByName ?? null, lateMinutes: (until - received - REPLY_PROMISE_MS) / 60_000,
    });
    if (Number.isFinite(answered)) {
      const took = Math.max(0, answered - received);
      responseMinutes.push(took / 60_000);
      settled += 1;
      if (took <= REPLY_PROMISE_MS) inTime += 1;
      else late(answered);
      const key = r.firstResponseBy ?? `name:${r.firstResponseByName ?? ''}`;
      const who = responders.get(key) ?? { userId: r.firstResponseBy ?? null, name: r.firstResponseByName || 'Not recorded', minutes: [] };
      who.minutes.push(took / 60_000);
      responders.set(key, who);
    } else if (now - received > REPLY_PROMISE_MS && clockRuns(r.status)) {
      // Still unanswered after its 24 hours: a promise broken. A newer one is still in time, so not counted
      // yet; a won or lost lead waits for no answer any more.
      settled += 1;
      late(now);
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
    byResponder: [...responders.values()].map((w) => ({
      userId: w.userId, name: w.name, answered: w.minutes.length, medianFirstResponseMinutes: median(w.minutes),
      answeredWithin24h: w.minutes.filter((m) => m * 60_000 <= REPLY_PROMISE_MS).length / w.minutes.length,
    })).sort((a, b) => b.answered - a.answered || a.name.localeCompare(b.name)),
    brokenPromiseCount: broken.length,
    brokenPromises: broken.sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt)).slice(0, BROKEN_LIST_MAX),
    byServiceInterest: tally(real.map((r) => r.serviceInterest)),
    byBudgetRange: tally(real.map((r) => r.budgetRange)),
    total: inWindow.length,
  };
}
