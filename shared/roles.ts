// Roles, declared once for the Worker, the SPA and the scripts (docs/product.md §3). No I/O, no
// dependencies: small enough for every page's first load.

/** From most to least powerful. */
export const ROLES = ['admin', 'moderator', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);
/** Admins and moderators: the admin area is theirs. */
export const isStaff = (role: string | null | undefined): boolean => role === 'admin' || role === 'moderator';
export const isAdmin = (role: string | null | undefined): boolean => role === 'admin';
/** 0 for the most powerful role; for sorting and "at least" comparisons. */
export const roleRank = (role: Role): number => ROLES.indexOf(role);
