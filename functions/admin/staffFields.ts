import { isConversationId, isConversationRef } from '../../shared/chat/conversation.ts';
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

/** The conversation a record names: its reference, or the reference of the id older records carry; else null. */
export function recordConversationRef(env: Env, record: Readonly<Record<string, unknown>>): string | null {
  if (isConversationRef(record.conversationRef)) return record.conversationRef;
  return isConversationId(record.conversationId) ? conversationRef(env, record.conversationId) : null;
}
