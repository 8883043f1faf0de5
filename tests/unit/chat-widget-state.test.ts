import { describe, expect, it } from 'vitest';
import {
  MAX_MESSAGE_CHARS, MAX_TRANSCRIPT_MESSAGES, TRANSCRIPT_MESSAGE_CHARS, chatRequestSchema,
} from '../../shared/chat/api.ts';
import { newConversationId } from '../../shared/chat/conversation.ts';
import { uniqueId } from '../../shared/id.ts';
import { emptyLead, initialFlowState, savedLeadRecord } from '../../shared/chat/flows.ts';
import {
  appendLeadRecord, botArrives, chatBody, conversationOf, markBotSeen, markUserSeen, MESSAGE_CHARS,
  readStoredLead, setStatus, storeLead, storeMessages, submissionIds, transcript, TRANSCRIPT_CHARS, TRANSCRIPT_MESSAGES,
  type ChatMessage,
} from '../../web/chat/chatState.ts';
import { clearStoredMessages, STORAGE_KEYS } from '../../web/chat/storage.ts';

// The widget's pure helpers (web/chat/chatState.ts): the unread rules, statuses, what goes to /api/chat,
// and local storage (docs/product.md §6.1 and §17.2).

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
}

let n = 0;
const msg = (type: 'user' | 'bot', text: string, status: ChatMessage['status'] = 'sent'): ChatMessage =>
  ({ id: `m${n++}`, type, text, timestamp: 0, status });

describe('limits match the wire types', () => {
  it('uses the same numbers as shared/chat/api.ts without importing its schemas', () => {
    expect(MESSAGE_CHARS).toBe(MAX_MESSAGE_CHARS);
    expect(TRANSCRIPT_MESSAGES).toBe(MAX_TRANSCRIPT_MESSAGES);
    expect(TRANSCRIPT_CHARS).toBe(TRANSCRIPT_MESSAGE_CHARS);
  });
});

describe('unread and seen', () => {
  it('a bot message is seen at once while open, and one more unread while closed', () => {
    expect(botArrives(true, 3)).toEqual({ status: 'seen', unread: 0 });
    expect(botArrives(false, 0)).toEqual({ status: 'sent', unread: 1 });
    expect(botArrives(false, 2)).toEqual({ status: 'sent', unread: 3 });
  });

  it('opening marks bot messages seen and leaves the visitor\'s alone', () => {
    const list = [msg('user', 'hi', 'sent'), msg('bot', 'hello', 'sent'), msg('bot', 'more', 'sent')];
    expect(markBotSeen(list).map((m) => m.status)).toEqual(['sent', 'seen', 'seen']);
  });

  it('the visitor\'s messages become seen when the bot answers; a status never goes back from seen', () => {
    const list = [msg('user', 'a', 'sending'), msg('bot', 'b', 'sent')];
    expect(markUserSeen(list).map((m) => m.status)).toEqual(['seen', 'sent']);
    const seen = markUserSeen(list);
    expect(setStatus(seen, seen[0]!.id, 'sent')[0]!.status).toBe('seen');
    expect(setStatus(list, list[0]!.id, 'sent')[0]!.status).toBe('sent');
  });
});

