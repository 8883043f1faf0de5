import { DurableObject } from 'cloudflare:workers';
import { PRESENCE_WINDOW_MS } from '../shared/chat/live.ts';

// Who of the staff has the admin area open (docs/decisions/0019). One object (named STAFF_PRESENCE_NAME):
// the admin area says it is open every PRESENCE_HEARTBEAT_MS (POST /api/admin/presence, after the Worker
// has checked the JWT and the staff role), and "Talk to a person" asks whether anyone was seen within
// PRESENCE_WINDOW_MS. Kept in storage so that an evicted object still knows; entries older than the window
// are dropped as they are read.

export const STAFF_PRESENCE_NAME = 'staff-presence';

/** The one object, for the Worker's routes (functions/live.ts, functions/admin/live.ts). */
export const staffPresence = (env: Pick<Env, 'STAFF_PRESENCE'>) => env.STAFF_PRESENCE.getByName(STAFF_PRESENCE_NAME);

/** How long a room a staff member was let into is remembered (a live chat ends after 30 idle minutes). */
const ROOM_MEMORY_MS = 24 * 60 * 60_000;

interface Seen {
  name: string;
  at: number;
}

export class StaffPresence extends DurableObject<Env> {
  private get kv(): SyncKvStorage {
    return this.ctx.storage.kv;
  }

  /** A staff member has the admin area open now. */
  seen(userId: string, firstName: string, now: number = Date.now()): void {
    this.kv.put(`s:${userId}`, { name: firstName, at: now } satisfies Seen);
  }

  /** The first names of staff seen within the window (stale entries are removed). */
  available(now: number = Date.now()): string[] {
    const names: string[] = [];
    for (const [key, seen] of this.kv.list<Seen>({ prefix: 's:' })) {
      if (now - seen.at > PRESENCE_WINDOW_MS) this.kv.delete(key);
      else names.push(seen.name);
    }
    return names;
  }

  /** A staff member signed out or closed the admin area. */
  left(userId: string): void {
    this.kv.delete(`s:${userId}`);
  }

  // --- Staff access that ends with the role (docs/decisions/0017) --------------------------------------
  // The live chats a staff member was let into ('r:' + userId + ':' + conversation reference → when), so that a
  // demotion can close their sockets there at once: a room knows its sockets, not who has sockets where.

  /** A staff member is being let into this live chat's room (recorded before the ticket is made). */
  joined(userId: string, conversationRef: string, now: number = Date.now()): void {
    for (const [key, at] of this.kv.list<number>({ prefix: `r:${userId}:` })) if (now - at > ROOM_MEMORY_MS) this.kv.delete(key);
    this.kv.put(`r:${userId}:${conversationRef}`, now);
  }

  /** A staff member lost the staff role: no longer available, and the rooms they were let into (forgotten here). */
  revoke(userId: string): string[] {
    this.kv.delete(`s:${userId}`);
    const prefix = `r:${userId}:`;
    const rooms: string[] = [];
    for (const [key] of this.kv.list<number>({ prefix })) {
      this.kv.delete(key);
      rooms.push(key.slice(prefix.length));
    }
    return rooms;
  }
}
