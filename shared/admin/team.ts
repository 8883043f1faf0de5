import type { Role } from '../roles.ts';

// Team channels, people and roles of the admin area (docs/product.md, "Admin area"), as pure rules shared by
// the Worker (which enforces them) and the SPA (which shows them). No I/O.

// --- Channels and messages -----------------------------------------------------------------------------

/** The channel every install starts with (the Worker makes it on the first list when there is none). */
export const DEFAULT_CHANNEL = { id: 'general', name: 'general', description: 'Everything the team needs to share.' } as const;

export const CHANNEL_NAME_MAX = 64;
export const CHANNEL_DESCRIPTION_MAX = 500;
/** A message's longest text; Appwrite keeps up to 4000 (shared/appwrite/schema.ts). */
export const MESSAGE_MAX = 4000;
/** Messages per page of a channel's history. */
export const MESSAGES_PAGE = 50;

/**
 * A channel name as staff type it becomes one slug: lower case, spaces to hyphens, letters (any script),
 * digits, hyphens and underscores only ("Sales Leads" → "sales-leads"). Empty when nothing is left.
 */
export function channelSlug(input: string): string {
  return input
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}_-]/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface TeamChannel {
  id: string;
  name: string;
  description: string;
  archived: boolean;
  createdAt: string;
}

export interface TeamMessage {
  id: string;
  channelId: string;
  userId: string;
  authorName: string;
  /** Empty once deleted. */
  text: string;
  postedAt: string;
  deleted: { byId: string; byName: string; at: string } | null;
}

/** What a deleted message leaves for everyone. */
export const deletedMessageText = (byName: string) => `Message deleted by ${byName}`;

/** The text as runs of plain text and links (http, https, mailto, www.): nothing else is ever rendered as markup. */
export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

const LINK = /\b(?:https?:\/\/|mailto:|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    let url = m[0];
    const trail = TRAILING.exec(url)?.[0] ?? '';
    // Keep a closing parenthesis that has its opening one in the address (Wikipedia-style links).
    const keep = trail.startsWith(')') && url.includes('(') ? 1 : 0;
    url = url.slice(0, url.length - trail.length + keep);
    if (!url || /^(https?:\/\/|mailto:|www\.)$/i.test(url)) continue;
    const start = m.index;
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    parts.push({ type: 'link', text: url, href: /^www\./i.test(url) ? `https://${url}` : url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

/** Messages grouped by calendar day (in the viewer's time zone), oldest first within a day. */
export function groupByDay<T extends { postedAt: string }>(messages: readonly T[], timeZone?: string): { day: string; messages: T[] }[] {
  const fmt = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  const groups: { day: string; messages: T[] }[] = [];
  for (const m of [...messages].sort((a, b) => a.postedAt.localeCompare(b.postedAt))) {
    const day = fmt.format(new Date(m.postedAt));
    const group = groups.at(-1);
    if (group?.day === day) group.messages.push(m);
    else groups.push({ day, messages: [m] });
  }
  return groups;
}

// --- People and roles ----------------------------------------------------------------------------------

/** The Appwrite user labels that grant staff read access in realtime (shared/appwrite/schema.ts STAFF_READ). */
export const STAFF_LABELS = ['admin', 'moderator'] as const;

/**
 * The labels an account should carry for `role`: its other labels as they are, plus the role's label for
 * staff. Appwrite's labels are what realtime and document permissions see; the profile's role is what the
 * Worker authorises by, so the two are kept equal.
 */
export function labelsForRole(current: readonly string[], role: Role): string[] {
  const others = current.filter((l) => !(STAFF_LABELS as readonly string[]).includes(l));
  return role === 'user' ? others : [...others, role];
}

export const sameLabels = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/**
 * Whether a role change takes privilege away. Its labels are then written before the profile, otherwise
 * after it (and the profile is put back if they fail), so that the labels, which let Appwrite show staff
 * records to the browser directly, never grant more than the profile, not even after a failed write.
 */
export const lowersRole = (from: Role, to: Role) => RANK[to] < RANK[from];

export type RoleChangeRefusal = { status: 403 | 404 | 409; error: string; message: string };

export interface RoleChangeFacts {
  actorId: string;
  /** The actor's role read again inside the serialised change (not the one the request started with). */
  actorRole: Role;
  targetId: string;
  targetRole: Role;
  newRole: Role;
  /** Admin accounts other than the target, counted inside the serialised change. */
  otherAdmins: number;
}

export const roleChangeMessages = {
  ownRole: 'You cannot change your own role. Ask another admin.',
  noLongerAdmin: 'Your role changed while you were working: only an admin can change roles.',
  lastAdmin: 'This is the last admin: make someone else an admin first, so that the site always has one.',
} as const;

/** Whether a role change may happen; null when it may. Decided inside the one-at-a-time section. */
export function refuseRoleChange(f: RoleChangeFacts): RoleChangeRefusal | null {
  if (f.actorId === f.targetId) return { status: 409, error: 'own_role', message: roleChangeMessages.ownRole };
  // The last admin first: when the only two admins demote each other, the second learns why it cannot be.
  if (f.targetRole === 'admin' && f.newRole !== 'admin' && f.otherAdmins < 1) {
    return { status: 409, error: 'last_admin', message: roleChangeMessages.lastAdmin };
  }
  if (f.actorRole !== 'admin') return { status: 403, error: 'forbidden', message: roleChangeMessages.noLongerAdmin };
  return null;
}

/** A role change as staff see it in the list of people. */
export interface RoleChangeRecord {
  userId: string;
  from: Role;
  to: Role;
  byId: string;
  byName: string;
  at: string;
}
