import { DurableObject } from 'cloudflare:workers';
import { parseSubmissionMessage, type ParkedSubmission, type SinkName, type SubmissionMessage } from '../shared/submission.ts';

// The submission ledger (docs/decisions/0004): which submission reached which sink, each failed attempt
// with its error, and the submissions parked after the queue gave up on them. One object (named
// LEDGER_NAME) holds it all in SQLite: a marketing site's submissions are few, and staff need one list.

export const LEDGER_NAME = 'ledger';

/** Long enough for one delivery attempt (FormSubmit times out after 15 s) to finish. */
const LEASE_MS = 60_000;
/** Delivery records are kept this long: far beyond any queue redelivery, so idempotence holds. */
const KEEP_DELIVERED_MS = 30 * 86_400_000;

export type ClaimResult = 'claimed' | 'delivered' | 'busy';

export interface DeliveryStatus {
  deliveredTo: SinkName[];
  /** Failed attempts over all sinks. */
  attempts: number;
  lastError: string | null;
}

export interface ParkInput {
  id: string;
  kind: string | null;
  submittedAt: string | null;
  /** The message, or the JSON text (else the plain text) of a body that is not one. */
  message: SubmissionMessage | string;
  /** Used as the last error when no delivery attempt recorded one (for example an unreadable message). */
  reason?: string;
}

type Row = Record<string, SqlStorageValue>;

const iso = (ms: SqlStorageValue | undefined) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);

