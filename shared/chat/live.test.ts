import { describe, expect, it } from 'vitest';
import {
  asksForPerson, EARLIER_LEFT_OUT, exchangeMessages, firstName, transcriptText, transcriptWithin, visitorRate, voiceMayTake, VISITOR_MESSAGES_PER_MINUTE, type LiveMessage,
} from './live.ts';
import { transcript } from '../admin/leadFields.ts';

describe('the live hand-off rules', () => {
  it('hears a request for a person, and not every mention of one', () => {
    for (const yes of ['Talk to a person', 'Can I speak to a human?', 'connect me with someone please', 'human', 'Real person!', 'I want to chat with an agent']) {
      expect(asksForPerson(yes), yes).toBe(true);
    }
    for (const no of ['Who is the person behind Kumasi Eats?', 'How much is a website?', 'Talk about prices', 'We need a chatbot for our staff portal']) {
      expect(asksForPerson(no), no).toBe(false);
    }
  });

  it('keeps typed words from the voice session (the AI) once a person is asked for or answering', () => {
    expect(voiceMayTake('off', 'What does a website cost?')).toBe(true);
    for (const phase of ['waiting', 'live', 'need_email'] as const) expect(voiceMayTake(phase, 'What does a website cost?'), phase).toBe(false);
    expect(voiceMayTake('off', 'Talk to a person')).toBe(false);
    expect(voiceMayTake('off', 'Can I speak to a human?')).toBe(false);
  });

  it('names staff by their first name, or the start of their e-mail', () => {
    expect(firstName('Ama Mensah', 'ama@x.com')).toBe('Ama');
    expect(firstName('  ', 'kofi.b@x.com')).toBe('kofi.b');
  });

  it('allows a visitor VISITOR_MESSAGES_PER_MINUTE messages in any minute', () => {
    const now = 1_000_000;
    const full = Array.from({ length: VISITOR_MESSAGES_PER_MINUTE }, (_, i) => now - i * 1000);
    expect(visitorRate(full, now).allowed).toBe(false);
    expect(visitorRate(full, now + 60_000 - (VISITOR_MESSAGES_PER_MINUTE - 1) * 1000).allowed).toBe(true);
  });

  it('writes the transcript so that the lead page reads it back, staff names and multi-line messages included', () => {
    const messages = [
      ...exchangeMessages([{ at: '2026-11-25T10:00:00Z', source: 'local', contents: [
        { role: 'user', parts: [{ text: 'Hi' }] },
        { role: 'model', parts: [{ text: 'thinking', thought: true }, { text: 'Hello!' }] },
      ] }]),
      { id: 'l1', from: 'system' as const, text: 'Ama joined the conversation.', at: '' },
      { id: 'l2', from: 'staff' as const, name: 'Ama', text: 'Hi there\nHow can I help?', at: '' },
    ];
    expect(transcript('live', { messages: transcriptText(messages) })).toEqual([
      { from: 'visitor', text: 'Hi' },
      { from: 'assistant', text: 'Hello!' },
      { from: 'system', text: 'Ama joined the conversation.' },
      { from: 'staff', name: 'Ama', text: 'Hi there\nHow can I help?' },
    ]);
  });

  it('fits a long transcript by leaving out whole messages from the start, and says so', () => {
    const messages: LiveMessage[] = Array.from({ length: 30 }, (_, i) => ({ id: `${i}`, from: i % 2 ? 'assistant' : 'visitor', text: `${i}\n`.padEnd(1000, '.'), at: '' }));
    expect(transcriptWithin(messages.slice(0, 3), 20_000)).toBe(transcriptText(messages.slice(0, 3)));
    const text = transcriptWithin(messages, 20_000);
    expect(text.length).toBeLessThanOrEqual(20_000);
    expect(text.startsWith(`${EARLIER_LEFT_OUT}\n`)).toBe(true);
    expect(text.endsWith(transcriptText(messages.slice(-19)))).toBe(true);
    const turns = transcript('lead', { messages: text }) ?? [];
    expect(turns[0]).toEqual({ from: 'system', text: 'Earlier messages were left out.' });
    expect(turns.slice(1).map((t) => t.text.split('\n')[0])).toEqual(Array.from({ length: 19 }, (_, i) => `${i + 11}`));
  });
});
