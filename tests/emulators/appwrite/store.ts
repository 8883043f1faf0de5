// Persistence on node:sqlite: every record is a JSON value keyed by (project, kind, id), with a per-kind
// sequence that gives stable insertion order (and Appwrite's `$sequence` for documents).
// `snapshot` keeps the parsed records of a (project, kind) between writes, frozen, so a list over 10,000
// documents does not parse them all on every query; every write of that kind drops it, a rollback drops all.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export class DuplicateError extends Error {}

export class Store {
  readonly db: DatabaseSync;
  #get: StatementSync;
  #list: StatementSync;
  #insert: StatementSync;
  #update: StatementSync;
  #delete: StatementSync;
  #nextSeq: StatementSync;
  #snapshots = new Map<string, readonly unknown[]>();

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec(`
      PRAGMA journal_mode = WAL;
      CREATE TABLE IF NOT EXISTS records (
        project TEXT NOT NULL, kind TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL,
        PRIMARY KEY (project, kind, id)
      );
      CREATE INDEX IF NOT EXISTS records_order ON records (project, kind, seq);
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    this.#get = this.db.prepare('SELECT data FROM records WHERE project = ? AND kind = ? AND id = ?');
    this.#list = this.db.prepare('SELECT data FROM records WHERE project = ? AND kind = ? ORDER BY seq');
    this.#insert = this.db.prepare('INSERT INTO records (project, kind, id, seq, data) VALUES (?, ?, ?, ?, ?)');
    this.#update = this.db.prepare('UPDATE records SET data = ? WHERE project = ? AND kind = ? AND id = ?');
    this.#delete = this.db.prepare('DELETE FROM records WHERE project = ? AND kind = ? AND id = ?');
    this.#nextSeq = this.db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM records WHERE project = ? AND kind = ?');
  }

  get<T>(project: string, kind: string, id: string): T | undefined {
    const row = this.#get.get(project, kind, id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  list<T>(project: string, kind: string): T[] {
    return (this.#list.all(project, kind) as { data: string }[]).map((r) => JSON.parse(r.data) as T);
  }

  /**
   * Every record of a kind in insertion order, parsed once and kept until the next write of that kind. The
   * records are deeply frozen: they are shared by every caller, so change a record through `get` + `update`.
   */
  snapshot<T>(project: string, kind: string): readonly T[] {
    const key = snapshotKey(project, kind);
    let records = this.#snapshots.get(key);
    if (!records) {
      records = Object.freeze(this.list<unknown>(project, kind).map(deepFreeze));
      this.#snapshots.set(key, records);
    }
    return records as readonly T[];
  }

  /** Inserts a new record and returns its sequence number; throws DuplicateError when the id exists. */
  insert(project: string, kind: string, id: string, make: (seq: number) => unknown): number {
    if (this.#get.get(project, kind, id)) throw new DuplicateError(`${kind}/${id}`);
    const seq = Number((this.#nextSeq.get(project, kind) as { next: number }).next);
    this.#insert.run(project, kind, id, seq, JSON.stringify(make(seq)));
    this.#snapshots.delete(snapshotKey(project, kind));
    return seq;
  }

  update(project: string, kind: string, id: string, value: unknown): void {
    this.#update.run(JSON.stringify(value), project, kind, id);
    this.#snapshots.delete(snapshotKey(project, kind));
  }

  delete(project: string, kind: string, id: string): boolean {
    const deleted = Number(this.#delete.run(project, kind, id).changes) > 0;
    if (deleted) this.#snapshots.delete(snapshotKey(project, kind));
    return deleted;
  }

  meta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  transaction<T>(fn: () => T): T {
    this.db.exec('BEGIN');
    try {
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      // A snapshot taken inside the transaction may hold writes that no longer exist.
      this.#snapshots.clear();
      throw error;
    }
  }

  close(): void {
    this.#snapshots.clear();
    this.db.close();
  }
}

const snapshotKey = (project: string, kind: string) => `${project}\u0000${kind}`;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
