// Appwrite queries as the SDK sends them: `queries[0]={"method":"equal","attribute":"userId","values":["x"]}`.
// Filters, ordering, limit/offset, cursors and select over plain objects.
import { AppwriteError } from './errors.ts';

export interface Query {
  method: string;
  attribute?: string;
  values?: unknown[];
}

const FILTERS = new Set([
  'equal', 'notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual', 'isNull', 'isNotNull',
  'between', 'notBetween', 'startsWith', 'endsWith', 'notStartsWith', 'notEndsWith', 'search', 'notSearch',
  'contains', 'notContains', 'containsAny', 'containsAll', 'regex', 'exists', 'notExists', 'or', 'and',
]);
const OTHER = new Set(['orderAsc', 'orderDesc', 'orderRandom', 'limit', 'offset', 'cursorAfter', 'cursorBefore', 'select']);

export const invalidQuery = (message: string) => new AppwriteError('general_query_invalid', `Invalid query: ${message}`);

export function parseQueries(raw: unknown): Query[] {
  if (raw === undefined || raw === null) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((q) => {
    let parsed: unknown = q;
    if (typeof q === 'string') {
      try {
        parsed = JSON.parse(q);
      } catch {
        throw invalidQuery('Syntax error');
      }
    }
    return checkQuery(parsed);
  });
}

function checkQuery(parsed: unknown): Query {
  if (!parsed || typeof parsed !== 'object') throw invalidQuery('Query must be an object');
  const q = parsed as Query;
  if (typeof q.method !== 'string' || !(FILTERS.has(q.method) || OTHER.has(q.method))) throw invalidQuery(`Invalid query method: ${String(q.method)}`);
  if (q.values !== undefined && !Array.isArray(q.values)) throw invalidQuery('Values must be an array');
  if (q.method === 'or' || q.method === 'and') q.values = (q.values ?? []).map(checkQuery);
  return q;
}

export interface Plan {
  filters: Query[];
  orders: { attribute: string; dir: 1 | -1 | 0 }[];
  limit: number;
  offset: number;
  cursor?: { id: string; dir: 'after' | 'before' };
  select?: string[];
}

export function plan(queries: Query[], defaultLimit = 25): Plan {
  const p: Plan = { filters: [], orders: [], limit: defaultLimit, offset: 0 };
  for (const q of queries) {
    const v = q.values ?? [];
    switch (q.method) {
      case 'orderAsc':
      case 'orderDesc':
        p.orders.push({ attribute: q.attribute || '$sequence', dir: q.method === 'orderAsc' ? 1 : -1 });
        break;
      case 'orderRandom':
        p.orders.push({ attribute: '', dir: 0 });
        break;
      case 'limit': {
        const n = Number(v[0]);
        if (!Number.isInteger(n) || n < 0 || n > 5000) throw invalidQuery('Invalid limit: Value must be a valid range between 0 and 5,000');
        p.limit = n;
        break;
      }
      case 'offset': {
        const n = Number(v[0]);
        if (!Number.isInteger(n) || n < 0 || n > 5000) throw invalidQuery('Invalid offset: Value must be a valid range between 0 and 5,000');
        p.offset = n;
        break;
      }
      case 'cursorAfter':
      case 'cursorBefore':
        if (typeof v[0] !== 'string') throw invalidQuery('Invalid cursor: Cursor must contain at least one value.');
        p.cursor = { id: v[0], dir: q.method === 'cursorAfter' ? 'after' : 'before' };
        break;
      case 'select':
        p.select = v.map(String);
        break;
      default:
        p.filters.push(q);
    }
  }
  return p;
}

/** Attributes named by filters, orders and selects (for schema checks). */
export function attributesOf(queries: Query[]): string[] {
  const out: string[] = [];
  for (const q of queries) {
    if (q.method === 'or' || q.method === 'and') out.push(...attributesOf(q.values as Query[]));
    else if (q.method === 'select' || q.method === 'exists' || q.method === 'notExists') out.push(...(q.values ?? []).map(String));
    else if (q.attribute) out.push(q.attribute);
  }
  return out.filter((a) => a !== '*');
}

