import { describe, expect, it } from 'vitest';
import {
  channelSlug, groupByDay, labelsForRole, linkify, lowersRole, refuseRoleChange, roleChangeMessages, sameLabels, type RoleChangeFacts,
} from '../../shared/admin/team.ts';
import { deliveryProblem } from '../../shared/admin/deliveries.ts';

// The pure rules of the admin area's channels, people and deliveries (shared/admin/team.ts, deliveries.ts).

describe('channelSlug', () => {
  it('makes one lower-case slug of what staff type', () => {
    expect(channelSlug('  Sales Leads ')).toBe('sales-leads');
    expect(channelSlug('Design — Q4 / 2026!')).toBe('design-q4-2026');
    expect(channelSlug('Équipe_Accra')).toBe('équipe_accra');
    expect(channelSlug('!!!')).toBe('');
    expect(channelSlug('x'.repeat(70))).toHaveLength(70);
  });
});

describe('linkify: plain text and links, nothing else', () => {
  it('finds http, https, mailto and www links and leaves sentence punctuation outside', () => {
    expect(linkify('See https://example.com/a?b=1, or www.voltalabs.dev. Mail mailto:ama@example.com!')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', text: ', or ' },
      { type: 'link', text: 'www.voltalabs.dev', href: 'https://www.voltalabs.dev' },
      { type: 'text', text: '. Mail ' },
      { type: 'link', text: 'mailto:ama@example.com', href: 'mailto:ama@example.com' },
      { type: 'text', text: '!' },
    ]);
  });

  it('keeps markup as text and never makes a javascript: link', () => {
    expect(linkify('<img src=x onerror=alert(1)> javascript:alert(1)')).toEqual([{ type: 'text', text: '<img src=x onerror=alert(1)> javascript:alert(1)' }]);
    expect(linkify('(see https://en.wikipedia.org/wiki/Accra_(city))')).toContainEqual({ type: 'link', text: 'https://en.wikipedia.org/wiki/Accra_(city)', href: 'https://en.wikipedia.org/wiki/Accra_(city)' });
  });
});

describe('groupByDay', () => {
  it('groups by the calendar day of the given time zone, oldest first', () => {
    const m = (postedAt: string) => ({ postedAt });
    const groups = groupByDay([m('2026-11-25T23:30:00Z'), m('2026-11-24T10:00:00Z'), m('2026-11-25T08:00:00Z')], 'Africa/Accra');
    expect(groups.map((g) => [g.day, g.messages.length])).toEqual([['2026-11-24', 1], ['2026-11-25', 2]]);
    // In Tokyo the last one is already the 26th.
    expect(groupByDay([m('2026-11-25T23:30:00Z')], 'Asia/Tokyo')[0]!.day).toBe('2026-11-26');
  });
});

describe('labels follow the role', () => {
  it('adds the staff role as a label, removes the other staff label, keeps unrelated labels', () => {
    expect(labelsForRole([], 'admin')).toEqual(['admin']);
    expect(labelsForRole(['moderator', 'vip'], 'admin')).toEqual(['vip', 'admin']);
    expect(labelsForRole(['admin', 'moderator'], 'user')).toEqual([]);
    expect(sameLabels(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameLabels(['a'], ['a', 'b'])).toBe(false);
  });

  it('a change that takes privilege away writes the labels first (lowersRole), any other writes them last', () => {
    expect([lowersRole('admin', 'moderator'), lowersRole('admin', 'user'), lowersRole('moderator', 'user')]).toEqual([true, true, true]);
    expect([lowersRole('user', 'moderator'), lowersRole('moderator', 'admin'), lowersRole('user', 'admin'), lowersRole('admin', 'admin')]).toEqual([false, false, false, false]);
  });
});

describe('refuseRoleChange', () => {
  const facts: RoleChangeFacts = { actorId: 'a', actorRole: 'admin', targetId: 't', targetRole: 'admin', newRole: 'user', otherAdmins: 1 };
  it('allows an admin to change another account while another admin remains', () => {
    expect(refuseRoleChange(facts)).toBeNull();
    expect(refuseRoleChange({ ...facts, targetRole: 'user', newRole: 'moderator', otherAdmins: 0 })).toBeNull();
  });
  it('refuses one\'s own role, the last admin, and an actor who is no longer an admin', () => {
    expect(refuseRoleChange({ ...facts, targetId: 'a' })).toMatchObject({ status: 409, error: 'own_role', message: roleChangeMessages.ownRole });
    expect(refuseRoleChange({ ...facts, otherAdmins: 0 })).toMatchObject({ status: 409, error: 'last_admin' });
    expect(refuseRoleChange({ ...facts, actorRole: 'user' })).toMatchObject({ status: 403, error: 'forbidden', message: roleChangeMessages.noLongerAdmin });
  });
});

describe('deliveryProblem', () => {
  it('says in words which deliveries are missing', () => {
    expect(deliveryProblem([], true)).toBe('It was not e-mailed to the team and not recorded in Appwrite.');
    expect(deliveryProblem(['appwrite'], true)).toBe('It was not e-mailed to the team (it was recorded in Appwrite).');
    expect(deliveryProblem([], false)).toMatch(/could not be read/);
  });
});
