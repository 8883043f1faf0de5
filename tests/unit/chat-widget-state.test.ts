import { describe, expect, it } from 'vitest';
import {
  CHAT_CONTEXT_MESSAGES, MAX_MESSAGE_CHARS, MAX_TRANSCRIPT_MESSAGES, TRANSCRIPT_MESSAGE_CHARS, chatRequestSchema,
} from '../../shared/chat/api.ts';
import { emptyLead, initialFlowState, savedLeadRecord } from '../../shared/chat/flows.ts';
import {
  appendLeadRecord, botArrives, clearStoredMessages, CONTEXT_MESSAGES, contextTurns, markBotSeen, markUserSeen, MESSAGE_CHARS,
  readStoredLead, setStatus, STORAGE_KEYS, storeLead, storeMessages, transcript, TRANSCRIPT_CHARS, TRANSCRIPT_MESSAGES,
  type ChatMessage,
} from '../../web/chat/chatState.ts';

// The widget's pure helpers (web/chat/chatState.ts): the unread rules, statuses, what goes to /api/chat,
// and local storage (spec.md sections 3, 4 and 7).

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
    expect(CONTEXT_MESSAGES).toBe(CHAT_CONTEXT_MESSAGES);
    expect(CONTEXT_MESSAGES).toBe(12);
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

describe('contextTurns (POST /api/chat body)', () => {
  it('keeps the last 12 messages with text, ending with the visitor\'s, valid for the schema', () => {
    const list: ChatMessage[] = [];
    for (let i = 0; i < 20; i++) list.push(msg(i % 2 ? 'bot' : 'user', `message ${i}`));
    list.push(msg('user', '  last  '), msg('bot', ''), { ...msg('bot', 'typing'), isTyping: true });
    const turns = contextTurns(list);
    expect(turns).toHaveLength(12);
    expect(turns.at(-1)).toEqual({ role: 'user', text: 'last' });
    expect(chatRequestSchema.safeParse({ messages: turns }).success).toBe(true);
  });

  it('cuts long messages to the accepted size', () => {
    const turns = contextTurns([msg('user', 'x'.repeat(5000))]);
    expect(turns[0]!.text).toHaveLength(MAX_MESSAGE_CHARS);
    expect(chatRequestSchema.safeParse({ messages: turns }).success).toBe(true);
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
