import { afterAll } from 'vitest';

// Every worker test file (vitest.config.ts setupFiles). The queue consumer goes on working after a file's last
// test: a submission's alerts, acknowledgement and e-mails are further jobs, each batch waited for up to
// max_batch_timeout (1 s). A log line written after the file's environment closed fails the whole run
// (EnvironmentTeardownError), so the environment outlives the consumer's last batches.
const QUEUE_SETTLE_MS = 2_500;

afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, QUEUE_SETTLE_MS)));
