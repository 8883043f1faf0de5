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
 * One object per visitor fingerprint (ARCHITECTURE.md decision 3; the Worker names it, see
 * functions/rateLimit.ts). Each limit is a fixed window that starts with the first request: requests in
 * the window are counted, request max + 1 blocks the caller for the limit's block, and after the block
 * or the window the count starts again. State lives in the object's SQLite storage, so it survives
 * eviction; an alarm deletes expired rows every 60 s while any exist and is not set when none do.
 */
export class RateLimiter extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS hits (
      name TEXT PRIMARY KEY,
      window_start INTEGER NOT NULL,
      count INTEGER NOT NULL,
      blocked_until INTEGER NOT NULL DEFAULT 0,
      expires_at INTEGER NOT NULL
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

    const row = this.sql
      .exec<{ window_start: number; count: number; blocked_until: number }>(
        'SELECT window_start, count, blocked_until FROM hits WHERE name = ?', limit)
      .toArray()[0];

    if (row && row.blocked_until > now) {
      // Blocked: not counted again, so the block ends when it said it would.
      return { allowed: false, count: row.count, limit: rule.max, retryAfterSeconds: secondsUntil(row.blocked_until, now) };
    }

    const fresh = !row || row.blocked_until > 0 || now >= row.window_start + windowMs;
    const windowStart = fresh ? now : row.window_start;
    const count = fresh ? 1 : row.count + 1;
    const blockedUntil = count > rule.max ? now + blockMs : 0;
    const expiresAt = Math.max(windowStart + windowMs, blockedUntil);
    this.sql.exec(
      `INSERT INTO hits (name, window_start, count, blocked_until, expires_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET window_start = excluded.window_start, count = excluded.count,
         blocked_until = excluded.blocked_until, expires_at = excluded.expires_at`,
      limit, windowStart, count, blockedUntil, expiresAt);
    await this.ensureAlarm();

    return blockedUntil
      ? { allowed: false, count, limit: rule.max, retryAfterSeconds: secondsUntil(blockedUntil, now) }
      : { allowed: true, count, limit: rule.max, retryAfterSeconds: 0 };
  }

  /** Deletes expired entries; comes back in 60 s only while entries remain. */
  override async alarm(): Promise<void> {
    this.sql.exec('DELETE FROM hits WHERE expires_at <= ?', Date.now());
    if (this.entryCount() > 0) await this.ctx.storage.setAlarm(Date.now() + CLEANUP_INTERVAL_SECONDS * 1000);
  }

  /** Number of stored entries (expired or not); for tests and diagnostics. */
  entryCount(): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM hits').one().n;
  }

  private async ensureAlarm(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + CLEANUP_INTERVAL_SECONDS * 1000);
    }
  }
}

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));
