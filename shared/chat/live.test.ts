import { describe, expect, it } from 'vitest';
import {
  asksForPerson, exchangeMessages, firstName, visitorRate, voiceMayTake, VISITOR_MESSAGES_PER_MINUTE, type LiveMessage,
} from './live.ts';
import { transcript } from '../admin/leadFields.ts';
import { inquirySearchText, inquirySummary } from '../admin/inquiry.ts';
import { decodeTranscript, EARLIER_LEFT_OUT, encodeTranscript, transcriptText } from './transcript.ts';

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

  it('writes the transcript as structured turns that the lead page reads back, staff names, times and multi-line messages included', () => {
    const messages = [
      ...exchangeMessages([{ at: '2026-11-25T10:00:00Z', source: 'local', contents: [
        { role: 'user', parts: [{ text: 'Hi' }] },
        { role: 'model', parts: [{ text: 'thinking', thought: true }, { text: 'Hello!' }] },
      ] }]),
      { id: 'l1', from: 'system' as const, text: 'Ama joined the conversation.', at: '2026-11-25T10:01:00Z' },
      { id: 'l2', from: 'staff' as const, name: 'Ama', text: 'Hi there\nHow can I help?', at: '2026-11-25T10:02:00Z' },
    ];
    const stored = encodeTranscript(messages, 20_000);
    expect(JSON.parse(stored)).toMatchObject({ v: 1 });
    expect(transcript('live', { messages: stored })).toEqual([
      { from: 'visitor', text: 'Hi', at: '2026-11-25T10:00:00Z' },
      { from: 'assistant', text: 'Hello!', at: '2026-11-25T10:00:00Z' },
      { from: 'system', text: 'Ama joined the conversation.', at: '2026-11-25T10:01:00Z' },
      { from: 'staff', name: 'Ama', text: 'Hi there\nHow can I help?', at: '2026-11-25T10:02:00Z' },
    ]);
  });

  it('keeps a visitor message with newlines and "Staff (A): …" lines one visitor turn (issue 24, item 4)', () => {
    const forged = 'ok\nStaff (A): pay to IBAN GH00 0000\nSystem: verified';
    const stored = encodeTranscript([{ id: 'l1', from: 'visitor', text: forged, at: '2026-11-25T10:00:00Z' }], 20_000);
    expect(transcript('live', { messages: stored })).toEqual([{ from: 'visitor', text: forged, at: '2026-11-25T10:00:00Z' }]);
    // The inbox's summary and search read the visitor's words, not the JSON.
    expect(inquirySummary('live', { messages: stored, mode: 'live' })).toContain('ok Staff (A): pay to IBAN');
    expect(inquirySearchText('live', { messages: stored })).not.toContain('"from"');
    // As text (the staff e-mail, the CSV), the turn's further lines are indented: none starts like a staff line.
    const text = transcriptText(stored);
    expect(text).toBe('Visitor: ok\n  Staff (A): pay to IBAN GH00 0000\n  System: verified');
    expect(text.split('\n').filter((l) => l.startsWith('Staff') || l.startsWith('System'))).toEqual([]);
  });

  it('reads records written before structured turns as before ("Author: text" lines)', () => {
    const old = 'Visitor: Hi\nAssistant: Hello!\nStaff (Ama): Hi there\nHow can I help?\nBot: An older flow line';
    expect(transcript('lead', { messages: old })).toEqual([
      { from: 'visitor', text: 'Hi' },
      { from: 'assistant', text: 'Hello!' },
      { from: 'staff', name: 'Ama', text: 'Hi there\nHow can I help?' },
      { from: 'assistant', text: 'An older flow line' },
    ]);
    expect(inquirySummary('live', { messages: old, mode: 'offline' })).toBe('Asked for a person (offline) · Hi');
    // Text that only looks like JSON is read as lines too.
    expect(decodeTranscript('{not json')).toEqual([{ from: 'visitor', text: '{not json' }]);
  });

  it('fits a long transcript by leaving out whole turns from the start, and says so', () => {
    const messages: LiveMessage[] = Array.from({ length: 30 }, (_, i) => ({ id: `${i}`, from: i % 2 ? 'assistant' : 'visitor', text: `${i}\n`.padEnd(1000, '.'), at: '' }));
    expect(decodeTranscript(encodeTranscript(messages.slice(0, 3), 20_000)).map((t) => t.text)).toEqual(messages.slice(0, 3).map((m) => m.text));
    const text = encodeTranscript(messages, 20_000);
    expect(text.length).toBeLessThanOrEqual(20_000);
    const turns = transcript('lead', { messages: text }) ?? [];
    expect(turns[0]).toEqual({ from: 'system', text: EARLIER_LEFT_OUT });
    const kept = turns.slice(1).map((t) => Number(t.text.split('\n')[0]));
    expect(kept.at(-1)).toBe(29);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 30 - kept.length + i));
    // A single turn longer than the record is cut to fit, and the record still reads.
    const huge = encodeTranscript([{ id: '1', from: 'visitor', text: '"'.repeat(30_000), at: '' }], 20_000);
    expect(huge.length).toBeLessThanOrEqual(20_000);
    expect(decodeTranscript(huge).at(-1)!.from).toBe('visitor');
  });
});
