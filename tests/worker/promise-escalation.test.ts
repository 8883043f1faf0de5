import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../functions/index.ts';
import { ESCALATION_CRON } from '../../functions/scheduled.ts';
import { inquiryDocument } from '../../shared/admin/inquiry.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { uniqueId } from '../../shared/id.ts';
import { parseSubmissionMessage, type SubmissionMessage } from '../../shared/submission.ts';
import { documentPath } from './appwrite-helpers.ts';
import { rest } from './team-helpers.ts';

// The promise's escalation (docs/decisions/0029) through the Worker's scheduled handler, against the Appwrite
// emulator, with the trigger's scheduled time chosen by the test: never by waiting. What the run hands to
// the SUBMISSIONS queue binding is recorded (the alert-event jobs); the alerts' own delivery is elsewhere.

const HOUR = 3_600_000;
const received = Date.parse('2026-11-20T08:00:00.000Z');

/** A project of its own, with leads received at `received`, and a queue binding that records the jobs. */
async function setUp() {
  const project = `promise-${uniqueId()}`;
  const jobs: SubmissionMessage[] = [];
  const queue = {
    send: async (body: unknown) => { const m = parseSubmissionMessage(body); if (m) jobs.push(m); },
    sendBatch: async () => { throw new Error('not used'); },
  };
  const testEnv = { ...env, APPWRITE_PROJECT_ID: project, SUBMISSIONS: queue } as unknown as Env;
  const lead = async (extra: Record<string, unknown> = {}) => {
    const id = uniqueId();
    const doc = inquiryDocument({ id, kind: 'contact', submittedAt: new Date(received).toISOString(), fields: { name: 'Ama Mensah', email: 'ama@example.com', message: 'A shop website' } });
    await rest('POST', documentPath(COLLECTIONS.inquiries), { documentId: id, data: { ...doc.data, ...extra } }, project);
    return id;
  };
  const at = async (hours: number) => {
    const ctx = createExecutionContext();
    const spies = (['log', 'warn', 'error'] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => {}));
    try {
      await worker.scheduled(createScheduledController({ cron: ESCALATION_CRON, scheduledTime: received + hours * HOUR }), testEnv, ctx);
      await waitOnExecutionContext(ctx);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  };
  const escalation = async (id: string) => (await rest('GET', documentPath(COLLECTIONS.inquiries, id), undefined, project)).escalation;
  const mark = (id: string, step: number) => rest('PATCH', documentPath(COLLECTIONS.inquiries, id), { data: { escalation: step } }, project);
  return { jobs, lead, at, escalation, mark };
}

describe('the promise escalation (Cron Trigger, controlled clock)', () => {
  it('raises promise_75 once at 18 h (to the assignee), promise_100 once at 24 h, and marks each step', async () => {
    const { jobs, lead, at, escalation } = await setUp();
    const id = await lead({ assigneeId: 'staff-kofi', assigneeName: 'Kofi' });

    await at(17 + 59 / 60);
    expect(jobs).toEqual([]);

    await at(18);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: 'alert-event', id: `alert-event:promise_75:${id}`, fields: { kind: 'promise_75', key: id, leadId: id, userId: 'staff-kofi', who: 'Ama Mensah' } });
    expect(await escalation(id)).toBe(75);

    await at(18 + 5 / 60);
    expect(jobs).toHaveLength(1);

    await at(24);
    expect(jobs).toHaveLength(2);
    expect(jobs[1]).toMatchObject({ id: `alert-event:promise_100:${id}`, fields: { kind: 'promise_100', leadId: id, userId: '' } });
    expect(await escalation(id)).toBe(100);

    await at(30);
    expect(jobs).toHaveLength(2);
  });

  it('to all staff when nobody is assigned; only the broken promise for a lead first seen past 24 h', async () => {
    const { jobs, lead, at } = await setUp();
    const id = await lead();
    await at(25);
    expect(jobs.map((j) => j.id)).toEqual([`alert-event:promise_100:${id}`]);
    const { jobs: later, lead: another, at: run } = await setUp();
    const other = await another();
    await run(19);
    expect(later[0]?.fields).toMatchObject({ kind: 'promise_75', leadId: other, userId: '' });
  });

  it('raises nothing for an answered, archived, spam, won or lost lead, nor for a status change alone before 18 h', async () => {
    const { jobs, lead, at } = await setUp();
    await lead({ firstResponseAt: new Date(received + 2 * HOUR).toISOString(), firstResponseVia: 'phoned', status: 'contacted' });
    await lead({ archived: true });
    for (const status of ['spam', 'won', 'lost']) await lead({ status });
    await at(30);
    expect(jobs).toEqual([]);
    // A lead whose status changed but that nobody answered still escalates.
    const contacted = await lead({ status: 'contacted' });
    await at(30);
    expect(jobs.map((j) => j.id)).toEqual([`alert-event:promise_100:${contacted}`]);
  });

  it('raises again after a crash between the alert and the mark, under the same job id (one job for the ledger)', async () => {
    const { jobs, lead, at, escalation, mark } = await setUp();
    const id = await lead();
    await at(18);
    await mark(id, 0);
    await at(18 + 5 / 60);
    expect(jobs.map((j) => j.id)).toEqual([`alert-event:promise_75:${id}`, `alert-event:promise_75:${id}`]);
    expect(await escalation(id)).toBe(75);
  });
});