type Row = Record<string, unknown>;

const isDateString = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v);

function compare(a: unknown, b: unknown): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  if (isDateString(a) && isDateString(b)) return Date.parse(a as string) - Date.parse(b as string);
  if (typeof a === 'number' || typeof b === 'number') return Number(a) - Number(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

const equals = (a: unknown, b: unknown) => (isDateString(a) && isDateString(b) ? Date.parse(a as string) === Date.parse(b as string) : a === b || (typeof a !== typeof b && a !== null && b !== null && String(a) === String(b) && (typeof a === 'number' || typeof b === 'number')));

const splitWords = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter(Boolean);

// A full-text search splits the searched attribute of every document: the split of each text is kept
// (a bounded cache, emptied when full) so a search over 10,000 documents does not redo it every time.
const wordCache = new Map<string, readonly string[]>();
function words(s: string): readonly string[] {
  let found = wordCache.get(s);
  if (!found) {
    if (wordCache.size >= 50_000) wordCache.clear();
    found = splitWords(s);
    wordCache.set(s, found);
  }
  return found;
}

/** MariaDB boolean-mode full text as Appwrite runs it: any word matches, the last one as a prefix. */
function fulltext(value: unknown, term: string): boolean {
  if (typeof value !== 'string') return false;
  const have = words(value);
  const want = splitWords(term);
  return want.some((w, i) => (i === want.length - 1 ? have.some((h) => h.startsWith(w)) : have.includes(w)));
}

function matches(row: Row, q: Query): boolean {
  const v = q.values ?? [];
  const value = q.attribute ? row[q.attribute] : undefined;
  const items = Array.isArray(value) ? value : [value];
  switch (q.method) {
    case 'equal':
      return items.some((x) => v.some((y) => equals(x, y)));
    case 'notEqual':
      return !items.some((x) => v.some((y) => equals(x, y)));
    case 'lessThan':
      return value !== null && value !== undefined && compare(value, v[0]) < 0;
    case 'lessThanEqual':
      return value !== null && value !== undefined && compare(value, v[0]) <= 0;
    case 'greaterThan':
      return value !== null && value !== undefined && compare(value, v[0]) > 0;
    case 'greaterThanEqual':
      return value !== null && value !== undefined && compare(value, v[0]) >= 0;
    case 'isNull':
      return value === null || value === undefined;
    case 'isNotNull':
      return value !== null && value !== undefined;
    case 'between':
      return value !== null && value !== undefined && compare(value, v[0]) >= 0 && compare(value, v[1]) <= 0;
    case 'notBetween':
      return !(value !== null && value !== undefined && compare(value, v[0]) >= 0 && compare(value, v[1]) <= 0);
    case 'startsWith':
      return typeof value === 'string' && v.some((y) => value.startsWith(String(y)));
    case 'endsWith':
      return typeof value === 'string' && v.some((y) => value.endsWith(String(y)));
    case 'notStartsWith':
      return !(typeof value === 'string' && v.some((y) => value.startsWith(String(y))));
    case 'notEndsWith':
      return !(typeof value === 'string' && v.some((y) => value.endsWith(String(y))));
    case 'search':
      return v.some((y) => fulltext(value, String(y)));
    case 'notSearch':
      return !v.some((y) => fulltext(value, String(y)));
    case 'contains':
    case 'containsAny':
      if (Array.isArray(value)) return value.some((x) => v.some((y) => equals(x, y)));
      return typeof value === 'string' && v.some((y) => value.includes(String(y)));
    case 'containsAll':
      if (Array.isArray(value)) return v.every((y) => value.some((x) => equals(x, y)));
      return typeof value === 'string' && v.every((y) => value.includes(String(y)));
    case 'notContains':
      if (Array.isArray(value)) return !value.some((x) => v.some((y) => equals(x, y)));
      return !(typeof value === 'string' && v.some((y) => value.includes(String(y))));
    case 'regex':
      return typeof value === 'string' && new RegExp(String(v[0])).test(value);
    case 'exists':
      return v.every((a) => row[String(a)] !== undefined && row[String(a)] !== null);
    case 'notExists':
      return v.every((a) => row[String(a)] === undefined || row[String(a)] === null);
    case 'or':
      return (v as Query[]).some((sub) => matches(row, sub));
    case 'and':
      return (v as Query[]).every((sub) => matches(row, sub));
    default:
      throw invalidQuery(`Invalid query method: ${q.method}`);
  }
}

export const filterRows = <T extends Row>(rows: readonly T[], filters: Query[]): T[] => rows.filter((r) => filters.every((q) => matches(r, q)));

/** A value with its date parsed once: sorting 10,000 rows must not parse a date at every comparison. */
interface SortKey {
  value: unknown;
  ms: number | undefined;
}

const sortKey = (value: unknown): SortKey => ({ value, ms: isDateString(value) ? Date.parse(value as string) : undefined });
// The same order as `compare`: two dates by their time, anything else as compare has it.
const compareKeys = (a: SortKey, b: SortKey) => (a.ms !== undefined && b.ms !== undefined ? a.ms - b.ms : compare(a.value, b.value));

export function orderRows<T extends Row>(rows: readonly T[], orders: Plan['orders']): T[] {
  if (orders.some((o) => o.dir === 0)) {
    const sorted = [...rows];
    for (let i = sorted.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
    }
    return sorted;
  }
  // `$sequence` last: a total order, so ordering before or after filtering gives the same rows.
  const keys = [...orders, { attribute: '$sequence', dir: 1 as const }];
  const decorated = rows.map((row) => ({ row, keys: keys.map((o) => sortKey(row[o.attribute])) }));
  decorated.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const c = compareKeys(a.keys[i]!, b.keys[i]!) * keys[i]!.dir;
      if (c !== 0) return c;
    }
    return 0;
  });
  return decorated.map((d) => d.row);
}