export class SubmissionLedger extends DurableObject<Env> {
  private sql: SqlStorage;
  private lastPrune = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS deliveries (
        submission_id TEXT NOT NULL,
        sink TEXT NOT NULL,
        delivered_at INTEGER,
        lease_until INTEGER,
        failures INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        last_failure_at INTEGER,
        PRIMARY KEY (submission_id, sink)
      );
      CREATE INDEX IF NOT EXISTS deliveries_delivered_at ON deliveries (delivered_at);
      CREATE TABLE IF NOT EXISTS parked (
        id TEXT PRIMARY KEY,
        kind TEXT,
        submitted_at TEXT,
        message TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        last_error TEXT NOT NULL,
        delivered_to TEXT NOT NULL,
        parked_at INTEGER NOT NULL,
        times_parked INTEGER NOT NULL DEFAULT 1,
        requeued_at INTEGER
      );
    `);
  }

  /**
   * Before posting to a sink: 'delivered' (already done, skip it), 'busy' (another delivery of the same
   * submission is in flight, try later) or 'claimed' (go ahead, then call delivered() or failed()).
   * Durable Objects run one call at a time, so two copies of a message cannot both claim.
   */
  claim(id: string, sink: SinkName): ClaimResult {
    const now = Date.now();
    const row = this.sql.exec('SELECT delivered_at, lease_until FROM deliveries WHERE submission_id = ? AND sink = ?', id, sink).toArray()[0];
    if (row?.delivered_at != null) return 'delivered';
    if (typeof row?.lease_until === 'number' && row.lease_until > now) return 'busy';
    this.sql.exec(
      `INSERT INTO deliveries (submission_id, sink, lease_until) VALUES (?, ?, ?)
       ON CONFLICT (submission_id, sink) DO UPDATE SET lease_until = excluded.lease_until`,
      id, sink, now + LEASE_MS,
    );
    return 'claimed';
  }

  delivered(id: string, sink: SinkName): void {
    const now = Date.now();
    this.sql.exec(
      `INSERT INTO deliveries (submission_id, sink, delivered_at) VALUES (?, ?, ?)
       ON CONFLICT (submission_id, sink) DO UPDATE SET delivered_at = excluded.delivered_at, lease_until = NULL`,
      id, sink, now,
    );
    this.prune(now);
  }

  failed(id: string, sink: SinkName, error: string): void {
    const now = Date.now();
    this.sql.exec(
      `INSERT INTO deliveries (submission_id, sink, failures, last_error, last_failure_at) VALUES (?, ?, 1, ?, ?)
       ON CONFLICT (submission_id, sink) DO UPDATE SET
         failures = failures + 1, last_error = excluded.last_error, last_failure_at = excluded.last_failure_at, lease_until = NULL`,
      id, sink, error.slice(0, 2000), now,
    );
  }

  status(id: string): DeliveryStatus {
    const rows = this.sql.exec('SELECT * FROM deliveries WHERE submission_id = ? ORDER BY last_failure_at DESC', id).toArray();
    return {
      deliveredTo: rows.filter((r) => r.delivered_at != null).map((r) => String(r.sink)),
      attempts: rows.reduce((n, r) => n + Number(r.failures), 0),
      lastError: (rows.find((r) => r.last_error != null)?.last_error as string | undefined) ?? null,
    };
  }

  /** Keeps a submission the queue gave up on, with its last error and attempt count. */
  park(input: ParkInput): ParkedSubmission {
    const s = this.status(input.id);
    const message = typeof input.message === 'string' ? input.message : JSON.stringify(input.message);
    this.sql.exec(
      `INSERT INTO parked (id, kind, submitted_at, message, attempts, last_error, delivered_to, parked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         message = excluded.message, attempts = excluded.attempts, last_error = excluded.last_error,
         delivered_to = excluded.delivered_to, parked_at = excluded.parked_at,
         times_parked = times_parked + 1, requeued_at = NULL`,
      input.id, input.kind, input.submittedAt, message, s.attempts,
      s.lastError ?? input.reason ?? 'Delivery kept failing.', JSON.stringify(s.deliveredTo), Date.now(),
    );
    return this.get(input.id)!;
  }

  /** Parked submissions, newest first; re-queued ones only when asked. */
  listParked(options: { includeRequeued?: boolean; limit?: number } = {}): ParkedSubmission[] {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
    const where = options.includeRequeued ? '' : 'WHERE requeued_at IS NULL';
    return this.sql.exec(`SELECT * FROM parked ${where} ORDER BY parked_at DESC LIMIT ?`, limit).toArray().map(toParked);
  }

  get(id: string): ParkedSubmission | null {
    const row = this.sql.exec('SELECT * FROM parked WHERE id = ?', id).toArray()[0];
    return row ? toParked(row) : null;
  }

  /**
   * Puts a parked submission back on the `submissions` queue. Sinks that already have it are skipped by
   * the consumer, so only the missing deliveries happen.
   */
  async requeue(id: string): Promise<{ ok: true } | { ok: false; error: string }> {
    const row = this.sql.exec('SELECT message, requeued_at FROM parked WHERE id = ?', id).toArray()[0];
    if (!row) return { ok: false, error: `No parked submission with id ${id}.` };
    if (row.requeued_at != null) return { ok: false, error: `Submission ${id} was already re-queued.` };
    const text = String(row.message);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // An unreadable message goes back as the text it was.
    }
    await this.env.SUBMISSIONS.send(body, { contentType: 'json' });
    this.sql.exec('UPDATE parked SET requeued_at = ? WHERE id = ?', Date.now(), id);
    return { ok: true };
  }

  private prune(now: number) {
    if (now - this.lastPrune < 3_600_000) return;
    this.lastPrune = now;
    this.sql.exec(
      'DELETE FROM deliveries WHERE delivered_at < ? AND submission_id NOT IN (SELECT id FROM parked)',
      now - KEEP_DELIVERED_MS,
    );
  }
}

function toParked(r: Row): ParkedSubmission {
  const text = String(r.message);
  let message: SubmissionMessage | string = text;
  try {
    message = parseSubmissionMessage(JSON.parse(text)) ?? text;
  } catch {
    // Kept as text.
  }
  return {
    id: String(r.id),
    kind: (r.kind as string | null) ?? null,
    submittedAt: (r.submitted_at as string | null) ?? null,
    message,
    attempts: Number(r.attempts),
    lastError: String(r.last_error),
    deliveredTo: JSON.parse(String(r.delivered_to)) as SinkName[],
    parkedAt: iso(r.parked_at)!,
    timesParked: Number(r.times_parked),
    requeuedAt: iso(r.requeued_at),
  };
}
