import type { Role } from '../roles.ts';

// Who may do what in the admin area, declared once (docs/product.md, "Admin area"). The Worker enforces it
// on every /api/admin route (functions/admin/*: `allow('lead.read')`), and the SPA reads the same table only
// to decide which controls to show; hiding a control is never the protection.

export const ADMIN_ACTIONS = {
  /** Open /admin and its API at all. */
  'admin.open': ['admin', 'moderator'],
  /** Read, search and export leads; change status; assign; add notes. */
  'lead.read': ['admin', 'moderator'],
  'lead.work': ['admin', 'moderator'],
  /** Send an e-mail to the prospect from the lead page (the composer). */
  'lead.email': ['admin', 'moderator'],
  /** Send a WhatsApp message to the prospect from the lead page (free text in the 24-hour window, or a template). */
  'lead.whatsapp': ['admin', 'moderator'],
  /** Saved replies: staff read and insert them; admins write them. */
  'reply.read': ['admin', 'moderator'],
  'reply.manage': ['admin'],
  /** Archive a lead (and undo the archive), erase a person's data. */
  'lead.delete': ['admin'],
  'person.erase': ['admin'],
  /** Re-queue or discard a parked delivery (reading the list is staff). */
  'delivery.read': ['admin', 'moderator'],
  'delivery.manage': ['admin'],
  /** Team channels. */
  'channel.read': ['admin', 'moderator'],
  'message.post': ['admin', 'moderator'],
  'message.delete.any': ['admin', 'moderator'],
  'channel.manage': ['admin'],
  /** Accounts: moderators see the list read-only; only admins change roles (never their own, never the last admin). */
  'user.list': ['admin', 'moderator'],
  'user.role': ['admin'],
  /** Say the admin area is open (for "Talk to a person"), join a visitor's live chat and answer in it. */
  'live.join': ['admin', 'moderator'],
  /** Reports. */
  'report.read': ['admin', 'moderator'],
} as const satisfies Record<string, readonly Role[]>;

export type AdminAction = keyof typeof ADMIN_ACTIONS;

export const can = (role: Role | null | undefined, action: AdminAction): boolean =>
  !!role && (ADMIN_ACTIONS[action] as readonly Role[]).includes(role);
