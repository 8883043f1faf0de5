import { describe, expect, it } from 'vitest';
import { buildReport, reportSince, type ReportRow } from '../../shared/admin/reports.ts';

// Wednesday 2026-11-25 12:00 UTC; its week starts Monday 2026-11-23.
const NOW = Date.parse('2026-11-25T12:00:00Z');
const H = 60 * 60 * 1000;
const at = (iso: string) => new Date(Date.parse(iso)).toISOString();

describe('admin reports', () => {
  it('has 12 weeks, Monday first, the last one holding today', () => {
    const r = buildReport([], NOW);
    expect(r.weeks).toHaveLength(12);
    expect(r.weeks.at(-1)).toBe('2026-11-23');
    expect(r.weeks[0]).toBe('2026-09-07');
    expect(reportSince(NOW)).toBe('2026-09-07T00:00:00.000Z');
    expect(r.medianFirstResponseMinutes).toBeNull();
    expect(r.answeredWithin24h).toBeNull();
  });

  it('counts leads per week by kind and leaves out what is outside the window', () => {
    const rows: ReportRow[] = [
      { kind: 'contact', status: 'new', receivedAt: at('2026-11-23T00:00:00Z') },
      { kind: 'contact', status: 'new', receivedAt: at('2026-11-22T23:59:59Z') },
      { kind: 'lead', status: 'won', receivedAt: at('2026-09-07T08:00:00Z'), firstResponseAt: at('2026-09-07T09:00:00Z') },
      { kind: 'lead', status: 'won', receivedAt: at('2026-09-06T08:00:00Z') },
    ];
    const r = buildReport(rows, NOW);
    expect(r.perWeek.contact.slice(-2)).toEqual([1, 1]);
    expect(r.perWeek.lead[0]).toBe(1);
    expect(r.total).toBe(3);
  });

  it('builds the funnel from the current status and leaves spam out of it', () => {
    const base = { kind: 'contact' as const, receivedAt: at('2026-11-20T10:00:00Z') };
    const rows: ReportRow[] = [
      { ...base, status: 'new' },
      { ...base, status: 'contacted', firstResponseAt: at('2026-11-20T11:00:00Z') },
      { ...base, status: 'qualified', firstResponseAt: at('2026-11-20T11:00:00Z') },
      { ...base, status: 'proposal_sent', firstResponseAt: at('2026-11-20T11:00:00Z') },
      { ...base, status: 'won', firstResponseAt: at('2026-11-20T11:00:00Z') },
      { ...base, status: 'lost', firstResponseAt: at('2026-11-20T11:00:00Z') },
      { ...base, status: 'spam', firstResponseAt: at('2026-11-20T11:00:00Z') },
    ];
    const r = buildReport(rows, NOW);
    expect(r.funnel.map((f) => [f.stage, f.count])).toEqual([['received', 6], ['contacted', 5], ['qualified', 3], ['proposal_sent', 2], ['won', 1]]);
    expect(r.byStatus).toEqual({ new: 1, contacted: 1, qualified: 1, proposal_sent: 1, won: 1, lost: 1, spam: 1 });
  });

  it('measures the first response: median minutes, and the share within 24 hours counting overdue unanswered leads', () => {
    const rows: ReportRow[] = [
      { kind: 'contact', status: 'contacted', receivedAt: at('2026-11-20T00:00:00Z'), firstResponseAt: at('2026-11-20T01:00:00Z') },
      { kind: 'contact', status: 'contacted', receivedAt: at('2026-11-20T00:00:00Z'), firstResponseAt: at('2026-11-20T03:00:00Z') },
      { kind: 'contact', status: 'contacted', receivedAt: at('2026-11-18T00:00:00Z'), firstResponseAt: at('2026-11-19T12:00:00Z') },
      // Overdue and still New: counts against the promise.
      { kind: 'booking', status: 'new', receivedAt: at('2026-11-21T00:00:00Z') },
      // Received 2 hours ago: still in time, not counted yet.
      { kind: 'booking', status: 'new', receivedAt: new Date(NOW - 2 * H).toISOString() },
    ];
    const r = buildReport(rows, NOW);
    expect(r.medianFirstResponseMinutes).toBe(180);
    expect(r.answeredWithin24h).toBe(2 / 4);
  });

  it('tallies service interest and budget, most first, with "Not given" for blanks', () => {
    const base = { kind: 'lead' as const, status: 'new' as const, receivedAt: at('2026-11-24T10:00:00Z') };
    const r = buildReport([
      { ...base, serviceInterest: 'Web Development', budgetRange: '$5k - $10k' },
      { ...base, serviceInterest: 'Web Development', budgetRange: '' },
      { ...base, serviceInterest: 'Mobile Apps' },
    ], NOW);
    expect(r.byServiceInterest).toEqual([{ label: 'Web Development', count: 2 }, { label: 'Mobile Apps', count: 1 }]);
    expect(r.byBudgetRange).toEqual([{ label: 'Not given', count: 2 }, { label: '$5k - $10k', count: 1 }]);
  });

  it('measures each staff member\'s first answers, and lists the broken promises with links to their leads', () => {
    const received = '2026-11-20T00:00:00.000Z';
    const rows: ReportRow[] = [
      { id: 'a1', kind: 'contact', status: 'contacted', receivedAt: received, firstResponseAt: at('2026-11-20T01:00:00Z'), firstResponseBy: 'u-ama', firstResponseByName: 'Ama' },
      { id: 'a2', kind: 'contact', status: 'qualified', receivedAt: received, firstResponseAt: at('2026-11-21T06:00:00Z'), firstResponseBy: 'u-ama', firstResponseByName: 'Ama' },
      { id: 'a3', kind: 'contact', status: 'contacted', receivedAt: received, firstResponseAt: at('2026-11-20T05:00:00Z'), firstResponseBy: 'u-ama', firstResponseByName: 'Ama' },
      { id: 'k1', kind: 'booking', status: 'contacted', receivedAt: received, firstResponseAt: at('2026-11-20T02:00:00Z'), firstResponseBy: 'u-kofi', firstResponseByName: 'Kofi' },
      // Unanswered past its 24 hours, though its status moved on: broken.
      { id: 'n1', name: 'Yaw', kind: 'lead', status: 'contacted', receivedAt: at('2026-11-22T12:00:00Z') },
      // Won or lost without an answer: nothing to answer any more. Spam: never counted.
      { id: 'w1', kind: 'lead', status: 'won', receivedAt: received },
      { id: 's1', kind: 'lead', status: 'spam', receivedAt: received },
    ];
    const r = buildReport(rows, NOW);
    expect(r.byResponder).toEqual([
      { userId: 'u-ama', name: 'Ama', answered: 3, medianFirstResponseMinutes: 300, answeredWithin24h: 2 / 3 },
      { userId: 'u-kofi', name: 'Kofi', answered: 1, medianFirstResponseMinutes: 120, answeredWithin24h: 1 },
    ]);
    expect(r.answeredWithin24h).toBe(3 / 5);
    expect(r.brokenPromiseCount).toBe(2);
    expect(r.brokenPromises).toEqual([
      { id: 'n1', kind: 'lead', name: 'Yaw', receivedAt: at('2026-11-22T12:00:00Z'), dueAt: at('2026-11-23T12:00:00Z'), firstResponseAt: null, firstResponseByName: null, lateMinutes: 48 * 60 },
      { id: 'a2', kind: 'contact', name: null, receivedAt: received, dueAt: at('2026-11-21T00:00:00Z'), firstResponseAt: at('2026-11-21T06:00:00Z'), firstResponseByName: 'Ama', lateMinutes: 6 * 60 },
    ]);
  });
});
