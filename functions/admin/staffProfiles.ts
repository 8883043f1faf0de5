import { readRole, ROLE_FIELDS, type ProfileDocument, type Role } from '../../shared/appwrite/roles.ts';
import { PROFILES_COLLECTION } from '../../shared/appwrite/schema.ts';
import { AppwriteApiError, Q, type AppwriteClient } from '../../platform/appwrite.ts';

// The profiles that hold a staff role, for the staff list (who can be assigned a lead) and the count of
// admins (never the last admin). A profile keeps its role in whichever field the one role reader reads
// first (shared/appwrite/roles.ts: role_enum, else role, else roleName; older installations wrote
// role_enum), so a query on `role` alone misses an admin whose role sits in role_enum. Each field is asked
// (one query each, at once) and every profile found is then judged by readRole itself: a profile whose
// role_enum says user is no admin, whatever its `role` says.

export interface StaffProfile {
  profile: ProfileDocument;
  role: Role;
}

/** Appwrite's answer to a query on an attribute the collection does not have. */
const missingAttribute = (err: unknown) =>
  err instanceof AppwriteApiError && err.type === 'general_query_invalid' && /attribute not found/i.test(err.message);

/** Profiles whose role (as readRole reads it) is one of `roles`, oldest first, each once. */
export async function profilesWithRole(client: AppwriteClient, databaseId: string, roles: readonly Role[], limit = 100): Promise<StaffProfile[]> {
  const lists = await Promise.all(ROLE_FIELDS.map(async (field) => {
    try {
      return (await client.listDocuments(databaseId, PROFILES_COLLECTION, [Q.equalAny(field, roles), Q.orderAsc('$createdAt'), Q.limit(limit)])).documents;
    } catch (err) {
      // A collection without this field (a newer one has no role_enum): nobody keeps a role there.
      if (missingAttribute(err)) return [];
      throw err;
    }
  }));
  const byId = new Map(lists.flat().map((d) => [d.$id, d as ProfileDocument]));
  const out: StaffProfile[] = [];
  for (const profile of [...byId.values()].sort((a, b) => String(a.$createdAt).localeCompare(String(b.$createdAt)))) {
    const role = readRole(profile)?.role;
    if (role && roles.includes(role)) out.push({ profile, role });
  }
  return out;
}
