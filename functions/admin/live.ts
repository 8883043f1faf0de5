import { Hono } from 'hono';
import { firstName } from '../../shared/chat/live.ts';
import { errorText } from '../../shared/log.ts';
import { staffPresence } from '../../durable/StaffPresence.ts';
import type { AppEnv } from '../env.ts';
import { conversationByRef } from '../chat.ts';
import { apiError } from '../errors.ts';
import { conversationRefParam } from '../live.ts';
import { validate } from '../validate.ts';
import { allow } from './allow.ts';
import { waitingVisitors } from './liveWaiting.ts';
import type { WaitingResponse } from '../../shared/admin/waiting.ts';

// The staff side of "Talk to a person" (docs/decisions/0019); the visitor's is functions/live.ts.
//   POST /api/admin/presence          the admin area is open (every PRESENCE_HEARTBEAT_MS): staff available
//   GET  /api/admin/live/waiting      the visitors waiting for a person now, oldest first (docs/decisions/0030)
//   GET  /api/admin/live/:ref         a live chat's state and transcript, before joining
//   POST /api/admin/live/:ref/join    a one-time ticket for the room's socket (GET /api/chat/live/:ref/socket)
// :ref is the conversation's reference, as the record keeps it: staff never see the id (docs/decisions/0021).
// The staff member's first name is what the visitor sees; it comes from the account, never from the client.

export interface LiveTicketResponse {
  ticket: string;
}

export const livePresence = new Hono<AppEnv>()
  .post('/', allow('live.join'), async (c) => {
    const { user } = c.get('auth');
    await staffPresence(c.env).seen(user.id, firstName(user.name, user.email));
    return c.body(null, 204);
  });

export const liveChats = new Hono<AppEnv>()
  .get('/waiting', allow('live.join'), async (c) => {
    const { client, settings } = c.get('appwrite');
    try {
      const waiting = await waitingVisitors(c.env, client, settings.databaseId);
      return c.json<WaitingResponse, 200>({ waiting }, 200, { 'Cache-Control': 'no-store' });
    } catch (err) {
      c.var.log.error('live.waiting_failed', { error: errorText(err) });
      return apiError(c, 503, 'unavailable', 'Who is waiting could not be loaded. Please try again.');
    }
  })
  .get('/:ref', allow('live.join'), validate('param', conversationRefParam), async (c) => {
    try {
      const view = await conversationByRef(c.env, c.req.valid('param').ref)?.liveView();
      if (!view) return apiError(c, 404, 'not_found', 'There is no live chat in this conversation.');
      return c.json(view, 200);
    } catch (err) {
      c.var.log.error('live.view_failed', { error: errorText(err) });
      return apiError(c, 503, 'unavailable', 'The live chat could not be loaded. Please try again.');
    }
  })
  .post('/:ref/join', allow('live.join'), validate('param', conversationRefParam), async (c) => {
    const { user } = c.get('auth');
    try {
      const { ref } = c.req.valid('param');
      // Remembered before the ticket exists, so that a demotion from now on closes this socket too (docs/decisions/0017).
      await staffPresence(c.env).joined(user.id, ref);
      const ticket = await conversationByRef(c.env, ref)?.staffTicket(user.id, firstName(user.name, user.email));
      if (!ticket) return apiError(c, 409, 'ended', 'This live chat has ended.');
      return c.json<LiveTicketResponse, 200>({ ticket }, 200);
    } catch (err) {
      c.var.log.error('live.join_failed', { error: errorText(err) });
      return apiError(c, 503, 'unavailable', 'The live chat could not be joined. Please try again.');
    }
  });