describe('what goes to /api/chat, /api/chat/lead and /api/chat/pricing', () => {
  it('only the new message and the conversation id and key the server gave, valid for the schema; never the bot\'s words', () => {
    const conversation = { id: newConversationId(), key: newConversationId() };
    expect(chatBody('  hello  ', null)).toEqual({ message: 'hello' });
    expect(chatBody('hello', conversation)).toEqual({ message: 'hello', conversationId: conversation.id, conversationKey: conversation.key });
    expect(chatRequestSchema.safeParse(chatBody('hello', conversation)).success).toBe(true);
    expect(chatBody('x'.repeat(5000), null).message).toHaveLength(MAX_MESSAGE_CHARS);
    expect(chatRequestSchema.safeParse(chatBody('x'.repeat(5000), conversation)).success).toBe(true);
  });

  it('takes the conversation of an answer only when it is one; a new conversation\'s key replaces the one held, the same conversation keeps it', () => {
    const id = newConversationId();
    const key = newConversationId();
    expect(conversationOf({ reply: null, source: 'local', conversationId: id, conversationKey: key }, null)).toEqual({ id, key });
    expect(conversationOf({ reply: null, source: 'local', conversationId: id }, { id, key })).toEqual({ id, key });
    expect(conversationOf({ conversationId: id }, { id: newConversationId(), key })).toEqual({ id });
    for (const body of [null, {}, { conversationId: 42 }, { conversationId: '../ledger' }, { conversationId: `${id}x` }]) expect(conversationOf(body, { id, key })).toBeNull();
  });

  it('one submission id per lead and per pricing request, the same for every retry until the server accepts it', () => {
    const ids = submissionIds(uniqueId);
    const lead = ids.take('lead');
    expect(lead).toMatch(/^[0-9a-f]{18,19}$/);
    expect(ids.take('lead')).toBe(lead);
    const pricing = ids.take('pricing');
    expect(pricing).not.toBe(lead);
    ids.accepted('lead');
    expect(ids.take('pricing')).toBe(pricing);
    const next = ids.take('lead');
    expect(next).not.toBe(lead);
  });

  it('transcript: at most 40 messages of at most 1000 characters', () => {
    const list = Array.from({ length: 50 }, (_, i) => msg(i % 2 ? 'bot' : 'user', 'y'.repeat(1500)));
    const t = transcript(list);
    expect(t).toHaveLength(40);
    expect(t.every((m) => m.text.length === 1000 && (m.type === 'user' || m.type === 'bot'))).toBe(true);
  });
});

describe('local storage', () => {
  it('stored messages are removed at start', () => {
    const s = new MemoryStorage();
    storeMessages(s, [msg('user', 'hello')]);
    expect(JSON.parse(s.getItem(STORAGE_KEYS.messages)!)).toEqual([{ type: 'user', text: 'hello' }]);
    clearStoredMessages(s);
    expect(s.getItem(STORAGE_KEYS.messages)).toBeNull();
  });

  it('a collected lead is restored and starts the lead flow at complete', () => {
    const s = new MemoryStorage();
    storeLead(s, { ...emptyLead(), name: 'Ama', email: 'ama@example.com', collected: true });
    const lead = readStoredLead(s);
    expect(lead).toMatchObject({ name: 'Ama', email: 'ama@example.com', collected: true });
    expect(initialFlowState(lead).lead.step).toBe('complete');
  });

  it('unreadable or foreign lead info is ignored field by field', () => {
    const s = new MemoryStorage();
    expect(readStoredLead(s)).toBeNull();
    s.setItem(STORAGE_KEYS.lead, '{not json');
    expect(readStoredLead(s)).toBeNull();
    s.setItem(STORAGE_KEYS.lead, JSON.stringify({ name: 5, email: 'a@b.c', collected: 'yes', extra: 1 }));
    expect(readStoredLead(s)).toEqual({ email: 'a@b.c' });
    expect(initialFlowState(readStoredLead(s)).lead.step).toBe('idle');
    expect(readStoredLead(null)).toBeNull();
  });

  it('saved lead records are appended to their list; a broken list starts afresh', () => {
    const s = new MemoryStorage();
    const lead = { ...emptyLead(), name: 'Ama', email: 'ama@example.com', collected: true };
    const r1 = savedLeadRecord('18f0a1b2c3d4e5f', lead, [{ type: 'user', text: 'hi' }], new Date('2026-01-01T00:00:00Z'));
    appendLeadRecord(s, r1);
    appendLeadRecord(s, { ...r1, id: 'second' });
    const list = JSON.parse(s.getItem(STORAGE_KEYS.leads)!);
    expect(list.map((r: { id: string }) => r.id)).toEqual(['18f0a1b2c3d4e5f', 'second']);
    expect(list[0]).toMatchObject({ source: 'Chatbot', status: 'New', messages: [{ type: 'user', text: 'hi' }] });
    s.setItem(STORAGE_KEYS.leads, '"oops"');
    appendLeadRecord(s, r1);
    expect(JSON.parse(s.getItem(STORAGE_KEYS.leads)!)).toHaveLength(1);
  });

  it('storage that throws is survived', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => { throw new Error('denied'); } };
    expect(readStoredLead(broken)).toBeNull();
    expect(() => storeLead(broken, emptyLead())).not.toThrow();
    expect(() => clearStoredMessages(broken)).not.toThrow();
    expect(() => storeMessages(broken, [])).not.toThrow();
    expect(() => appendLeadRecord(broken, savedLeadRecord('x', emptyLead(), [], new Date()))).not.toThrow();
  });
});
