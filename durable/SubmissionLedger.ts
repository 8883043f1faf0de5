import { DurableObject } from 'cloudflare:workers';
import { hmacHex } from '../shared/hex.ts';
import type { HoneypotCounts } from '../shared/api.ts';
import {
  parseSubmissionMessage,
  type ParkedSubmission,
  type SinkName,
  type SubmissionMessage,
  type SubmissionRef,
} from '../shared/submission.ts';

// The submission ledger (docs/decisions/0004): which submission reached which sink, each failed attempt
// with its error, and the submissions parked after the queue gave up on them. One object (named
// LEDGER_NAME) holds it all in SQLite: a marketing site's submissions are few, and staff need one list.
// Everything is keyed by kind AND id: ids are made by the client (a form fill, a chat lead), so an id
// reused for another kind must never pass for a delivery of it, nor overwrite its parked copy.

export const LEDGER_NAME = 'ledger';

/** Long enough for one delivery attempt (FormSubmit times out after 15 s) to finish. */
const LEASE_MS = 60_000;
/** Delivery records are kept this long: far beyond any queue redelivery, so idempotence holds. */
const KEEP_DELIVERED_MS = 30 * 86_400_000;
/**
 * Tombstones of erased addresses and requests are kept this long: beyond any copy still on a queue (a
 * queue keeps a message at most 14 days) or retried by a client, so nothing erased is delivered after all.
 */
export const TOMBSTONE_MS = 30 * 86_400_000;

/** What an erasure names: an address (every submission from it) and/or requests by kind and id. */
export interface ErasureTarget {
  email?: string | null;
  refs?: SubmissionRef[];
}

/** A submission as claim() may see it: with its time and address, the tombstones are checked too. */
export type ClaimRef = SubmissionRef & Partial<Pick<SubmissionMessage, 'submittedAt' | 'fields'>>;

/**
 * 'resend': claimed, and an earlier attempt's outcome is unknown (it may have arrived; docs/decisions/0022).
 * 'erased': the submission was made before its address (or the request itself) was erased: never deliver it.
 */
export type ClaimResult = 'claimed' | 'resend' | 'delivered' | 'busy' | 'erased';

export interface DeliveryStatus {
  deliveredTo: SinkName[];
  /** Failed attempts over all sinks. */
  attempts: number;
  lastError: string | null;
}