/** Whether rows can be ordered once and reused: every order but a random one. */
export const isStableOrder = (orders: Plan['orders']) => !orders.some((o) => o.dir === 0);

/**
 * Runs a plan: filter, order, cursor, offset, limit. `total` counts every match (as Appwrite's count of the
 * filter queries), and `notFound` is set when the cursor names a row that does not exist. `ordered`: the
 * rows are already in the plan's order (orderRows), so only filtering is left; a count alone (limit 0, no
 * cursor) is never ordered.
 */
export function run<T extends Row>(rows: readonly T[], p: Plan, idKey = '$id', options: { ordered?: boolean } = {}): { total: number; page: T[]; cursorMissing?: string } {
  const filtered = filterRows(rows, p.filters);
  if (p.limit === 0 && !p.cursor) return { total: filtered.length, page: [] };
  const matched = options.ordered ? filtered : orderRows(filtered, p.orders);
  let window = matched;
  if (p.cursor) {
    const cursorId = p.cursor.id;
    const idx = matched.findIndex((r) => r[idKey] === cursorId);
    if (idx < 0) {
      if (!rows.some((r) => r[idKey] === cursorId)) return { total: matched.length, page: [], cursorMissing: cursorId };
      // the cursor row exists but is filtered out: nothing sensible to anchor on
      window = [];
    } else {
      window = p.cursor.dir === 'after' ? matched.slice(idx + 1) : matched.slice(0, idx);
    }
    if (p.cursor.dir === 'before') {
      const end = Math.max(0, window.length - p.offset);
      return { total: matched.length, page: window.slice(Math.max(0, end - p.limit), end) };
    }
  }
  return { total: matched.length, page: window.slice(p.offset, p.offset + p.limit) };
}
