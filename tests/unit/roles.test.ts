import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_ROLE, findProfile, isStaff, lookupRole, readRole, updateRole,
  type AccountRef, type FindProfile, type LookupField, type ProfileDocument, type RoleStore,
} from '../../shared/appwrite/roles.ts';

// docs/product.md §3: lookup order (userId, then document id = account id, then email), the role fields
// (role_enum, else role, else roleName; 'user' when none) and role update (update, or create when missing
// and a profiles collection is configured; true or false). The database is an in-memory list of documents.

const REGISTERED = '2026-03-01T10:00:00.000+00:00';
const account: AccountRef = { id: 'acc-1', email: 'ama@example.com', emailVerified: true, registration: REGISTERED };
/** What binding a profile to `account` writes. */
const bound = { userId: 'acc-1', accountRegistration: REGISTERED };
/** A profile made after the account was registered (as the server makes them), unless the test says when. */
const LATER = '2026-03-02T09:00:00.000+00:00';

/** A fake profiles collection that records every lookup it answers and every write. */
function collection(docs: ProfileDocument[]) {
  for (const d of docs) d.$createdAt ??= LATER;
  const lookups: [LookupField, string][] = [];
  const writes: [string, Record<string, string>][] = [];
  const find: FindProfile = async (field, value) => {
    lookups.push([field, value]);
    return docs.filter((d) => d[field] === value);
  };
  const update = async (id: string, data: Record<string, string>) => {
    writes.push([id, data]);
    Object.assign(docs.find((d) => d.$id === id)!, data);
  };
  return { docs, lookups, writes, find, update };
}

describe('readRole: role_enum, else role, else roleName', () => {
  it('reads the first field that is set', () => {
    expect(readRole({ role_enum: 'admin', role: 'user', roleName: 'moderator' })).toEqual({ role: 'admin', field: 'role_enum' });
    expect(readRole({ role: 'moderator', roleName: 'admin' })).toEqual({ role: 'moderator', field: 'role' });
    expect(readRole({ roleName: 'admin' })).toEqual({ role: 'admin', field: 'roleName' });
  });

  it('skips empty, null and non-text fields', () => {
    expect(readRole({ role_enum: '', role: null, roleName: 'moderator' })).toEqual({ role: 'moderator', field: 'roleName' });
    expect(readRole({ role_enum: '   ', role: 3, roleName: 'admin' })).toEqual({ role: 'admin', field: 'roleName' });
    expect(readRole({ role_enum: null, role: undefined })).toBeNull();
    expect(readRole({})).toBeNull();
  });

  it('ignores case and spaces; a value that is no role gives user, not a later field', () => {
    expect(readRole({ role: ' Admin ' })).toEqual({ role: 'admin', field: 'role' });
    expect(readRole({ role_enum: 'superuser', role: 'admin' })).toEqual({ role: 'user', field: 'role_enum' });
  });
});

