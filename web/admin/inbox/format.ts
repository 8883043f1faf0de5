import { replyDue, type LeadStatus } from '../../../shared/admin/leads.ts';

// How the inbox shows times: "5 min ago", "3 h left", "Overdue".

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const ms = now - Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ago`;
  if (ms < 14 * DAY) return `${Math.floor(ms / DAY)} day${ms < 2 * DAY ? '' : 's'} ago`;
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(iso));
}

const span = (ms: number) => (ms >= HOUR ? `${Math.floor(ms / HOUR)} h ${Math.floor((ms % HOUR) / MINUTE)} min` : `${Math.max(1, Math.floor(ms / MINUTE))} min`);

/** The reply-due badge: time left of the 24 hours, "Overdue", or nothing once answered. */
export function dueBadge(lead: { status: LeadStatus; receivedAt: string; firstResponseAt: string | null }, now: number = Date.now()): { text: string; tone: 'ok' | 'soon' | 'late' } | null {
  const due = replyDue(lead, now);
  if (due.state === 'answered') return null;
  if (due.state === 'overdue') return { text: 'Overdue', tone: 'late' };
  return { text: `${span(due.msLeft)} left`, tone: due.msLeft < 4 * HOUR ? 'soon' : 'ok' };
}

export const dueTone = { ok: 'bg-emerald-50 text-emerald-800 ring-emerald-200', soon: 'bg-amber-50 text-amber-900 ring-amber-300', late: 'bg-red-50 text-red-800 ring-red-200' } as const;
