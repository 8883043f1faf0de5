import { DurableObject } from 'cloudflare:workers';
import type { RoleChangeRecord } from '../shared/admin/team.ts';
import { isRole } from '../shared/roles.ts';

// Role changes one at a time (docs/decisions/0017). One object (named ROLE_CHANGES_NAME) is the turnstile:
// the Worker takes a turn (`begin`), reads the roles afresh, decides (shared/admin/team.ts refuseRoleChange),
// writes the profile and the labels, and ends its turn (`end`), which also records the change. A Durable
// Object's input gate does not hold while the Worker talks to Appwrite, so the order is kept by this queue in
// the object, not by the gate: two admins demoting each other at the same moment are decided one after the
// other, and the second sees the first's result.

export const ROLE_CHANGES_NAME = 'role-changes';

/** A turn ends by itself after this long (a Worker that died mid-change must not block every later one). */
const TURN_MS = 30_000;

export class RoleChanges extends DurableObject<Env> {
  private sql: SqlStorage;
  private waiting: ((token: string) => void)[] = [];
  private current: { token: string; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS role_changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL,
        from_role TEXT NOT NULL,
        to_role TEXT NOT NULL,
        by_id TEXT NOT NULL,
        by_name TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS role_changes_user ON role_changes (user_id, seq);
    `);
  }

  /** Waits for this caller's turn; the token ends it. */
  begin(): Promise<string> {
    return new Promise<string>((resolve) => {
      this.waiting.push(resolve);
      this.next();
    });
  }

  /** Ends a turn, recording the change it made (if any). False when the turn had already run out. */
  end(token: string, record?: RoleChangeRecord): boolean {
    if (this.current?.token !== token) return false;
    clearTimeout(this.current.timer);
    this.current = null;
    if (record) {
      this.sql.exec('INSERT INTO role_changes (user_id, from_role, to_role, by_id, by_name, at) VALUES (?, ?, ?, ?, ?, ?)',
        record.userId, record.from, record.to, record.byId, record.byName, record.at);
    }
    this.next();
    return true;
  }

  /** The latest role change of each of these accounts. */
  latest(userIds: string[]): Record<string, RoleChangeRecord> {
    const out: Record<string, RoleChangeRecord> = {};
    if (userIds.length === 0) return out;
    const rows = this.sql.exec(
      `SELECT * FROM role_changes WHERE seq IN (SELECT MAX(seq) FROM role_changes WHERE user_id IN (${userIds.map(() => '?').join(',')}) GROUP BY user_id)`,
      ...userIds).toArray();
    for (const r of rows) {
      const from = String(r.from_role);
      const to = String(r.to_role);
      if (!isRole(from) || !isRole(to)) continue;
      out[String(r.user_id)] = { userId: String(r.user_id), from, to, byId: String(r.by_id), byName: String(r.by_name), at: String(r.at) };
    }
    return out;
  }

  /** Hands the turn to the next caller in line, if the turn is free. */
  private next() {
    if (this.current) return;
    const resolve = this.waiting.shift();
    if (!resolve) return;
    const token = crypto.randomUUID();
    this.current = { token, timer: setTimeout(() => this.end(token), TURN_MS) };
    resolve(token);
  }
}
