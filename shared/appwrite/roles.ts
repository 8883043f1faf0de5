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
//   - A profile is bound to one account, not to an id: it keeps the account's registration time
//     (`accountRegistration`), which nobody can choose, and counts only for the account registered at that
//     instant. Account ids can be chosen at sign-up, so a deleted account's id can be registered again by
//     anyone; its profile must not lend them its role (docs/decisions/0006). A profile without the binding
//     (made before it existed) is bound when it is found, but only if it was made at or after the account's
//     registration: a profile older than the account was made for an earlier account with that id.
//   - The role is read from role_enum, else role, else roleName; 'user' when none is found (for the check only).
//   - Role update finds the profile and updates its role; if there is none and a profiles collection is
//     configured, it creates one with email, role, userId and the binding. It returns true or false.

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
  /**
   * When the account was made (Appwrite's `registration`, an ISO time). A profile is bound to it: an id
   * can be registered again after its account was deleted, this instant cannot.
   */
  registration: string;
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

/** The profile attribute that binds a profile to one account: that account's registration time. */
export const BINDING_FIELD = 'accountRegistration';

const empty = (v: unknown) => v === undefined || v === null || v === '';
const instant = (v: unknown) => (typeof v === 'string' && v ? Date.parse(v) : Number.NaN);

/**
 * How a profile stands to an account:
 *   'own'     bound to this account;
 *   'bind'    this account's, not bound yet (made at or after its registration, or free and found by its
 *             verified e-mail): it is bound when found;
 *   'stale'   carries this account's id but was bound to, or made before, an earlier account with that id;
 *   'foreign' another account's.
 * Exported for the scheduled reconciliation (functions/admin/reconcileRoles.ts).
 */
export function profileStanding(profile: ProfileDocument, account: AccountRef, by: LookupField): 'own' | 'bind' | 'stale' | 'foreign' {
  const owner = profile.userId;
  if (!empty(owner) && owner !== account.id) return 'foreign';
  const registered = instant(account.registration);
  // Nothing can be proven about an account without its registration time.
  if (Number.isNaN(registered)) return 'foreign';
  if (!empty(profile[BINDING_FIELD])) {
    // A bound profile without an owner is nobody's to take (it is never written so).
    if (empty(owner)) return 'foreign';
    return instant(profile[BINDING_FIELD]) === registered ? 'own' : 'stale';
  }
  // A free profile made for an address before its account (found by the verified address): claimed.
  if (by === 'email' && empty(owner)) return 'bind';
  // Made when this account already existed (a server-made profile, or the seed's): no earlier account with
  // the id can have had it. Made before (or unknown): an earlier account's, or unprovable.
  return instant(profile.$createdAt) >= registered ? 'bind' : 'stale';
}

/** What binds a profile to the account (written with the claim). */
const binding = (account: AccountRef) => ({ userId: account.id, [BINDING_FIELD]: account.registration });

/**
 * The account's profile, looked up in the order above; null when there is none. A profile found unbound is
 * bound to the account before it is returned (errors of the write propagate).
 */
export async function findProfile(access: ProfileAccess, account: AccountRef): Promise<FoundProfile | null> {
  for (const by of LOOKUP_ORDER) {
    const value = by === 'email' ? account.email : account.id;
    if (!value) continue;
    if (by === 'email' && !account.emailVerified) continue;
    for (const profile of await access.find(by, value)) {
      const standing = profileStanding(profile, account, by);
      if (standing === 'own') return { profile, by };
      if (standing !== 'bind') continue;
      await access.update(profile.$id, binding(account));
      return { profile: { ...profile, ...binding(account) }, by };
    }
  }
  return null;
}

/**
 * A profile that carries the account's id but belongs to an earlier account with that id (see
 * profileStanding); null when there is none. A role change rebinds it rather than making a second profile
 * (the id and userId are unique).
 */
async function staleProfile(access: ProfileAccess, account: AccountRef): Promise<ProfileDocument | null> {
  for (const by of ['userId', '$id'] as const) {
    const stale = (await access.find(by, account.id)).find((p) => profileStanding(p, account, by) === 'stale');
    if (stale) return stale;
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
  create: ((profile: { userId: string; email: string; role: Role; accountRegistration: string }) => Promise<unknown>) | null;
  /** Told about a failure (the result is then false). */
  onError?(error: unknown): void;
}

/**
 * Sets the account's role in the account's own profile (found as lookupRole finds it, so never a profile
 * of another account). That profile keeps the field it holds the role in (a legacy profile with role_enum
 * is updated there); a profile without any role field gets `role`. A stale profile under the account's id
 * (an earlier account's) is taken over with the new role, bound to this account. Returns true when written.
 */
export async function updateRole(store: RoleStore, account: AccountRef, role: Role): Promise<boolean> {
  if (!isRole(role)) return false;
  try {
    const found = await findProfile(store, account);
    if (found) {
      await store.update(found.profile.$id, { [readRole(found.profile)?.field ?? 'role']: role });
      return true;
    }
    const stale = await staleProfile(store, account);
    if (stale) {
      const field = readRole(stale)?.field ?? 'role';
      await store.update(stale.$id, { ...binding(account), ...(account.email ? { email: account.email } : {}), [field]: role });
      return true;
    }
    if (!store.create) return false;
    await store.create({ userId: account.id, email: account.email, role, accountRegistration: account.registration });
    return true;
  } catch (error) {
    store.onError?.(error);
    return false;
  }
}
