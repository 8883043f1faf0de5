import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import type { ChatRequest, ChatResponse, ChatStreamEvent } from '../../shared/chat/api.ts';
import { chatMessages } from '../../shared/chat/messages.ts';
import { api, call, type Fallback } from '../api/client.ts';

// One message to POST /api/chat through the typed client, asking for the answer as a stream
// (docs/decisions/0007): Server-Sent Events are read here as they arrive (eventsource-parser) (ChatStreamEvent, the Worker's
// wire type); any other answer (the local assistant's, a refusal) is JSON and goes through call().

export type ChatOutcome =
  /** The answer: `streamed` when pieces of it came before (then its text replaces them). */
  | { kind: 'answer'; answer: ChatResponse; streamed: boolean }
  /** The stream broke off after pieces came: keep them and show `message`. */
  | { kind: 'broken'; message: string; conversationId: string | null; conversationKey?: string }
  /** No answer: `message` says why (status 0: none came at all). */
  | { kind: 'failed'; status: number; message: string };

export interface AskOptions {
  signal: AbortSignal;
  /** The server has the message (an answer of any kind started); `streaming` when it comes as a stream. */
  onAccepted(streaming: boolean): void;
  /** The next piece of the reply's text. */
  onDelta(text: string): void;
  fallback: Fallback;
}

/**
 * The chat's Server-Sent Events as they arrive: bytes decoded and split into events by eventsource-parser
 * (the spec's rules: CRLF, multi-line data, comments, events cut across reads), each event's data read as
 * JSON. An event that carries no JSON is not one of ours and is skipped.
 */
export function chatEvents(body: ReadableStream<Uint8Array<ArrayBuffer>>): ReadableStream<ChatStreamEvent> {
  return body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .pipeThrough(
      new TransformStream<EventSourceMessage, ChatStreamEvent>({
        transform({ event, data }, out) {
          try {
            out.enqueue({ event: event ?? 'message', data: JSON.parse(data) } as ChatStreamEvent);
          } catch {
            // Not one of ours: skip it.
          }
        },
      }),
    );
}

/** Throws the abort when `signal` was aborted (Clear, Close); otherwise resolves to what happened. */
export async function askChat(body: ChatRequest, options: AskOptions): Promise<ChatOutcome> {
  const { signal } = options;
  let res: Awaited<ReturnType<typeof api.chat.$post>>;
  try {
    res = await api.chat.$post({ json: body }, { headers: { Accept: 'text/event-stream' }, init: { signal } });
  } catch (err) {
    if (signal.aborted) throw err;
    return { kind: 'failed', status: 0, message: options.fallback(0, undefined) };
  }
  const streaming = /^text\/event-stream/i.test(res.headers.get('Content-Type') ?? '') && !!res.body;
  options.onAccepted(streaming);
  if (!streaming || !res.body) {
    const out = await call(() => Promise.resolve(res), options.fallback);
    if (signal.aborted) throw signal.reason;
    // A 200 JSON answer of /api/chat is a ChatResponse (the stream, also 200, was told apart above).
    return out.ok ? { kind: 'answer', answer: out.data as ChatResponse, streamed: false } : { kind: 'failed', status: out.status, message: out.error.message };
  }
  const reader = chatEvents(res.body).getReader();
  let streamed = false;
  try {
    for (;;) {
      const { done, value: e } = await reader.read();
      if (done) break;
      if (e.event === 'delta') {
        streamed = true;
        options.onDelta(e.data.text);
      } else if (e.event === 'done') {
        return { kind: 'answer', answer: e.data, streamed };
      } else if (e.event === 'error') {
        const { conversationKey } = e.data;
        return { kind: 'broken', message: e.data.message, conversationId: e.data.conversationId, ...(conversationKey ? { conversationKey } : {}) };
      }
    }
  } catch (err) {
    if (signal.aborted) throw err;
  } finally {
    reader.cancel().catch(() => {});
  }
  // The connection ended before the answer did.
  return streamed
    ? { kind: 'broken', message: chatMessages.aiNetwork, conversationId: null }
    : { kind: 'failed', status: 0, message: chatMessages.aiNetwork };
}
