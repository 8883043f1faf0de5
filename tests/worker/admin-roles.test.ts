import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../functions/me.ts';
import { uniqueId } from '../../shared/id.ts';
import { callApi, profilesWhere } from './appwrite-helpers.ts';
import { body, expectError, labelsOf, newAccount, rest, setRole, signUp } from './team-helpers.ts';

// Roles bound to the account and role changes that take full effect at once (issue 24, items 1 and 5;
// docs/decisions/0006 and 0017), through the real Worker, its Durable Objects and the Appwrite emulator.

const roleOf = async (jwt: string) => (await body<MeResponse>(await callApi('/api/me', { jwt }), 200)).role;

describe('a deleted account\'s id registered again does not inherit its role', () => {
  /** Deletes the account (offboarding) and signs up a new one under the same id with another address. */
  async function reRegister(id: string) {
    await rest('DELETE', `/users/${id}`);
    return signUp(id, `newcomer-${uniqueId().slice(-8)}@worker.test`, 'Newcomer');
  }

  /** What the newcomer may do: /api/me says user, the admin area refuses, and no staff label is set. */
  async function expectPlainUser(newcomer: { id: string; jwt: string }) {
    expect(await roleOf(newcomer.jwt)).toBe('user');
    await expectError(await callApi('/api/admin/users', { jwt: newcomer.jwt }), 403, 'forbidden');
    await expectError(await callApi('/api/admin/channels', { jwt: newcomer.jwt }), 403, 'forbidden');
    await expectError(await setRole('test-user', 'admin', newcomer.jwt), 403, 'forbidden');
    expect(await labelsOf(newcomer.id)).toEqual([]);
  }

  it('an admin who had signed in since profiles were bound (the profile names the old account)', async () => {
    const a1 = await newAccount('a1', 'admin');
    expect(await roleOf(a1.jwt)).toBe('admin');
    const [profile] = await profilesWhere('userId', a1.id);
    expect(Date.parse(String(profile!.accountRegistration))).toBeGreaterThan(0);

    const newcomer = await reRegister(a1.id);
    await expectPlainUser(newcomer);
    // The old profile is left as it was: it still names the old account.
    expect(await profilesWhere('userId', a1.id)).toMatchObject([{ role: 'admin', accountRegistration: profile!.accountRegistration }]);
  });

  it('an admin whose profile was never bound (made before the binding existed, no sign-in since)', async () => {
    const a1 = await newAccount('a1-unbound', 'admin');
    const newcomer = await reRegister(a1.id);
    await expectPlainUser(newcomer);
    // Not bound to the newcomer: it was made before the newcomer's account.
    const [profile] = await profilesWhere('userId', a1.id);
    expect(profile).toMatchObject({ role: 'admin' });
    expect(profile!.accountRegistration ?? null).toBeNull();
  });

  it('an admin may still give the newcomer a role: the old profile is taken over with that role only', async () => {
    const a1 = await newAccount('a1-promoted', 'admin');
    expect(await roleOf(a1.jwt)).toBe('admin');
    const newcomer = await reRegister(a1.id);
    expect(await body(await setRole(newcomer.id, 'moderator'), 200)).toEqual({ userId: newcomer.id, role: 'moderator' });
    expect(await roleOf(newcomer.jwt)).toBe('moderator');
    expect(await labelsOf(newcomer.id)).toEqual(['moderator']);
    const profiles = await profilesWhere('userId', newcomer.id);
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ $id: a1.id, role: 'moderator', email: newcomer.email });
    const registration = (await rest('GET', `/users/${newcomer.id}`)).registration;
    expect(Date.parse(String(profiles[0]!.accountRegistration))).toBe(Date.parse(String(registration)));
  });
});
