import { Hono } from 'hono';
import { z } from 'zod';
import { isConversationId, isConversationRef } from '../shared/chat/conversation.ts';
import { LIVE_PROTOCOL, LIVE_SECRET_PATTERN, liveMessages, STAFF_CREDENTIAL, VISITOR_CREDENTIAL, type LiveStartResponse } from '../shared/chat/live.ts';
import { liveRequestSchema } from '../shared/chat/liveApi.ts';
import { languageQueueField, liveQueueFields } from '../shared/chat/submissions.ts';
import { errorText } from '../shared/log.ts';
import { LIVE_CREDENTIAL_HEADER } from '../durable/Conversation.ts';
import { staffPresence } from '../durable/StaffPresence.ts';
import { chatMessages } from '../shared/chat/messages.ts';
import type { AppEnv } from './env.ts';
import { apiError, notStored } from './errors.ts';
import { conversationAccess, conversationByRef, conversationForbidden, conversationRef, conversationStub, openConversation } from './chat.ts';
import { originAllowed } from './origin.ts';
import { ackFields } from './promise/ack.ts';
import { enqueueSubmission } from './submissions.ts';
import { raiseAlert } from './alerts/raise.ts';
import { waitingWords } from '../shared/admin/waiting.ts';
import { jsonOnly, refusal, validate } from './validate.ts';

// "Talk to a person" for the visitor (docs/decisions/0019); the staff side is functions/admin/live.ts.
//   POST /api/chat/live              the visitor asks for a person: live (staff online), need_email, queued
//   GET  /api/chat/live/:id/socket   the room's WebSocket (durable/Conversation.ts), for the visitor with
//                                    its token and for staff with a ticket, both in Sec-WebSocket-Protocol
// Rate limits (the generic API limit) are applied in api.ts.

/**
 * `:id` of the socket route: the conversation's id (the visitor's widget) or its reference (staff, who never
 * see the id; docs/decisions/0021). Either way the credential decides who gets in.
 */
export const conversationParam = z.object({
  id: z.string().refine((v) => isConversationId(v) || isConversationRef(v), { message: 'That is not a conversation.', params: refusal(400, 'invalid_id') }),
});

/** `:ref` of the staff's live routes (functions/admin/live.ts): a conversation's reference. */
export const conversationRefParam = z.object({
  ref: z.string().refine(isConversationRef, { message: 'That is not a conversation reference.', params: refusal(400, 'invalid_id') }),
});

/** The credential a browser sent as the second subprotocol, beside LIVE_PROTOCOL. */
function socketCredential(header: string | undefined): string | null {
  const offered = (header ?? '').split(',').map((p) => p.trim());
  if (!offered.includes(LIVE_PROTOCOL)) return null;
  const credential = offered.find((p) => p !== LIVE_PROTOCOL) ?? '';
  for (const prefix of [VISITOR_CREDENTIAL, STAFF_CREDENTIAL]) {
    if (credential.startsWith(prefix) && LIVE_SECRET_PATTERN.test(credential.slice(prefix.length))) return credential;
  }
  return null;
}

export const live = new Hono<AppEnv>()
  .post('/', jsonOnly, validate('json', liveRequestSchema), async (c) => {
    const { conversationId, conversationKey, language, ...contact } = c.req.valid('json');
    const headers = { 'Cache-Control': 'no-store' };
    try {
      const available = await staffPresence(c.env).available();
      // Nobody online and no address yet: the widget asks for one. Nothing is stored, and the id alone
      // learns nothing (docs/decisions/0021).
      if (!available.length && !contact.email) {
        if (conversationId && (await conversationAccess(c.env, conversationId, conversationKey)).status === 'forbidden') return conversationForbidden(c, language);
        return c.json<LiveStartResponse, 200>({ status: 'need_email', conversationId: conversationId ?? null }, 200, headers);
      }
      // Only the browser holding the key re-enters or restarts a conversation: a stranger with the id gets
      // no token, so cannot push out the visitor's, read the transcript, or file it under an address of
      // theirs. The address is the one this conversation's own visitor gives.
      const conversation = await openConversation(c.env, conversationId, conversationKey, language);
      if (conversation === 'forbidden') return conversationForbidden(c, language);
      const key = conversation.key ? { conversationKey: conversation.key } : {};
      const ref = conversationRef(c.env, conversation.id);
      if (available.length) {
        const start = await conversation.stub.startLive(undefined, contact.email || undefined);
        if (start.fresh) {
          try {
            await enqueueSubmission(c.env, c.var.log, 'live', liveQueueFields(contact, { ref, transcript: start.transcript }, 'live'), start.submissionId);
          } catch (err) {
            await conversation.stub.liveFailed(start.submissionId);
            throw err;
          }
          // Staff wherever they are (docs/decisions/0030): keyed by the request, so raised once per request.
          await raiseAlert(c.env, c.var.log, {
            kind: 'visitor_waiting', key: `${ref}:${start.startedAt}`, leadId: start.submissionId, conversationRef: ref,
            userId: null, who: contact.name || null, words: waitingWords(start.transcript), at: start.startedAt,
          });
        }
        c.var.log.info('live.started', { id: start.submissionId, fresh: start.fresh });
        return c.json<LiveStartResponse, 200>({ status: 'live', conversationId: conversation.id, ...key, token: start.token }, 200, headers);
      }
      // Nobody online: the request waits in the inbox, with an address to answer to.
      const request = await conversation.stub.offlineRequest();
      if (request.fresh) {
        // Marked with the language the conversation started in: its acknowledgement is worded in it.
        const language = languageQueueField(await conversation.stub.language());
        await enqueueSubmission(c.env, c.var.log, 'live', { ...liveQueueFields(contact, { ref, transcript: request.transcript }, 'offline'), ...language, ...(await ackFields(c, contact.email)) }, request.id);
        await conversation.stub.offlineFiled(request.id);
      }
      return c.json<LiveStartResponse, 200>({ status: 'queued', conversationId: conversation.id, ...key, id: request.id }, 200, headers);
    } catch (err) {
      c.var.log.error('live.not_started', { alert: true, error: errorText(err) });
      return notStored(c, 'request');
    }
  })
  .get('/:id/socket', validate('param', conversationParam), async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
      return apiError(c, 426, 'upgrade_required', 'The live chat is a WebSocket: connect with Upgrade: websocket.', {}, { Upgrade: 'websocket' });
    }
    if (!originAllowed(c.req.raw, c.var.config.SITE_URL)) return apiError(c, 403, 'forbidden', 'The live chat is only available on this site.');
    const credential = socketCredential(c.req.header('Sec-WebSocket-Protocol'));
    if (!credential) return apiError(c, 401, 'unauthenticated', liveMessages.gone);
    // Only what the room needs travels on: the credential the client offered, under a header the Worker sets.
    const request = new Request(c.req.url, { headers: { Upgrade: 'websocket', [LIVE_CREDENTIAL_HEADER]: credential } });
    const { id } = c.req.valid('param');
    const room = isConversationId(id) ? conversationStub(c.env, id) : conversationByRef(c.env, id);
    if (!room) return apiError(c, 403, 'forbidden', liveMessages.gone);
    try {
      return await room.fetch(request);
    } catch (err) {
      c.var.log.error('live.socket_failed', { error: errorText(err) });
      return apiError(c, 503, 'unavailable', chatMessages.aiHiccup);
    }
  });
