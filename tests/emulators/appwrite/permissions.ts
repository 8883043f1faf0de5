// Appwrite permissions: `read("user:ID")`, `update("users/verified")`, `delete("label:admin")`, `write(...)`
// (= update + delete on documents), and the roles a caller holds.
import { AppwriteError, invalidParam } from './errors.ts';
import type { Auth } from './context.ts';

export type Action = 'read' | 'create' | 'update' | 'delete';

const PERMISSION = /^(read|create|update|delete|write)\("([^"]+)"\)$/;

export function parsePermission(p: string): { action: Action | 'write'; role: string } | undefined {
  const m = PERMISSION.exec(p);
  return m ? { action: m[1] as Action | 'write', role: m[2]! } : undefined;
}

const ROLE = /^(any|guests|users(\/(verified|unverified))?|user:[A-Za-z0-9._-]+(\/(verified|unverified))?|team:[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)?|member:[A-Za-z0-9._-]+|label:[A-Za-z0-9]+)$/;

/**
 * Validates and normalises permissions for a document: `write` becomes update + delete, duplicates go,
 * and `create` is refused (documents only take read, update, delete and write).
 */
export function normalisePermissions(perms: unknown, allowed: string[] = ['read', 'update', 'delete', 'write']): string[] {
  if (!Array.isArray(perms)) throw invalidParam('permissions', 'Value must a valid array and Permission format is not valid.');
  const out = new Set<string>();
  for (const p of perms) {
    if (typeof p !== 'string') throw invalidParam('permissions', 'Permission format is not valid.');
    const parsed = parsePermission(p);
    if (!parsed) throw invalidParam('permissions', `Permission "${p}" is not allowed. Must be one of: ${allowed.join(', ')}.`);
    if (!allowed.includes(parsed.action)) throw invalidParam('permissions', `Permission "${parsed.action}" is not allowed. Must be one of: ${allowed.join(', ')}.`);
    if (!ROLE.test(parsed.role)) throw invalidParam('permissions', `Role "${parsed.role}" is not allowed. Must be one of: any, guests, users, user, team, member, label.`);
    if (parsed.action === 'write') {
      out.add(`update("${parsed.role}")`);
      out.add(`delete("${parsed.role}")`);
    } else out.add(p);
  }
  return [...out];
}

export function rolesOf(auth: Auth): string[] {
  if (auth.role === 'guests') return ['any', 'guests'];
  if (auth.role === 'applications') return ['any'];
  const u = auth.user;
  const verified = u.emailVerification || u.phoneVerification ? 'verified' : 'unverified';
  return ['any', 'users', `user:${u.$id}`, `users/${verified}`, `user:${u.$id}/${verified}`, ...u.labels.map((l) => `label:${l}`)];
}

/** The roles named in `perms` for `action` (`write` counts for update and delete). */
export function rolesFor(perms: string[], action: Action): string[] {
  const roles: string[] = [];
  for (const p of perms) {
    const parsed = parsePermission(p);
    if (!parsed) continue;
    if (parsed.action === action || (parsed.action === 'write' && (action === 'update' || action === 'delete' || action === 'create'))) roles.push(parsed.role);
  }
  return roles;
}

export const allows = (perms: string[], action: Action, roles: string[]) => rolesFor(perms, action).some((r) => roles.includes(r));

/** A client may only grant roles it holds itself (Appwrite: "Permissions must be one of: (...)"). */
export function assertGrantable(perms: string[], roles: string[]) {
  for (const p of perms) {
    const parsed = parsePermission(p);
    if (parsed && !roles.includes(parsed.role)) {
      throw new AppwriteError('user_unauthorized', `Permissions must be one of: (${roles.join(', ')})`);
    }
  }
}