export interface ParkInput {
  id: string;
  /** null for a queue message that is not a submission at all. */
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
  private tombstoneKey: Promise<CryptoKey> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS delivery_claims (
        kind TEXT NOT NULL,
        submission_id TEXT NOT NULL,
        sink TEXT NOT NULL,
        delivered_at INTEGER,
        lease_until INTEGER,
        failures INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        last_failure_at INTEGER,
        PRIMARY KEY (kind, submission_id, sink)
      );
      CREATE INDEX IF NOT EXISTS delivery_claims_delivered_at ON delivery_claims (delivered_at);
      CREATE TABLE IF NOT EXISTS parked_submissions (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        submitted_at TEXT,
        message TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        last_error TEXT NOT NULL,
        delivered_to TEXT NOT NULL,
        parked_at INTEGER NOT NULL,
        times_parked INTEGER NOT NULL DEFAULT 1,
        requeued_at INTEGER,
        PRIMARY KEY (kind, id)
      );
      CREATE TABLE IF NOT EXISTS tombstones (
        key TEXT PRIMARY KEY,
        erased_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ledger_secrets (
        name TEXT PRIMARY KEY,
        value BLOB NOT NULL
      );
      CREATE TABLE IF NOT EXISTS honeypot_hits (
        day TEXT NOT NULL,
        kind TEXT NOT NULL,
        hits INTEGER NOT NULL,
        last_at INTEGER NOT NULL,
        PRIMARY KEY (day, kind)
      );
    `);
    this.migrateIdOnlyTables();
    this.addColumn('delivery_claims', 'outcome_unknown', 'INTEGER NOT NULL DEFAULT 0');
  }

  /** A column later versions added, added in place to a table an earlier version made. */
  private addColumn(table: string, column: string, definition: string) {
    const has = this.sql.exec(`SELECT 1 FROM pragma_table_info('${table}') WHERE name = ?`, column).toArray().length > 0;
    if (!has) this.sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }

  /**
   * The first ledger keyed by id alone (tables `deliveries` and `parked`): its rows move to the tables
   * keyed by kind and id. Parked rows know their kind; delivery rows did not record it and keep the kind
   * '' (matched by id alone, so a submission delivered before the change is never delivered twice).
   */
  private migrateIdOnlyTables() {
    const has = (table: string) =>
      this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", table).toArray().length > 0;
    if (has('deliveries')) {
      this.sql.exec(`INSERT OR IGNORE INTO delivery_claims
        (kind, submission_id, sink, delivered_at, lease_until, failures, last_error, last_failure_at)
        SELECT '', submission_id, sink, delivered_at, lease_until, failures, last_error, last_failure_at FROM deliveries;
        DROP TABLE deliveries;`);
    }
    if (has('parked')) {
      this.sql.exec(`INSERT OR IGNORE INTO parked_submissions
        (kind, id, submitted_at, message, attempts, last_error, delivered_to, parked_at, times_parked, requeued_at)
        SELECT coalesce(kind, ''), id, submitted_at, message, attempts, last_error, delivered_to, parked_at, times_parked, requeued_at FROM parked;
        DROP TABLE parked;`);
    }
  }

  /**
   * Before posting to a sink: 'delivered' (already done, skip it), 'busy' (another delivery of the same
   * submission is in flight, try later), 'claimed' (go ahead, then call delivered() or failed()) or
   * 'resend' (the same, but an earlier attempt's outcome is unknown: it was failed() as such, or its lease
   * ran out with no word at all, so the target may have it already).
   * Durable Objects run one call at a time, so two copies of a message cannot both claim.
   */
  async claim(ref: ClaimRef, sink: SinkName): Promise<ClaimResult> {
    const keys = await this.tombstoneKeys(ref);
    // No await below: the read and the write of the claim are one step for the object.
    const now = Date.now();
    if (this.erasedBefore(keys, ref.submittedAt)) return 'erased';
    if (this.legacyDelivered(ref, sink)) return 'delivered';
    const row = this.sql.exec(
      'SELECT delivered_at, lease_until, outcome_unknown FROM delivery_claims WHERE kind = ? AND submission_id = ? AND sink = ?',
      ref.kind, ref.id, sink).toArray()[0];
    if (row?.delivered_at != null) return 'delivered';
    if (typeof row?.lease_until === 'number' && row.lease_until > now) return 'busy';
    const unknown = row?.outcome_unknown === 1 || typeof row?.lease_until === 'number';
    this.sql.exec(
      `INSERT INTO delivery_claims (kind, submission_id, sink, lease_until, outcome_unknown) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (kind, submission_id, sink) DO UPDATE SET lease_until = excluded.lease_until, outcome_unknown = excluded.outcome_unknown`,
      ref.kind, ref.id, sink, now + LEASE_MS, unknown ? 1 : 0,
    );
    return unknown ? 'resend' : 'claimed';
  }

  delivered(ref: SubmissionRef, sink: SinkName): void {
    const now = Date.now();
    this.sql.exec(
      `INSERT INTO delivery_claims (kind, submission_id, sink, delivered_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (kind, submission_id, sink) DO UPDATE SET delivered_at = excluded.delivered_at, lease_until = NULL`,
      ref.kind, ref.id, sink, now,
    );
    this.prune(now);
  }

  /**
   * A failed attempt. `outcomeUnknown`: it may have reached the target anyway (a timeout, a broken
   * connection), so every later attempt is a resend; a clean refusal leaves that as it was.
   */
  failed(ref: SubmissionRef, sink: SinkName, error: string, options: { outcomeUnknown?: boolean } = {}): void {
    const now = Date.now();
    this.sql.exec(
      `INSERT INTO delivery_claims (kind, submission_id, sink, failures, last_error, last_failure_at, outcome_unknown) VALUES (?, ?, ?, 1, ?, ?, ?)
       ON CONFLICT (kind, submission_id, sink) DO UPDATE SET
         failures = failures + 1, last_error = excluded.last_error, last_failure_at = excluded.last_failure_at, lease_until = NULL,
         outcome_unknown = max(outcome_unknown, excluded.outcome_unknown)`,
      ref.kind, ref.id, sink, error.slice(0, 2000), now, options.outcomeUnknown ? 1 : 0,
    );
  }

  status(ref: SubmissionRef): DeliveryStatus {
    const rows = this.sql.exec(
      `SELECT * FROM delivery_claims WHERE submission_id = ? AND (kind = ? OR (kind = '' AND delivered_at IS NOT NULL))
       ORDER BY last_failure_at DESC`, ref.id, ref.kind).toArray();
    return {
      deliveredTo: [...new Set(rows.filter((r) => r.delivered_at != null).map((r) => String(r.sink)))],
      attempts: rows.reduce((n, r) => n + Number(r.failures), 0),
      lastError: (rows.find((r) => r.last_error != null)?.last_error as string | undefined) ?? null,
    };
  }

  /**
   * Keeps a submission the queue gave up on, with its last error and attempt count; null (nothing kept)
   * for a submission made before its address or the request was erased.
   */
  async park(input: ParkInput): Promise<ParkedSubmission | null> {
    const claimRef = typeof input.message === 'string' ? { kind: input.kind ?? '', id: input.id } : input.message;
    const keys = await this.tombstoneKeys(claimRef);
    if (this.erasedBefore(keys, typeof input.message === 'string' ? undefined : input.message.submittedAt)) return null;
    const ref = { kind: input.kind ?? '', id: input.id };
    const s = this.status(ref);
    const message = typeof input.message === 'string' ? input.message : JSON.stringify(input.message);
    this.sql.exec(
      `INSERT INTO parked_submissions (kind, id, submitted_at, message, attempts, last_error, delivered_to, parked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (kind, id) DO UPDATE SET
         message = excluded.message, attempts = excluded.attempts, last_error = excluded.last_error,
         delivered_to = excluded.delivered_to, parked_at = excluded.parked_at,
         times_parked = times_parked + 1, requeued_at = NULL`,
      ref.kind, ref.id, input.submittedAt, message, s.attempts,
      s.lastError ?? input.reason ?? 'Delivery kept failing.', JSON.stringify(s.deliveredTo), Date.now(),
    );
    return this.get(ref)!;
  }

  /** Parked submissions, newest first; re-queued ones only when asked. */
  listParked(options: { includeRequeued?: boolean; limit?: number } = {}): ParkedSubmission[] {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
    const where = options.includeRequeued ? '' : 'WHERE requeued_at IS NULL';
    return this.sql.exec(`SELECT * FROM parked_submissions ${where} ORDER BY parked_at DESC LIMIT ?`, limit).toArray().map(toParked);
  }

  /** A parked submission; `kind` null for a queue message that was not a submission. */
  get(ref: ParkedRef): ParkedSubmission | null {
    const row = this.sql.exec('SELECT * FROM parked_submissions WHERE kind = ? AND id = ?', ref.kind ?? '', ref.id).toArray()[0];
    return row ? toParked(row) : null;
  }

  /**
   * Puts a parked submission back on the `submissions` queue. Sinks that already have it are skipped by
   * the consumer, so only the missing deliveries happen.
   */
  async requeue(ref: ParkedRef): Promise<{ ok: true } | { ok: false; error: string }> {
    const kind = ref.kind ?? '';
    const row = this.sql.exec('SELECT message, requeued_at FROM parked_submissions WHERE kind = ? AND id = ?', kind, ref.id).toArray()[0];
    if (!row) return { ok: false, error: `No parked submission with id ${ref.id}.` };
    if (row.requeued_at != null) return { ok: false, error: `Submission ${ref.id} was already re-queued.` };
    const text = String(row.message);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // An unreadable message goes back as the text it was.
    }
    // Marked before the send: a second Retry arriving while the send is awaited finds it re-queued, so two
    // clicks never enqueue twice. A send that fails takes the mark back, so staff can try again.
    const markedAt = Date.now();
    this.sql.exec('UPDATE parked_submissions SET requeued_at = ? WHERE kind = ? AND id = ?', markedAt, kind, ref.id);
    try {
      await this.env.SUBMISSIONS.send(body, { contentType: 'json' });
    } catch (err) {
      this.sql.exec('UPDATE parked_submissions SET requeued_at = NULL WHERE kind = ? AND id = ? AND requeued_at = ?', kind, ref.id, markedAt);
      throw err;
    }
    return { ok: true };
  }

  /**
   * Removes a parked submission for good (an admin decided it need not be delivered: a test, a duplicate).
   * Its delivery records stay until they expire, so a copy still on a queue is not delivered twice.
   */
  discard(ref: ParkedRef): { ok: true; discarded: ParkedSubmission } | { ok: false; error: string } {
    const parked = this.get(ref);
    if (!parked) return { ok: false, error: `No parked submission with id ${ref.id}.` };
    this.sql.exec('DELETE FROM parked_submissions WHERE kind = ? AND id = ?', ref.kind ?? '', ref.id);
    return { ok: true, discarded: parked };
  }

  /**
   * Counts a submission that filled the hidden honeypot field (answered like a success, never delivered).
   * Staff see the counts (GET /api/admin/overview): a steady stream means a robot, a sudden rise after a
   * release may mean browsers autofill the field and real visitors are being dropped.
   */
  honeypotHit(kind: string, now: number = Date.now()): void {
    const day = new Date(now).toISOString().slice(0, 10);
    this.sql.exec(
      `INSERT INTO honeypot_hits (day, kind, hits, last_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (day, kind) DO UPDATE SET hits = hits + 1, last_at = excluded.last_at`,
      day, kind.slice(0, 40), now,
    );
    // Days older than a year are of no use to anyone.
    this.sql.exec('DELETE FROM honeypot_hits WHERE day < ?', new Date(now - 366 * 86_400_000).toISOString().slice(0, 10));
  }

  /** Honeypot hits of the last `days` days (today included), per kind, and when the last one came. */
  honeypotCounts(days = 7, now: number = Date.now()): HoneypotCounts {
    const since = new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const rows = this.sql.exec('SELECT kind, SUM(hits) AS hits, MAX(last_at) AS last_at FROM honeypot_hits WHERE day >= ? GROUP BY kind', since).toArray();
    const byKind = Object.fromEntries(rows.map((r) => [String(r.kind), Number(r.hits)]));
    const last = rows.reduce((m, r) => Math.max(m, Number(r.last_at)), 0);
    return { days, total: rows.reduce((n, r) => n + Number(r.hits), 0), byKind, lastAt: last ? new Date(last).toISOString() : null };
  }

  /**
   * Tombstones for an erasure (docs/decisions/0022): a one-way hash (HMAC-SHA-256 under a key that never
   * leaves this object) of the address and of each request, with the time of the erasure and an expiry.
   * A submission made before that time is then never delivered nor parked (claim() says 'erased').
   */
  async tombstone(target: ErasureTarget, now: number = Date.now()): Promise<void> {
    const keys = await this.targetKeys(target);
    for (const key of keys) {
      this.sql.exec(
        `INSERT INTO tombstones (key, erased_at, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET erased_at = excluded.erased_at, expires_at = excluded.expires_at`,
        key, now, now + TOMBSTONE_MS);
    }
    this.sql.exec('DELETE FROM tombstones WHERE expires_at < ?', now);
  }

  /**
   * The parked submissions of an erasure (docs/product.md "Admin area"): sent from the address (matched on
   * the submitted e-mail field, case-insensitively; a message that is not JSON on its text) or being one of
   * the requests. Counted with `dryRun`, else deleted with their delivery records. Also the chat
   * conversations they name (`fields.conversationId`), which the erasure removes too.
   */
  eraseParked(target: ErasureTarget, options: { dryRun?: boolean } = {}): { parked: number; conversationIds: string[] } {
    const address = target.email?.trim().toLowerCase() ?? '';
    const rows = new Map<string, Row>();
    if (address) {
      for (const r of this.sql.exec(
        `SELECT kind, id, message FROM parked_submissions
         WHERE lower(CASE WHEN json_valid(message) THEN coalesce(json_extract(message, '$.fields.email'), '') ELSE message END) = ?
            OR (NOT json_valid(message) AND instr(lower(message), ?) > 0)`,
        address, address,
      ).toArray()) rows.set(`${r.kind}:${r.id}`, r);
    }
    for (const ref of target.refs ?? []) {
      for (const r of this.sql.exec('SELECT kind, id, message FROM parked_submissions WHERE kind = ? AND id = ?', ref.kind, ref.id).toArray()) rows.set(`${r.kind}:${r.id}`, r);
    }
    const conversationIds = new Set<string>();
    for (const r of rows.values()) {
      const id = conversationIdOf(String(r.message));
      if (id) conversationIds.add(id);
      if (!options.dryRun) {
        this.sql.exec('DELETE FROM parked_submissions WHERE kind = ? AND id = ?', r.kind, r.id);
        this.sql.exec('DELETE FROM delivery_claims WHERE kind = ? AND submission_id = ?', r.kind, r.id);
      }
    }
    return { parked: rows.size, conversationIds: [...conversationIds] };
  }

  /** True when one of the keys has a live tombstone made after `submittedAt` (unknown time: any tombstone). */
  private erasedBefore(keys: string[], submittedAt: string | null | undefined): boolean {
    if (!keys.length) return false;
    const made = submittedAt ? Date.parse(submittedAt) : Number.NaN;
    const rows = this.sql.exec(
      `SELECT erased_at FROM tombstones WHERE expires_at > ? AND key IN (${keys.map(() => '?').join(', ')})`, Date.now(), ...keys).toArray();
    return rows.some((r) => Number.isNaN(made) || made <= Number(r.erased_at));
  }

  /** The tombstone keys a submission would match: its address and its kind and id. */
  private tombstoneKeys(ref: ClaimRef): Promise<string[]> {
    const email = ref.fields?.email;
    return this.targetKeys({ email: typeof email === 'string' ? email : null, refs: [{ kind: ref.kind, id: ref.id }] });
  }

  private async targetKeys(target: ErasureTarget): Promise<string[]> {
    const address = target.email?.trim().toLowerCase();
    const names = [...(address ? [`email:${address}`] : []), ...(target.refs ?? []).map((r) => `request:${r.kind}:${r.id}`)];
    if (!names.length) return [];
    const key = await this.hmacKey();
    return Promise.all(names.map((name) => hmacHex(key, name)));
  }

  /** The tombstones' HMAC key: made once, kept in this object's storage, never sent anywhere. */
  private hmacKey(): Promise<CryptoKey> {
    this.tombstoneKey ??= (() => {
      const stored = this.sql.exec("SELECT value FROM ledger_secrets WHERE name = 'tombstone'").toArray()[0]?.value as ArrayBuffer | undefined;
      const raw = stored ?? crypto.getRandomValues(new Uint8Array(32)).buffer;
      if (!stored) this.sql.exec("INSERT INTO ledger_secrets (name, value) VALUES ('tombstone', ?)", raw);
      return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    })();
    return this.tombstoneKey;
  }

  /** A delivery recorded by the id-only ledger (kind ''): it stands for every kind of that id. */
  private legacyDelivered(ref: SubmissionRef, sink: SinkName): boolean {
    return this.sql.exec(
      "SELECT 1 FROM delivery_claims WHERE kind = '' AND submission_id = ? AND sink = ? AND delivered_at IS NOT NULL",
      ref.id, sink).toArray().length > 0;
  }

  private prune(now: number) {
    if (now - this.lastPrune < 3_600_000) return;
    this.lastPrune = now;
    this.sql.exec(
      'DELETE FROM delivery_claims WHERE delivered_at < ? AND submission_id NOT IN (SELECT id FROM parked_submissions)',
      now - KEEP_DELIVERED_MS,
    );
  }
}

/** Which parked submission: its kind (null for an unreadable queue message) and id. */
export interface ParkedRef {
  kind: string | null;
  id: string;
}

/** The chat conversation a parked message names, if any. */
function conversationIdOf(text: string): string | null {
  try {
    const id = (JSON.parse(text) as { fields?: { conversationId?: unknown } }).fields?.conversationId;
    return typeof id === 'string' && id ? id : null;
  } catch {
    return null;
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
    kind: r.kind ? String(r.kind) : null,
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