describe('lookupRole: profile by userId, then by document id, then by email', () => {
  it('prefers the profile whose userId is the account id', async () => {
    const db = collection([
      { $id: 'by-email', email: 'ama@example.com', role: 'moderator' },
      { $id: 'acc-1', role: 'user' },
      { $id: 'p1', userId: 'acc-1', role: 'admin' },
    ]);
    expect(await lookupRole(db, account)).toEqual({ role: 'admin', profile: db.docs[2], by: 'userId', field: 'role' });
    expect(db.lookups).toEqual([['userId', 'acc-1']]);
  });

  it('then the document whose id is the account id', async () => {
    const db = collection([
      { $id: 'by-email', email: 'ama@example.com', role: 'admin' },
      { $id: 'acc-1', roleName: 'moderator' },
    ]);
    expect(await lookupRole(db, account)).toMatchObject({ role: 'moderator', by: '$id', field: 'roleName' });
    expect(db.lookups).toEqual([['userId', 'acc-1'], ['$id', 'acc-1']]);
  });

  it('then a profile with the account e-mail that belongs to no account yet, which it claims', async () => {
    const db = collection([{ $id: 'old', email: 'ama@example.com', role_enum: 'moderator' }]);
    expect(await lookupRole(db, account)).toMatchObject({ role: 'moderator', by: 'email', field: 'role_enum', profile: { $id: 'old', userId: 'acc-1' } });
    expect(db.lookups).toEqual([['userId', 'acc-1'], ['$id', 'acc-1'], ['email', 'ama@example.com']]);
    expect(db.writes).toEqual([['old', bound]]);
    // Claimed: found by userId from now on.
    db.lookups.length = 0;
    expect(await lookupRole(db, account)).toMatchObject({ role: 'moderator', by: 'userId' });
    expect(db.lookups).toEqual([['userId', 'acc-1']]);
  });

  it('never takes the role of a profile that belongs to another account (a recycled address)', async () => {
    const db = collection([{ $id: 'old', userId: 'former-employee', email: 'ama@example.com', role: 'admin' }]);
    expect(await lookupRole(db, account)).toEqual({ role: 'user', profile: null, by: null, field: null });
    expect(db.writes).toEqual([]);
    // Nor the document named by the account id when another account owns it.
    const named = collection([{ $id: 'acc-1', userId: 'someone-else', role: 'admin' }]);
    expect((await lookupRole(named, account)).role).toBe('user');
  });

  it('skips profiles of other accounts with the same e-mail and takes the free one', async () => {
    const db = collection([
      { $id: 'stale', userId: 'former-employee', email: 'ama@example.com', role: 'admin' },
      { $id: 'free', email: 'ama@example.com', role: 'moderator' },
    ]);
    expect(await lookupRole(db, account)).toMatchObject({ role: 'moderator', profile: { $id: 'free' } });
    expect(db.writes).toEqual([['free', bound]]);
  });

  it('does not look up by e-mail for an unverified address', async () => {
    const db = collection([{ $id: 'old', email: 'ama@example.com', role: 'admin' }]);
    expect(await lookupRole(db, { ...account, emailVerified: false })).toEqual({ role: 'user', profile: null, by: null, field: null });
    expect(db.lookups.map(([f]) => f)).toEqual(['userId', '$id']);
  });

  it('answers user when there is no profile, or the profile has no role', async () => {
    expect(DEFAULT_ROLE).toBe('user');
    expect((await lookupRole(collection([]), account)).role).toBe('user');
    const noRole = collection([{ $id: 'p', userId: 'acc-1', email: 'ama@example.com' }]);
    expect(await lookupRole(noRole, account)).toMatchObject({ role: 'user', by: 'userId', field: null });
  });

  it('stops at the first profile found, even one without a role', async () => {
    const db = collection([{ $id: 'p', userId: 'acc-1' }, { $id: 'q', email: 'ama@example.com', role: 'admin' }]);
    expect((await lookupRole(db, account)).role).toBe('user');
  });

  it('lets lookup errors through (the caller answers 502/503, not "user")', async () => {
    const find: FindProfile = async () => {
      throw new Error('Appwrite is down');
    };
    await expect(lookupRole({ find, update: async () => {} }, account)).rejects.toThrow('Appwrite is down');
  });

  it('findProfile skips an empty e-mail', async () => {
    const db = collection([{ $id: 'x', email: '' }]);
    expect(await findProfile(db, { id: 'acc-2', email: '', emailVerified: true, registration: REGISTERED })).toBeNull();
    expect(db.lookups.map(([f]) => f)).toEqual(['userId', '$id']);
  });

  it('isStaff: admin and moderator', () => {
    expect([isStaff('admin'), isStaff('moderator'), isStaff('user')]).toEqual([true, true, false]);
  });
});

describe('a profile is bound to one account, not to an id (issue 24: a re-registered id)', () => {
  const reRegistered: AccountRef = { ...account, email: 'someone-else@example.com', registration: '2026-06-01T08:00:00.000+00:00' };

  it('a bound profile counts only for the account registered at that instant, whichever way it is found', async () => {
    const db = collection([{ $id: 'acc-1', ...bound, email: 'ama@example.com', role: 'admin' }]);
    expect(await lookupRole(db, account)).toMatchObject({ role: 'admin', by: 'userId' });
    // The same instant in another notation is the same account.
    expect((await lookupRole(db, { ...account, registration: '2026-03-01T10:00:00Z' })).role).toBe('admin');
    // The account was deleted and its id registered again: by userId, by document id, by a (verified) e-mail.
    expect(await lookupRole(db, reRegistered)).toEqual({ role: 'user', profile: null, by: null, field: null });
    expect((await lookupRole(db, { ...reRegistered, email: 'ama@example.com' })).role).toBe('user');
    expect(db.writes).toEqual([]);
  });

  it('an unbound profile is bound at its owner\'s next sign-in when it was made after the account', async () => {
    const db = collection([{ $id: 'acc-1', userId: 'acc-1', email: 'ama@example.com', role: 'moderator', $createdAt: REGISTERED }]);
    expect(await lookupRole(db, account)).toMatchObject({ role: 'moderator', by: 'userId', profile: bound });
    expect(db.writes).toEqual([['acc-1', bound]]);
  });

  it('an unbound profile made before the account was made for an earlier account with the id: never bound, never counted', async () => {
    const db = collection([{ $id: 'acc-1', userId: 'acc-1', email: 'ama@example.com', role: 'admin', $createdAt: '2026-02-01T00:00:00.000+00:00' }]);
    expect(await lookupRole(db, account)).toEqual({ role: 'user', profile: null, by: null, field: null });
    expect(await lookupRole(db, { ...account, emailVerified: true })).toMatchObject({ role: 'user' });
    expect(db.writes).toEqual([]);
  });

  it('an account without a registration time (nothing to bind to) gets no profile', async () => {
    const db = collection([{ $id: 'acc-1', ...bound, role: 'admin' }, { $id: 'free', email: 'ama@example.com', role: 'admin' }]);
    expect((await lookupRole(db, { ...account, registration: '' })).role).toBe('user');
    expect(db.writes).toEqual([]);
  });

  it('a role change for the new account takes the stale profile over, bound to it, with the new role only', async () => {
    const docs: ProfileDocument[] = [{ $id: 'acc-1', ...bound, email: 'ama@example.com', role_enum: 'admin', $createdAt: LATER }];
    const db = collection(docs);
    const creates: unknown[] = [];
    const s: RoleStore = { ...db, create: async (p) => { creates.push(p); } };
    expect(await updateRole(s, reRegistered, 'moderator')).toBe(true);
    expect(creates).toEqual([]);
    expect(db.writes).toEqual([['acc-1', { userId: 'acc-1', accountRegistration: reRegistered.registration, email: 'someone-else@example.com', role_enum: 'moderator' }]]);
    expect((await lookupRole(db, reRegistered)).role).toBe('moderator');
    expect((await lookupRole(db, account)).role).toBe('user');
  });
});

