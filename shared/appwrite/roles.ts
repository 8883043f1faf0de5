import { isRole, type Role } from '../roles.ts';

// Roles (docs/product.md §3), without I/O: the caller injects how profiles are found and written, so the
// Worker (server key, REST) and the SPA (appwrite SDK) can share the rules and tests can fake the database.
//
//   - Lookup order: profile by userId, then the document whose id is the account id, then by email.
//     The second and third steps accept only a profile that belongs to no account yet or to the caller
//     (its `userId` empty or the caller's), and the e-mail step also needs a verified address. A profile
//     found by e-mail is claimed on the spot (the caller's userId is written into it), so from then on it
//     is found by userId. Why: e-mail addresses are recycled (a former employee's mailbox, a new OAuth
//     login with an old address), profiles are kept, and a profile of another account must never lend
//     its role to whoever holds the address today.
//   - The role is read from role_enum, else role, else roleName; 'user' when none is found (for the check only).
//   - Role update finds the profile and updates its role; if there is none and a profiles collection is
//     configured, it creates one with email, role and userId. It returns true or false.

export { isRole, isStaff, ROLES, type Role } from '../roles.ts';

export const DEFAULT_ROLE: Role = 'user';

/** Where a profile may keep the role, in the order they are read. */
export const ROLE_FIELDS = ['role_enum', 'role', 'roleName'] as const;
export type RoleField = (typeof ROLE_FIELDS)[number];

/** The lookups, in spec order. */
export const LOOKUP_ORDER = ['userId', '$id', 'email'] as const;
export type LookupField = (typeof LOOKUP_ORDER)[number];

export type ProfileDocument = { $id: string } & Record<string, unknown>;

/** The profiles whose `field` equals `value` (a few at most, oldest first). Errors propagate. */
export type FindProfile = (field: LookupField, value: string) => Promise<ProfileDocument[]>;

/** How profiles are read and written: the Worker with its server key, tests with a list. */
export interface ProfileAccess {
  find: FindProfile;
  /** Writes `data` into the profile document `documentId`. */
  update(documentId: string, data: Record<string, string>): Promise<unknown>;
}

export interface AccountRef {
  /** The Appwrite account id ($id). */
  id: string;
  email: string;
  /**
   * Whether the account proved it owns its e-mail address. The lookup by e-mail is skipped without it:
   * otherwise whoever signs up first with an address that has a staff profile (but no account yet)
   * would get that role without ever reading the address's mail.
   */
  emailVerified: boolean;
}


/**
 * The role a profile holds: the first of role_enum, role, roleName that is set (a non-empty string),
 * compared without case. A value that is set but is no known role gives 'user', never a later field's
 * role: an unknown value must not grant more than the default.
 */
export function readRole(profile: Record<string, unknown>): { role: Role; field: RoleField } | null {
  for (const field of ROLE_FIELDS) {
    const value = profile[field];
    if (typeof value !== 'string' || !value.trim()) continue;
    const normalised = value.trim().toLowerCase();
    return { role: isRole(normalised) ? normalised : DEFAULT_ROLE, field };
  }
  return null;
}

export interface FoundProfile {
  profile: ProfileDocument;
  by: LookupField;
}

/** A profile that belongs to no account yet (no userId), or to this one. */
const claimableBy = (account: AccountRef) => (profile: ProfileDocument): boolean => {
  const owner = profile.userId;
  return owner === undefined || owner === null || owner === '' || owner === account.id;
};

/**
 * The account's profile, looked up in the order above; null when there is none. A profile found by e-mail
 * that has no userId yet is claimed for the account before it is returned (errors of the write propagate).
 */
export async function findProfile(access: ProfileAccess, account: AccountRef): Promise<FoundProfile | null> {
  for (const by of LOOKUP_ORDER) {
    const value = by === 'email' ? account.email : account.id;
    if (!value) continue;
    if (by === 'email' && !account.emailVerified) continue;
    const profiles = await access.find(by, value);
    const profile = by === 'userId' ? profiles[0] : profiles.find(claimableBy(account));
    if (!profile) continue;
    if (by === 'email' && profile.userId !== account.id) {
      await access.update(profile.$id, { userId: account.id });
      return { profile: { ...profile, userId: account.id }, by };
    }
    return { profile, by };
  }
  return null;
}

export interface RoleLookup {
  role: Role;
  /** The profile it came from (null: none found, the default applies). */
  profile: ProfileDocument | null;
  by: LookupField | null;
  field: RoleField | null;
}

/** The account's role: from its own profile, else 'user'. Errors propagate (the caller decides). */
export async function lookupRole(access: ProfileAccess, account: AccountRef): Promise<RoleLookup> {
  const found = await findProfile(access, account);
  if (!found) return { role: DEFAULT_ROLE, profile: null, by: null, field: null };
  const read = readRole(found.profile);
  return { role: read?.role ?? DEFAULT_ROLE, profile: found.profile, by: found.by, field: read?.field ?? null };
}

export interface RoleStore extends ProfileAccess {
  /**
   * Creates a profile for an account that has none (document id = account id). Null when no profiles
   * collection is configured: then a missing profile cannot be created and the update fails.
   */
  create: ((profile: { userId: string; email: string; role: Role }) => Promise<unknown>) | null;
  /** Told about a failure (the result is then false). */
  onError?(error: unknown): void;
}

/**
 * Sets the account's role in the account's own profile (found as lookupRole finds it, so never a profile
 * of another account). That profile keeps the field it holds the role in (a legacy profile with role_enum
 * is updated there); a profile without any role field gets `role`. Returns true when written.
 */
export async function updateRole(store: RoleStore, account: AccountRef, role: Role): Promise<boolean> {
  if (!isRole(role)) return false;
  try {
    const found = await findProfile(store, account);
    if (found) {
      const field = readRole(found.profile)?.field ?? 'role';
      await store.update(found.profile.$id, { [field]: role });
      return true;
    }
    if (!store.create) return false;
    await store.create({ userId: account.id, email: account.email, role });
    return true;
  } catch (error) {
    store.onError?.(error);
    return false;
  }
}
