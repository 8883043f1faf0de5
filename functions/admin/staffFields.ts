import { isConversationId } from '../../shared/chat/conversation.ts';
import { conversationRef } from '../chat.ts';

/**
 * A record's submitted fields as staff read them (the lead page, the CSV): a conversation's reference,
 * never its id (docs/decisions/0021). Records written before references carry the id: it is replaced
 * by the reference it maps to, so those read the same and their live chats can still be joined.
 */
export function staffFields(env: Env, fields: Record<string, string>): Record<string, string> {
  const { conversationId, ...rest } = fields;
  if (rest.conversationRef || !isConversationId(conversationId)) return rest;
  return { ...rest, conversationRef: conversationRef(env, conversationId) };
}
