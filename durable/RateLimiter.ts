import { DurableObject } from 'cloudflare:workers';
import {
  CLEANUP_INTERVAL_SECONDS,
  DEFAULT_BLOCK_SECONDS,
  isLimitName,
  rateLimits,
  type LimitName,
  type RateLimitResult,
} from '../shared/rateLimits.ts';

/**
 * One object per visitor fingerprint (ARCHITECTURE.md decision 3; the Worker names it by the connecting
 * address, see functions/rateLimit.ts). Window semantics (docs/decisions/0010): each limit is a sliding
 * window, kept as a log of the allowed requests' times.
 *
 * - A request is allowed while fewer than `max` requests were allowed in the last `windowSeconds`
 *   (the window is (now - window, now]): in no span of `windowSeconds` are more than `max` requests
 *   allowed, so there is no burst at a window boundary (a fixed window allows 2 × max around its edge).
 * - The first request past that is refused and blocks the caller for the limit's block (spec.md section 9)
 *   and at least until the window has room again, so the Retry-After it gets is the real wait: the block
 *   when the window frees up sooner (requests spread over the window), longer after a burst (20 chat
 *   messages in one second wait until the first of them is a minute old, not 30 s).
 * - Refused requests are not counted, so the block ends when it said it would; afterwards the log counts
 *   on as before (a block never hands out a fresh budget).
 *
 * State lives in the object's SQLite storage, so it survives eviction: one row per allowed request
 * (at most `max` per limit, older ones are dropped) and one per active block. An alarm deletes expired rows
 * every 60 s while any exist and is not set when none do.
 */
export class RateLimiter extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    // The fixed-window counters of earlier versions (at most one window of counts is lost).
    this.sql.exec('DROP TABLE IF EXISTS hits');
    this.sql.exec(`CREATE TABLE IF NOT EXISTS requests (
      name TEXT NOT NULL,
      at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    )`);
    this.sql.exec('CREATE INDEX IF NOT EXISTS requests_by_name ON requests (name, at)');
    this.sql.exec(`CREATE TABLE IF NOT EXISTS blocks (
      name TEXT PRIMARY KEY,
      blocked_until INTEGER NOT NULL
    )`);
  }

  /**
   * Counts one request against `limit` and says whether it may proceed. `now` exists for tests; the
   * Worker never passes it (and never takes it from a client).
   */
  async hit(limit: LimitName, now: number = Date.now()): Promise<RateLimitResult> {
    if (!isLimitName(limit)) throw new RangeError(`Unknown rate limit: ${String(limit)}`);
    if (!Number.isFinite(now)) throw new RangeError('now must be a finite number of milliseconds');
    const rule = rateLimits[limit];
    const windowMs = rule.windowSeconds * 1000;
    const blockMs = (rule.blockSeconds ?? DEFAULT_BLOCK_SECONDS) * 1000;

    // Requests that have left the window no longer count.
    this.sql.exec('DELETE FROM requests WHERE name = ? AND at <= ?', limit, now - windowMs);
    const inWindow = this.sql
      .exec<{ at: number }>('SELECT at FROM requests WHERE name = ? ORDER BY at', limit)
      .toArray().map((r) => r.at);
    const count = inWindow.length + 1;

    const blockedUntil = this.sql
      .exec<{ blocked_until: number }>('SELECT blocked_until FROM blocks WHERE name = ?', limit)
      .toArray()[0]?.blocked_until ?? 0;
    if (blockedUntil > now) {
      // Blocked: not counted again, so the block ends when it said it would.
      return { allowed: false, count, limit: rule.max, retryAfterSeconds: secondsUntil(blockedUntil, now) };
    }

    if (inWindow.length < rule.max) {
      this.sql.exec('INSERT INTO requests (name, at, expires_at) VALUES (?, ?, ?)', limit, now, now + windowMs);
      await this.ensureAlarm();
      return { allowed: true, count, limit: rule.max, retryAfterSeconds: 0 };
    }

    // Over the limit: blocked for the limit's block, and at least until the window has room again
    // (when the oldest request that must leave it does).
    const room = inWindow[inWindow.length - rule.max]! + windowMs;
    const until = Math.max(now + blockMs, room);
    this.sql.exec(
      `INSERT INTO blocks (name, blocked_until) VALUES (?, ?)
       ON CONFLICT(name) DO UPDATE SET blocked_until = excluded.blocked_until`,
      limit, until);
    await this.ensureAlarm();
    return { allowed: false, count, limit: rule.max, retryAfterSeconds: secondsUntil(until, now) };
  }

  /** Deletes expired entries; comes back in 60 s only while entries remain. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.sql.exec('DELETE FROM requests WHERE expires_at <= ?', now);
    this.sql.exec('DELETE FROM blocks WHERE blocked_until <= ?', now);
    if (this.entryCount() > 0) await this.ctx.storage.setAlarm(Date.now() + CLEANUP_INTERVAL_SECONDS * 1000);
  }

  /** Number of limits with stored state (requests or a block, expired or not); for tests and diagnostics. */
  entryCount(): number {
    return this.sql.exec<{ n: number }>(
      'SELECT COUNT(*) AS n FROM (SELECT name FROM requests UNION SELECT name FROM blocks)').one().n;
  }

  private async ensureAlarm(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + CLEANUP_INTERVAL_SECONDS * 1000);
    }
  }
}

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));
