import { describe, expect, it } from 'vitest';
import { parseEvents } from '../../web/chat/chatStream.ts';

// The widget's reader of the chat's Server-Sent Events (web/chat/chatStream.ts).
describe('parseEvents', () => {
  it('reads complete events, keeps an incomplete one for the next read, and accepts CRLF', () => {
    const first = parseEvents('event: delta\ndata: {"text":"Hel"}\n\nevent: delta\r\ndata: {"text":"lo"}\r\n\r\nevent: done\ndata: {"re');
    expect(first.events).toEqual([{ event: 'delta', data: { text: 'Hel' } }, { event: 'delta', data: { text: 'lo' } }]);
    expect(first.rest).toBe('event: done\ndata: {"re');
    const second = parseEvents(`${first.rest}ply":null,"source":"gemini","conversationId":"c"}\n\n`);
    expect(second).toEqual({ events: [{ event: 'done', data: { reply: null, source: 'gemini', conversationId: 'c' } }], rest: '' });
  });

  it('joins multi-line data and skips events that are not JSON or carry no data', () => {
    const { events } = parseEvents('event: delta\ndata: {"text":\ndata: "a\\nb"}\n\n: comment\n\nevent: delta\ndata: not json\n\n');
    expect(events).toEqual([{ event: 'delta', data: { text: 'a\nb' } }]);
  });
});
