import { DurableObject } from 'cloudflare:workers';
import {
  CLEANUP_INTERVAL_SECONDS,
  DEFAULT_BLOCK_SECONDS,
  MAX_CONCURRENT_VOICE_SESSIONS,
  isLimitName,
  rateLimits,
  type LimitName,
  type RateLimitResult,
  type VoiceStartResult,
} from '../shared/rateLimits.ts';

/**
 * One object per visitor fingerprint (functions/rateLimit.ts names it by the connecting address). Each limit
 * is a sliding-window log of allowed requests; the first refusal blocks until the block has passed and the
 * window has room, so Retry-After is the real wait and a block never hands out a fresh budget. It also holds
 * the visitor's open voice sessions, each slot expiring on its own. State is in SQLite; an alarm sweeps
 * expired rows. Why: docs/decisions/0010.
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
    this.sql.exec(`CREATE TABLE IF NOT EXISTS voice_sessions (
      id TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL
    )`);
  }

  /**
   * A voice session asks to start: refused while MAX_CONCURRENT_VOICE_SESSIONS are open (not counted
   * against the voice rate limit), else counted against it; when allowed, the session holds a slot until
   * endVoiceSession(id) or for `holdSeconds`, whichever comes first. `now` exists for tests.
   */
  async startVoiceSession(id: string, holdSeconds: number, now: number = Date.now()): Promise<VoiceStartResult> {
    if (typeof id !== 'string' || !id || id.length > 100) throw new RangeError('a voice session needs an id');
    if (!(holdSeconds > 0) || !Number.isFinite(now)) throw new RangeError('holdSeconds and now must be positive, finite numbers');
    this.sql.exec('DELETE FROM voice_sessions WHERE expires_at <= ?', now);
    const open = this.sql
      .exec<{ expires_at: number }>('SELECT expires_at FROM voice_sessions ORDER BY expires_at').toArray();
    if (open.length >= MAX_CONCURRENT_VOICE_SESSIONS) {
      // The longest the visitor can have to wait: until the first open slot expires on its own.
      return { allowed: false, reason: 'concurrent', open: open.length, retryAfterSeconds: secondsUntil(open[0]!.expires_at, now) };
    }
    const limited = await this.hit('voice', now);
    if (!limited.allowed) return { allowed: false, reason: 'rate-limited', open: open.length, retryAfterSeconds: limited.retryAfterSeconds };
    this.sql.exec('INSERT OR REPLACE INTO voice_sessions (id, expires_at) VALUES (?, ?)', id, now + holdSeconds * 1000);
    await this.ensureAlarm();
    return { allowed: true, open: open.length + 1 };
  }

  /** The VoiceRelay ended session `id`: its slot is free again. Ending an unknown or expired one is fine. */
  async endVoiceSession(id: string): Promise<void> {
    this.sql.exec('DELETE FROM voice_sessions WHERE id = ?', id);
  }

  /** Voice sessions holding a slot at `now`; for tests and diagnostics. */
  openVoiceSessions(now: number = Date.now()): number {
    return this.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM voice_sessions WHERE expires_at > ?', now).one().n;
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
    this.sql.exec('DELETE FROM voice_sessions WHERE expires_at <= ?', now);
    if (this.entryCount() > 0) await this.ctx.storage.setAlarm(Date.now() + CLEANUP_INTERVAL_SECONDS * 1000);
  }

  /**
   * Number of limits with stored state (requests or a block) plus voice session slots, expired or not; for
   * tests and diagnostics.
   */
  entryCount(): number {
    return this.sql.exec<{ n: number }>(
      `SELECT (SELECT COUNT(*) FROM (SELECT name FROM requests UNION SELECT name FROM blocks))
        + (SELECT COUNT(*) FROM voice_sessions) AS n`).one().n;
  }

  private async ensureAlarm(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + CLEANUP_INTERVAL_SECONDS * 1000);
    }
  }
}

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));
