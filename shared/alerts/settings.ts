import { ALERT_KINDS, type AlertEvent, type AlertKind } from '../alerts.ts';
import type { Role } from '../roles.ts';
import { isClockTime, isTimeZone, type QuietHours } from './quietHours.ts';

// A staff member's notification settings and who gets which alert (docs/decisions/0028). One rule each,
// shared by the Worker (the fan-out, the settings API) and the SPA (the settings form). No I/O.

export interface NotificationSettings {
  /** The kinds the person wants, among those they may get. */
  kinds: AlertKind[];
  /** "HH:MM" to "HH:MM" in timeZone; null: no quiet hours. */
  quietHours: { start: string; end: string } | null;
  /** IANA zone the quiet hours are read in. */
  timeZone: string;
  /** False until the person saves their settings: what they get is then the default. */
  saved: boolean;
}

/** The agency's own zone, for someone who never said theirs (Accra: GMT all year). */
export const DEFAULT_TIME_ZONE = 'Africa/Accra';

/** A broken promise goes to admins only; every other kind to any staff member. */
export const eligibleKinds = (role: Role): AlertKind[] =>
  ALERT_KINDS.filter((k) => k !== 'promise_100' || role === 'admin');

/** Someone who never saved settings gets every kind they may get, at any hour: missing an alert is worse. */
export const defaultSettings = (role: Role): NotificationSettings =>
  ({ kinds: eligibleKinds(role), quietHours: null, timeZone: DEFAULT_TIME_ZONE, saved: false });

/** Stored fields (the notification_settings document) as settings; unknown or ineligible kinds are dropped. */
export function settingsOf(role: Role, doc: Readonly<Record<string, unknown>> | null): NotificationSettings {
  if (!doc) return defaultSettings(role);
  const allowed = eligibleKinds(role);
  const kinds = Array.isArray(doc.kinds) ? allowed.filter((k) => (doc.kinds as unknown[]).includes(k)) : allowed;
  const quietHours = isClockTime(doc.quietStart) && isClockTime(doc.quietEnd) && doc.quietStart !== doc.quietEnd
    ? { start: doc.quietStart, end: doc.quietEnd } : null;
  return { kinds, quietHours, timeZone: isTimeZone(doc.timeZone) ? doc.timeZone : DEFAULT_TIME_ZONE, saved: true };
}

export const quietHoursOf = (s: NotificationSettings): QuietHours | null =>
  s.quietHours ? { ...s.quietHours, timeZone: s.timeZone } : null;

export interface StaffMember {
  userId: string;
  role: Role;
  settings: NotificationSettings;
}

/**
 * Who gets an alert of this event: those among `staff` who chose its kind, and of those, whom the kind is for.
 * new_lead, visitor_waiting: everyone. assigned, prospect_reply: the assignee (event.userId). promise_75: the
 * assignee, or everyone when nobody is assigned. promise_100: admins.
 */
export function recipients(event: Pick<AlertEvent, 'kind' | 'userId'>, staff: readonly StaffMember[]): string[] {
  const wanting = staff.filter((s) => eligibleKinds(s.role).includes(event.kind) && s.settings.kinds.includes(event.kind));
  const only = (userId: string | null) => wanting.filter((s) => s.userId === userId);
  const chosen = (() => {
    switch (event.kind) {
      case 'new_lead':
      case 'visitor_waiting':
      case 'promise_100':
        return wanting;
      case 'assigned':
      case 'prospect_reply':
        return only(event.userId);
      case 'promise_75':
        return event.userId ? only(event.userId) : wanting;
    }
  })();
  return [...new Set(chosen.map((s) => s.userId))];
}
