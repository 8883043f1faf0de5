import { ROLE_CHANGES_NAME } from '../../durable/RoleChanges.ts';
import { labelsForRole, sameLabels, STAFF_LABELS } from '../../shared/admin/team.ts';
import { BINDING_FIELD, lookupRole, profileStanding } from '../../shared/appwrite/roles.ts';
import { PROFILES_COLLECTION } from '../../shared/appwrite/schema.ts';
import { errorText, type Logger } from '../../shared/log.ts';
import { AppwriteApiError, appwriteSettings, profileStore, Q, serverClient, type AppwriteClient, type AppwriteUser } from '../../platform/appwrite.ts';
import { accountRef } from '../auth.ts';
import { appConfig } from '../../platform/config.ts';
import { adminCalls } from './appwriteAdmin.ts';
import { endStaffAccess } from './staffAccess.ts';
import { profilesWithRole } from './staffProfiles.ts';

// The scheduled reconciliation of roles (a Cron Trigger, wrangler.toml; docs/decisions/0017). Role changes
// write the profile and the labels in an order that fails safe, and GET /api/me repairs the labels of whoever
// signs in; this run catches what neither reaches: an account whose labels say staff but whose role does not
// (a label set by hand, an undo that failed), a staff profile whose account was deleted (offboarding in the
// Appwrite console), and a staff profile bound to an earlier account with the same id (docs/decisions/0006).
// It runs inside a turn of the role-change turnstile, so it never sees a role change half-way.

/** More staff than this is not this site's team; the run says so in the log. */
const LIMIT = 100;

export interface Repair {
  userId: string;
  what: 'labels' | 'profile_removed';
  from?: string[];
  to?: string[];
  reason?: 'account_deleted' | 'earlier_account';
}

export interface ReconcileReport {
  /** Accounts whose labels were compared with their role. */
  checked: number;
  repairs: Repair[];
  /** Accounts with a staff profile that cannot be bound to them (made before the account): role user until an admin sets it. */
  unbound: string[];
}

/** Reconciles labels with roles once; null when Appwrite is not configured. Errors propagate. */
export async function reconcileRoles(env: Env, log: Logger): Promise<ReconcileReport | null> {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) {
    log.info('roles.reconcile_skipped', { reason: 'Appwrite is not configured' });
    return null;
  }
  const client = serverClient({ ...settings, apiKey: settings.apiKey });
  const turns = env.ROLE_CHANGES.getByName(ROLE_CHANGES_NAME);
  const token = await turns.begin();
  try {
    const report = await reconcile(env, client, settings.databaseId, log);
    log.info('roles.reconciled', { checked: report.checked, repaired: report.repairs.length, unbound: report.unbound });
    return report;
  } finally {
    await turns.end(token).catch((err: unknown) => log.error('role_changes.unavailable', { error: errorText(err) }));
  }
}

async function accountOrNull(client: AppwriteClient, id: string): Promise<AppwriteUser | null> {
  try {
    return await client.user(id);
  } catch (err) {
    if (err instanceof AppwriteApiError && err.status === 404) return null;
    throw err;
  }
}

async function reconcile(env: Env, client: AppwriteClient, databaseId: string, log: Logger): Promise<ReconcileReport> {
  const [labelled, profiles] = await Promise.all([
    adminCalls(client).listUsers({ queries: [Q.contains('labels', STAFF_LABELS), Q.limit(LIMIT)] }),
    profilesWithRole(client, databaseId, STAFF_LABELS, LIMIT),
  ]);
  if (labelled.total > LIMIT || profiles.length >= LIMIT) log.warn('roles.reconcile_truncated', { limit: LIMIT });
  const repairs: Repair[] = [];
  const unbound = new Set<string>();
  const accounts = new Map<string, AppwriteUser | null>(labelled.users.map((u) => [u.$id, u]));

  // Staff profiles: each belongs to an account that still exists, and is bound to it (or can be).
  // Profiles without a userId wait for their address's account (made before it) and are left alone.
  for (const { profile } of profiles) {
    const id = typeof profile.userId === 'string' ? profile.userId : '';
    if (!id) continue;
    if (!accounts.has(id)) accounts.set(id, await accountOrNull(client, id));
    const account = accounts.get(id);
    const reason = !account ? 'account_deleted'
      : profileStanding(profile, accountRef(account), 'userId') !== 'stale' ? null
      : profile[BINDING_FIELD] ? 'earlier_account' : 'unbound';
    if (!reason) continue;
    if (reason === 'unbound') {
      unbound.add(id);
      log.warn('roles.profile_unbound', { userId: id, profileId: profile.$id });
      continue;
    }
    await adminCalls(client).deleteDocument(databaseId, PROFILES_COLLECTION, profile.$id);
    repairs.push({ userId: id, what: 'profile_removed', reason });
    log.info('roles.repaired', { userId: id, what: 'profile_removed', reason, profileId: profile.$id });
    if (reason === 'account_deleted') await endStaffAccess(env, id, log);
  }

  // Labels: every account with a staff label or a staff profile carries exactly its role's label.
  const store = profileStore(client, databaseId);
  let checked = 0;
  for (const account of accounts.values()) {
    if (!account) continue;
    checked += 1;
    const { role } = await lookupRole(store, accountRef(account));
    const from = account.labels ?? [];
    const to = labelsForRole(from, role);
    if (sameLabels(from, to)) continue;
    await adminCalls(client).setLabels(account.$id, to);
    repairs.push({ userId: account.$id, what: 'labels', from, to });
    log.info('roles.repaired', { userId: account.$id, what: 'labels', role, from, to });
  }
  return { checked, repairs, unbound: [...unbound] };
}
