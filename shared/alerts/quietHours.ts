// Quiet hours: a daily span of a person's own wall-clock time ("22:00" to "07:00", over midnight or not)
// in their IANA time zone, when alerts wait (docs/decisions/0028). Daylight saving is Intl's business: the
// span is read in the zone's wall time on the day itself, never as a fixed UTC offset. No I/O.

export interface QuietHours {
  /** "HH:MM", 24-hour clock. */
  start: string;
  end: string;
  timeZone: string;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isClockTime = (v: unknown): v is string => typeof v === 'string' && HHMM.test(v);

/** An IANA zone name this runtime knows ("Africa/Accra", "Europe/London", "UTC"). */
export function isTimeZone(v: unknown): v is string {
  if (typeof v !== 'string' || !v || v.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall-clock date and time in `timeZone` at instant `t`. */
function wallClock(t: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(t));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute'), second: n('second') };
}

/** How far the zone's wall clock is ahead of UTC at instant `t`, in ms. */
function offsetAt(t: number, timeZone: string): number {
  const w = wallClock(t, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(t / 1000) * 1000;
}

/**
 * The instant the zone's wall clock shows `wall` (a wall time written as if it were UTC), trying the offsets
 * in force half a day before and after. A time shown twice (autumn) maps to its first showing; a time
 * skipped by a spring-forward gap, to the later candidate (just after the gap).
 */
function instantOfWall(wall: number, timeZone: string): number {
  const half = 12 * 3600_000;
  const candidates = [wall - offsetAt(wall - half, timeZone), wall - offsetAt(wall + half, timeZone)];
  const exact = candidates.filter((c) => c + offsetAt(c, timeZone) === wall);
  return exact.length ? Math.min(...exact) : Math.max(...candidates);
}

export type QuietState = { quiet: false } | { quiet: true; endsAt: Date };

/**
 * Whether `now` falls inside the quiet hours, and when they end. A span whose start equals its end is
 * empty (never quiet), not the whole day.
 */
export function quietState(now: Date, q: QuietHours | null): QuietState {
  if (!q || !isClockTime(q.start) || !isClockTime(q.end) || !isTimeZone(q.timeZone) || q.start === q.end) return { quiet: false };
  const t = now.getTime();
  const w = wallClock(t, q.timeZone);
  const nowMin = w.hour * 60 + w.minute;
  const start = minutesOf(q.start);
  const end = minutesOf(q.end);
  const inside = start < end ? nowMin >= start && nowMin < end : nowMin >= start || nowMin < end;
  if (!inside) return { quiet: false };
  // The end is later today (wall clock) when it is still ahead on the clock, else tomorrow.
  const dayShift = end > nowMin ? 0 : 1;
  const endWall = Date.UTC(w.year, w.month - 1, w.day + dayShift, Math.floor(end / 60), end % 60);
  const endsAt = instantOfWall(endWall, q.timeZone);
  // Never in the past (a clock change can fold the end onto now): at least a minute ahead.
  return { quiet: true, endsAt: new Date(Math.max(endsAt, t + 60_000)) };
}
