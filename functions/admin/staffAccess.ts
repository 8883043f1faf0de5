import { staffPresence } from '../../durable/StaffPresence.ts';
import { errorText, type Logger } from '../../shared/log.ts';
import { isConversationRef } from '../../shared/chat/conversation.ts';

// Staff access that lives outside the per-request role check ends with the role (docs/decisions/0017).
// Every /api/admin request looks the role up afresh, but a live chat's socket was let in once, by a ticket:
// on a demotion the person stops counting as available for "Talk to a person" and their sockets in the
// live chats they were let into are closed (StaffPresence remembers which rooms, the rooms close them).

/** Ends the live-chat access of an account that lost the staff role. Failures are logged, not thrown. */
export async function endStaffAccess(env: Env, userId: string, log: Logger): Promise<{ rooms: number; closed: number }> {
  let rooms: string[];
  try {
    rooms = await staffPresence(env).revoke(userId);
  } catch (err) {
    log.error('staff_access.end_failed', { alert: true, userId, error: errorText(err) });
    return { rooms: 0, closed: 0 };
  }
  // Rooms are remembered by reference (docs/decisions/0021); ones remembered before, by id.
  const room = (name: string) => (isConversationRef(name) ? env.CONVERSATION.get(env.CONVERSATION.idFromString(name)) : env.CONVERSATION.getByName(name));
  const results = await Promise.allSettled(rooms.map((name) => room(name).closeStaff(userId)));
  let closed = 0;
  for (const r of results) {
    if (r.status === 'fulfilled') closed += r.value;
    else log.error('staff_access.end_failed', { alert: true, userId, error: errorText(r.reason) });
  }
  log.info('staff_access.ended', { userId, rooms: rooms.length, closed });
  return { rooms: rooms.length, closed };
}
