import { describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '../../shared/chat/api.ts';
import { chatEvents } from '../../web/chat/chatStream.ts';

// The widget's reader of the chat's Server-Sent Events (web/chat/chatStream.ts, over eventsource-parser):
// the body arrives in the reads given here, cut wherever the network cuts it.
async function read(...chunks: string[]): Promise<ChatStreamEvent[]> {
  const bytes = new TextEncoder();
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes.encode(chunk));
      controller.close();
    },
  });
  const events: ChatStreamEvent[] = [];
  for await (const e of chatEvents(body)) events.push(e);
  return events;
}

describe('chatEvents', () => {
  it('reads complete events, joins an event cut across reads, and accepts CRLF', async () => {
    const events = await read(
      'event: delta\ndata: {"text":"Hel"}\n\nevent: delta\r\ndata: {"text":"lo"}\r\n\r\nevent: done\ndata: {"re',
      'ply":null,"source":"gemini","conversationId":"c"}\n\n',
    );
    expect(events).toEqual([
      { event: 'delta', data: { text: 'Hel' } },
      { event: 'delta', data: { text: 'lo' } },
      { event: 'done', data: { reply: null, source: 'gemini', conversationId: 'c' } },
    ]);
  });

  it('joins multi-line data and skips events that are not JSON or carry no data', async () => {
    const events = await read('event: delta\ndata: {"text":\ndata: "a\\nb"}\n\n: comment\n\nevent: delta\ndata: not json\n\n');
    expect(events).toEqual([{ event: 'delta', data: { text: 'a\nb' } }]);
  });

  it('keeps an event whose last read has not come yet out of the answer', async () => {
    expect(await read('event: delta\ndata: {"text":"Hi"}\n\nevent: done\ndata: {"reply"')).toEqual([{ event: 'delta', data: { text: 'Hi' } }]);
  });
});
