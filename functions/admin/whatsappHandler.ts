import { Hono } from 'hono';
import { z } from 'zod';
import { firstName } from '../../shared/chat/live.ts';
import type { WaHandler } from '../../shared/whatsapp/inbound.ts';
import type { AppEnv } from '../env.ts';
import { jsonOnly, validate } from '../validate.ts';
import { handBackWhatsApp, takeWhatsAppConversation } from '../whatsapp/handler.ts';
import { allow } from './allow.ts';
import { idParam } from './leads.ts';

// Who answers a WhatsApp lead's customer, set by staff (docs/decisions/0031, "Assistant and hand-off"):
//   POST /api/admin/whatsapp-handler/:id { handler: 'staff' }      join: a person has it, the assistant is silent
//   POST /api/admin/whatsapp-handler/:id { handler: 'assistant' }  hand back: the assistant answers again
// Staff who may join a live chat may do this (live.join); the name the customer's record shows comes from
// the account, never from the client. 404 for no such lead, 409 for a lead without a WhatsApp conversation.

export interface WhatsAppHandlerResponse {
  handler: WaHandler;
  since: string;
  staffName: string | null;
}

const handlerBody = z.object({
  handler: z.enum(['staff', 'assistant'], { error: 'Choose staff (join) or assistant (hand back).' }),
});

export const whatsappHandler = new Hono<AppEnv>()
  .post('/:id', allow('live.join'), validate('param', idParam), jsonOnly, validate('json', handlerBody), async (c) => {
    const { user } = c.get('auth');
    const { id } = c.req.valid('param');
    const change = c.req.valid('json').handler === 'staff'
      ? await takeWhatsAppConversation(c.env, id, { id: user.id, name: firstName(user.name, user.email) })
      : await handBackWhatsApp(c.env, id);
    c.var.log.info('whatsapp.handler', { leadId: id, handler: change.record.handler, changed: change.changed });
    const { handler, since, staffName } = change.record;
    return c.json<WhatsAppHandlerResponse, 200>({ handler, since, staffName }, 200, { 'Cache-Control': 'no-store' });
  });
