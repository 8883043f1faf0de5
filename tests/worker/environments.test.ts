import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../functions/index.ts';
import { LEDGER_NAME } from '../../durable/SubmissionLedger.ts';
import { uniqueId } from '../../shared/id.ts';
import { emulatorOrigin, submissionMessage } from './helpers.ts';

// Staging has its own queues (wrangler.toml [env.staging]): its consumer must tell its dead-letter queue
// from its delivery queue by name just as production's does.

const ledger = () => env.SUBMISSION_LEDGER.getByName(LEDGER_NAME);

async function consumeFrom(queue: string, body: unknown, testEnv: Env) {
  const msgId = `queue-message-${uniqueId()}`;
  const batch = createMessageBatch(queue, [{ id: msgId, timestamp: Date.now(), attempts: 1, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv, ctx);
  return { msgId, result: await getQueueResult(batch, ctx) };
}

describe("staging's queues", () => {
  const testEnv = { ...env, FORMSUBMIT_ENDPOINT: `${emulatorOrigin}/ajax/token-${uniqueId()}`, APPWRITE_ENDPOINT: '' } as Env;

  it('parks what reaches submissions-staging-dead instead of delivering it', async () => {
    const m = submissionMessage();
    const dead = await consumeFrom('submissions-staging-dead', m, testEnv);
    expect(dead.result.explicitAcks).toEqual([dead.msgId]);
    expect(await ledger().get(m)).toMatchObject({ id: m.id, kind: 'contact', message: m });
  });

  it('delivers what reaches submissions-staging', async () => {
    const m = submissionMessage();
    const { msgId, result } = await consumeFrom('submissions-staging', m, testEnv);
    expect(result.explicitAcks).toEqual([msgId]);
    expect(await ledger().get(m)).toBeNull();
    expect((await ledger().status(m)).deliveredTo).toEqual(['formsubmit']);
  });
});
