import { describe, expect, it } from 'vitest';
import type { Report } from '../../shared/admin/reports.ts';
import { replyDueAt } from '../../shared/admin/leads.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { accounts, appwriteRest, callApi, documentPath } from './appwrite-helpers.ts';

// GET /api/admin/reports through the real Worker and the Appwrite emulator: staff only, figures computed on
// the server from the inbox's leads (shared/admin/reports.ts has the arithmetic's own tests).

async function seedLead(fields: Record<string, unknown>) {
  const receivedAt = String(fields.receivedAt);
  const documentId = uniqueId();
  const res = await appwriteRest('POST', documentPath(COLLECTIONS.inquiries), {
    documentId,
    data: { kind: 'contact', name: 'Report Test', email: 'report@example.com', status: 'new', dueAt: replyDueAt(receivedAt), ...fields },
  });
  expect(res.status).toBe(201);
  return documentId;
}

describe('GET /api/admin/reports', () => {
  it('401 anonymous, 403 a plain user, 200 for a moderator and an admin', async () => {
    expect((await callApi('/api/admin/reports')).status).toBe(401);
    expect((await callApi('/api/admin/reports', { jwt: accounts.user.jwt })).status).toBe(403);
    expect((await callApi('/api/admin/reports', { jwt: accounts.moderator.jwt })).status).toBe(200);
    expect((await callApi('/api/admin/reports', { jwt: accounts.admin.jwt })).status).toBe(200);
  });

  it('computes the figures from the leads of the last 12 weeks, archived and older leads left out', async () => {
    const interest = `Report interest ${uniqueId()}`;
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString();
    await seedLead({ serviceInterest: interest, receivedAt: hoursAgo(30), status: 'contacted', firstResponseAt: hoursAgo(28) });
    await seedLead({ serviceInterest: interest, receivedAt: hoursAgo(50), status: 'won', firstResponseAt: hoursAgo(45) });
    await seedLead({ serviceInterest: interest, receivedAt: hoursAgo(3), kind: 'lead' });
    await seedLead({ serviceInterest: interest, receivedAt: hoursAgo(5), archived: true });
    await seedLead({ serviceInterest: interest, receivedAt: hoursAgo(24 * 7 * 13) });

    const res = await callApi('/api/admin/reports', { jwt: accounts.admin.jwt });
    expect(res.status).toBe(200);
    const report = (await res.json()) as Report;
    expect(report.weeks).toHaveLength(12);
    expect(report.byServiceInterest).toContainEqual({ label: interest, count: 3 });
    expect(report.perWeek.lead.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(report.funnel.map((f) => f.stage)).toEqual(['received', 'contacted', 'qualified', 'proposal_sent', 'won']);
    expect(report.funnel.find((f) => f.stage === 'won')!.count).toBeGreaterThanOrEqual(1);
    expect(report.medianFirstResponseMinutes).not.toBeNull();
  });

  it('gives each staff member\'s first answers and lists the broken promises by lead id', async () => {
    const who = `u${uniqueId()}`;
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString();
    await seedLead({ receivedAt: hoursAgo(40), status: 'contacted', firstResponseAt: hoursAgo(38), firstResponseBy: who, firstResponseByName: 'Report Responder', firstResponseVia: 'phoned' });
    const late = await seedLead({ receivedAt: hoursAgo(60), status: 'contacted', firstResponseAt: hoursAgo(30), firstResponseBy: who, firstResponseByName: 'Report Responder', firstResponseVia: 'email' });
    const unanswered = await seedLead({ receivedAt: hoursAgo(26), status: 'contacted' });

    const report = (await (await callApi('/api/admin/reports', { jwt: accounts.moderator.jwt })).json()) as Report;
    expect(report.byResponder).toContainEqual({ userId: who, name: 'Report Responder', answered: 2, medianFirstResponseMinutes: (120 + 1800) / 2, answeredWithin24h: 0.5 });
    expect(report.brokenPromises.map((b) => b.id)).toEqual(expect.arrayContaining([late, unanswered]));
    expect(report.brokenPromises.find((b) => b.id === late)).toMatchObject({ firstResponseByName: 'Report Responder', lateMinutes: 360 });
  });
});