describe('updateRole: update the profile, or create it when missing', () => {
  function store(docs: ProfileDocument[], canCreate = true) {
    const db = collection(docs);
    const updates: [string, Record<string, string>][] = [];
    const creates: Record<string, string>[] = [];
    const s: RoleStore = {
      find: db.find,
      update: async (id, data) => {
        updates.push([id, data]);
        await db.update(id, data);
      },
      create: canCreate ? async (p) => { creates.push(p); docs.push({ $id: p.userId, ...p }); } : null,
      onError: vi.fn(),
    };
    return { s, docs, updates, creates };
  }

  it('updates the role of the profile found, in the field it keeps the role in', async () => {
    const t = store([{ $id: 'p1', ...bound, role_enum: 'user' }]);
    expect(await updateRole(t.s, account, 'moderator')).toBe(true);
    expect(t.updates).toEqual([['p1', { role_enum: 'moderator' }]]);
    expect(t.creates).toEqual([]);
    expect((await lookupRole(t.s, account)).role).toBe('moderator');
  });

  it('writes `role` into a profile that has no role field yet', async () => {
    const t = store([{ $id: 'acc-1', email: 'ama@example.com' }]);
    expect(await updateRole(t.s, account, 'admin')).toBe(true);
    // (Bound to the account first: it was made after the account's registration.)
    expect(t.updates).toEqual([['acc-1', bound], ['acc-1', { role: 'admin' }]]);
  });

  it('finds the profile in the lookup order (by e-mail last, claiming it)', async () => {
    const t = store([{ $id: 'old', email: 'ama@example.com', roleName: 'user' }]);
    expect(await updateRole(t.s, account, 'admin')).toBe(true);
    expect(t.updates).toEqual([['old', bound], ['old', { roleName: 'admin' }]]);
  });

  it('never writes into a profile of another account with the same e-mail: the target gets its own', async () => {
    const t = store([{ $id: 'stale', userId: 'former-employee', email: 'ama@example.com', role_enum: 'moderator' }]);
    expect(await updateRole(t.s, account, 'admin')).toBe(true);
    expect(t.updates).toEqual([]);
    expect(t.creates).toEqual([{ userId: 'acc-1', email: 'ama@example.com', role: 'admin', accountRegistration: REGISTERED }]);
    expect(t.docs[0]).toMatchObject({ userId: 'former-employee', role_enum: 'moderator' });
  });

  it('creates a profile with email, role and userId when there is none', async () => {
    const t = store([]);
    expect(await updateRole(t.s, account, 'moderator')).toBe(true);
    expect(t.creates).toEqual([{ userId: 'acc-1', email: 'ama@example.com', role: 'moderator', accountRegistration: REGISTERED }]);
    expect((await lookupRole(t.s, account)).role).toBe('moderator');
  });

  it('returns false when there is none and no profiles collection is configured', async () => {
    const t = store([], false);
    expect(await updateRole(t.s, account, 'admin')).toBe(false);
    expect(t.updates).toEqual([]);
  });

  it('returns false (and reports the error) when the database fails', async () => {
    const t = store([{ $id: 'p1', userId: 'acc-1', role: 'user' }]);
    const error = new Error('write refused');
    t.s.update = async () => {
      throw error;
    };
    expect(await updateRole(t.s, account, 'admin')).toBe(false);
    expect(t.s.onError).toHaveBeenCalledWith(error);
  });

  it('returns false for a value that is no role, writing nothing', async () => {
    const t = store([{ $id: 'p1', userId: 'acc-1', role: 'user' }]);
    expect(await updateRole(t.s, account, 'owner' as never)).toBe(false);
    expect(t.updates).toEqual([]);
  });
});
