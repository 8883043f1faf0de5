import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { vi } from 'vitest';
import worker from '../../functions/index.ts';
import { uniqueId } from '../../shared/id.ts';
import type { FormKind } from '../../shared/forms/index.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';

// Shared by the forms and delivery tests: the FormSubmit emulator started by global-setup.ts, reached
// through the Worker's own FORMSUBMIT_ENDPOINT binding.

/** What the emulator recorded (tests/emulators/formsubmit/server.ts, which is Node code). */
export interface ReceivedSubmission {
  at: string;
  token: string;
  via: 'ajax' | 'form';
  contentType: string;
  fields: Record<string, string>;
  headers: Record<string, string>;
  status: number;
  /** 'timeout': taken (so mailed), answered only after the client's timeout. */
  outcome: 'ok' | 'fail' | 'unactivated' | 'timeout';
}

export const formSubmitEndpoint = env.FORMSUBMIT_ENDPOINT;
export const emulatorOrigin = new URL(formSubmitEndpoint).origin;
export const defaultToken = formSubmitEndpoint.split('/').pop()!;

export async function received(token = defaultToken): Promise<ReceivedSubmission[]> {
  const res = await fetch(`${emulatorOrigin}/__received?token=${encodeURIComponent(token)}`);
  return (await res.json()) as ReceivedSubmission[];
}

export const receivedFor = async (id: string, token = defaultToken) =>
  (await received(token)).filter((r) => r.fields.submissionId === id);

/** Waits until the emulator has a submission with this id (the real queue consumer delivers it). */
export async function waitForDelivery(id: string, token = defaultToken, timeoutMs = 10_000): Promise<ReceivedSubmission> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const hit = (await receivedFor(id, token)).find((r) => r.outcome === 'ok');
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Submission ${id} did not reach the FormSubmit emulator within ${timeoutMs} ms`);
}

export async function setEmulatorMode(mode: 'ok' | 'fail' | 'unactivated' | 'timeout', token: string, times?: number, delayMs?: number) {
  const res = await fetch(`${emulatorOrigin}/__mode`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode, token, times, delayMs }),
  });
  if (!res.ok) throw new Error(`could not set the emulator mode: ${res.status}`);
}

/** A valid submission of each kind (the booking date is set a week ahead). */
export function validSamples(now = new Date()): Record<FormKind, Record<string, string>> {
  const inAWeek = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  return {
    contact: {
      name: 'Ama Mensah',
      email: 'ama@example.com',
      phone: '+233 24 123 4567',
      company: 'Mensah Foods',
      service: 'Web Development',
      budget: '$5k - $10k',
      timeline: '1-2 months',
      message: 'We need an online shop for our cassava flour.',
    },
    career: {
      name: 'Kofi Boateng',
      email: 'kofi@example.com',
      phone: '',
      area: 'DevOps',
      experience: '3-5 years',
      portfolio: 'https://www.linkedin.com/in/kofi-boateng',
      cv: '',
      coverLetter: 'I have run Kubernetes clusters for a bank in Accra for four years and would love to join you.',
    },
    affiliate: {
      name: 'Efua Owusu',
      email: 'efua@example.com',
      company: 'https://efua.blog',
      country: 'Ghana',
      audience: 'A newsletter for 3,000 small business owners in West Africa.',
      referralPlan: 'I will introduce readers who ask me for web developers.',
    },
    'seo-audit': {
      name: 'Yaw Asante',
      email: 'yaw@example.com',
      website: 'https://asante-travel.com',
      goals: 'Rank for "Ghana tours" and get more bookings.',
      competitors: '',
    },
    booking: {
      name: 'Akosua Darko',
      email: 'akosua@example.com',
      date: inAWeek,
      timeWindow: 'Morning (09:00-12:00)',
      timeZone: 'Africa/Accra',
      topic: 'A new project',
      notes: '',
    },
  };
}

/** A queue message for one form submission (the sample fields of its kind unless given). */
export function submissionMessage(kind: FormKind = 'contact', fields: Record<string, string> = validSamples()[kind]): SubmissionMessage {
  return { v: 1, id: uniqueId(), kind, submittedAt: new Date().toISOString(), fields };
}

/** Runs one message through the Worker's queue consumer, as delivery attempt `attempts`. */
export async function consume(queue: 'submissions' | 'submissions-dead', body: unknown, attempts: number, testEnv: Env) {
  const msgId = `queue-message-${uniqueId()}`;
  const batch = createMessageBatch(queue, [{ id: msgId, timestamp: Date.now(), attempts, body }]);
  // getQueueResult() reports retries without their delay: watch retry() for it.
  const retry = vi.spyOn(batch.messages[0]!, 'retry');
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  return { msgId, result, retries: retry.mock.calls.map(([options]) => ({ msgId, delaySeconds: options?.delaySeconds })) };
}

/** Polls until `check` returns a value (not undefined), for up to `ms`. */
export async function until<T>(check: () => Promise<T | undefined> | T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
