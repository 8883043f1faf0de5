import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type GeminiEmulator, type RecordedRequest } from '../emulators/gemini/server.ts';
import { ApiError, type Content, type GenerateContentResponse } from '@google/genai';
import { aiErrorMessages, buildRequest, classifyAiError } from '../../functions/ai/assistant.ts';
import { geminiClient } from '../../functions/ai/gemini.ts';
import { CONTEXT_EXCHANGES, contextContents } from '../../shared/chat/conversation.ts';
import type { Exchange } from '../../shared/chat/exchange.ts';
import { chatMessages } from '../../shared/chat/messages.ts';

const KEY = 'unit-test-gemini-key';
let emu: GeminiEmulator;
beforeAll(async () => {
  emu = await start(0, { apiKeys: [KEY] });
});
afterAll(async () => {
  await emu.close();
});

const settings = () => ({ apiKey: KEY, model: 'gemini-2.5-flash', baseUrl: emu.url });
const ai = (apiKey = KEY) => geminiClient({ ...settings(), apiKey });
const ask = (text: string, apiKey = KEY) => ai(apiKey).models.generateContent({ model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text }] }] });
const askStream = async (text: string) => {
  const chunks: GenerateContentResponse[] = [];
  for await (const c of await ai().models.generateContentStream({ model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text }] }] })) chunks.push(c);
  return chunks;
};
const script = (match: string, responses: unknown[]) =>
  fetch(`${emu.url}/__script`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ match, responses }) });

// The emulator through Google's own SDK (@google/genai), as the Worker calls it.
describe('Gemini emulator', () => {
  it('answers generateContent in Gemini’s shape, by default naming the last user text', async () => {
    const res = await ask('hello there');
    expect(res).toMatchObject({ candidates: [{ content: { role: 'model', parts: [{ text: 'Emulated answer to: hello there' }] }, finishReason: 'STOP' }], modelVersion: 'gemini-2.5-flash' });
  });

  it('checks the key: none → 403 PERMISSION_DENIED, a wrong one → 400 API_KEY_INVALID in Google’s error JSON', async () => {
    const none = await fetch(`${emu.url}/v1beta/models/gemini-2.5-flash:generateContent`, { method: 'POST', body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] }) });
    expect(none.status).toBe(403);
    expect(await none.json()).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
    const err = await ask('x', 'wrong').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400 });
    expect(JSON.parse((err as ApiError).message)).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: 'API key not valid. Please pass a valid API key.', details: [{ reason: 'API_KEY_INVALID' }] } });
    expect(classifyAiError(err)).toBe('api_key');
  });

  it('plays scripts in order for requests carrying the marker and records them', async () => {
    await script('mk1', [{ functionCall: { name: 'showPortfolio', args: { count: 2 } }, thoughtSignature: 'sig' }, { blockReason: 'SAFETY' }, { finishReason: 'RECITATION' }]);
    expect((await ask('a mk1')).candidates![0]!.content!.parts).toEqual([{ functionCall: { name: 'showPortfolio', args: { count: 2 } }, thoughtSignature: 'sig' }]);
    expect((await ask('b mk1')).promptFeedback).toEqual({ blockReason: 'SAFETY' });
    expect((await ask('c mk1')).candidates![0]!.finishReason).toBe('RECITATION');
    expect((await ask('d mk1')).candidates![0]!.content!.parts![0]!.text).toBe('Emulated answer to: d mk1');
    const recorded = (await (await fetch(`${emu.url}/__requests?match=mk1`)).json()) as RecordedRequest[];
    expect(recorded.map((r) => (r.body.contents as { parts: { text: string }[] }[])[0]!.parts[0]!.text)).toEqual(['a mk1', 'b mk1', 'c mk1', 'd mk1']);
    expect(recorded[0]!.apiKey).toBe(KEY);
  });

  it('errors, dropped connections and slow answers', async () => {
    await script('mk2', [{ error: 'quota' }, { error: 'internal' }, { drop: true }, { text: 'slow', delayMs: 300 }]);
    const quota = await ask('mk2').catch((e: unknown) => e);
    expect(quota).toMatchObject({ status: 429 });
    expect(classifyAiError(quota)).toBe('rate_limit');
    expect(classifyAiError(await ask('mk2').catch((e: unknown) => e))).toBe('unknown');
    const dropped = await ask('mk2').catch((e: unknown) => e);
    expect(dropped).toBeInstanceOf(TypeError);
    expect(classifyAiError(dropped)).toBe('network');
    const t0 = Date.now();
    expect((await ask('mk2')).candidates![0]!.content!.parts![0]!.text).toBe('slow');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
  });

  it('streams with alt=sse as Google does: a token per chunk, the last one with finishReason and usageMetadata', async () => {
    const raw = await fetch(`${emu.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`, {
      method: 'POST', headers: { 'x-goog-api-key': KEY }, body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi mk3' }] }] }),
    });
    expect(raw.headers.get('content-type')).toBe('text/event-stream');
    const events = (await raw.text()).split('\r\n\r\n');
    expect(events.at(-1)).toBe('');
    expect(events.slice(0, -1).every((e) => e.startsWith('data: {'))).toBe(true);

    await script('mk3', [{ text: 'One two three.' }, { text: 'Let me look.', functionCall: { name: 'showPortfolio', args: {} } }, { finishReason: 'SAFETY', text: 'bad words' }]);
    const chunks = await askStream('a mk3');
    expect(chunks.map((c) => c.candidates![0]!.content!.parts![0]!.text)).toEqual(['One ', 'two ', 'three.']);
    expect(chunks.map((c) => c.candidates![0]!.finishReason)).toEqual([undefined, undefined, 'STOP']);
    expect(chunks.at(-1)!.usageMetadata).toMatchObject({ candidatesTokenCount: 3 });
    expect(chunks[0]!.usageMetadata).toBeUndefined();
    const withCall = await askStream('b mk3');
    expect(withCall.at(-1)!.candidates![0]!.content!.parts).toEqual([{ text: 'look.' }, { functionCall: { name: 'showPortfolio', args: {} } }]);
    const blocked = await askStream('c mk3');
    expect(blocked.at(-1)!.candidates![0]).toMatchObject({ finishReason: 'SAFETY' });
    expect(blocked.at(-1)!.candidates![0]!.content?.parts).toBeUndefined();
  });

  it('streams with the time to first token and the per-token delay, holds the last chunk until released, drops midway', async () => {
    await script('mk4', [{ text: 'a b c d', firstTokenMs: 200, tokenMs: 50 }, { text: 'wait for it', hold: 'h-mk4' }, { text: 'a b c d', dropAfter: 2 }]);
    const t0 = Date.now();
    const stamps: number[] = [];
    for await (const _ of await ai().models.generateContentStream({ model: 'm', contents: 'x mk4' })) stamps.push(Date.now() - t0);
    expect(stamps[0]).toBeGreaterThanOrEqual(190);
    expect(stamps[3]! - stamps[0]!).toBeGreaterThanOrEqual(140);

    const got: string[] = [];
    const done = (async () => {
      for await (const c of await ai().models.generateContentStream({ model: 'm', contents: 'y mk4' })) got.push(c.text ?? '');
    })();
    await expect.poll(() => got.join('')).toBe('wait for ');
    await new Promise((r) => setTimeout(r, 100));
    expect(got.join('')).toBe('wait for ');
    await fetch(`${emu.url}/__release`, { method: 'POST', body: JSON.stringify({ hold: 'h-mk4' }) });
    await done;
    expect(got.join('')).toBe('wait for it');

    const partial: string[] = [];
    const broken = await (async () => {
      for await (const c of await ai().models.generateContentStream({ model: 'm', contents: 'z mk4' })) partial.push(c.text ?? '');
    })().catch((e: unknown) => e);
    expect(partial).toEqual(['a ', 'b ']);
    expect(classifyAiError(broken)).toBe('network');
  });

  it('records a stream the client gave up on as aborted', async () => {
    await script('mk5', [{ text: 'one two three four', tokenMs: 100 }]);
    const controller = new AbortController();
    const stream = await ai().models.generateContentStream({ model: 'm', contents: 'q mk5', config: { abortSignal: controller.signal } });
    await stream.next();
    controller.abort();
    await expect.poll(async () => ((await (await fetch(`${emu.url}/__requests?match=mk5`)).json()) as RecordedRequest[])[0]?.aborted).toBe(true);
  });
});

describe('error messages and the request', () => {
  it('maps what an error mentions to the chat messages of docs/product.md §16.2', () => {
    expect(classifyAiError(new Error('Invalid API key'))).toBe('api_key');
    expect(classifyAiError(new Error('Rate limit reached'))).toBe('rate_limit');
    expect(classifyAiError(new Error('quota exceeded'))).toBe('rate_limit');
    expect(classifyAiError(new TypeError('Network connection lost.'))).toBe('network');
    expect(classifyAiError(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe('network');
    expect(classifyAiError(new Error('boom'))).toBe('unknown');
    expect(aiErrorMessages).toEqual({ api_key: chatMessages.aiApiKey, rate_limit: chatMessages.aiRateLimit, network: chatMessages.aiNetwork, unknown: chatMessages.aiHiccup });
  });

  it('builds the request from the conversation: whole exchanges (at most 12 messages), then the new message', () => {
    const exchange = (i: number): Exchange => ({
      at: '2026-11-25T07:00:00.000Z', source: 'gemini',
      contents: [{ role: 'user', parts: [{ text: `q${i}` }] }, { role: 'model', parts: [{ text: `a${i}` }] }],
    });
    const req = buildRequest(contextContents(Array.from({ length: 8 }, (_, i) => exchange(i)), 'now') as Content[], 'Volta Assistant', 'gemini-2.5-flash');
    const contents = req.contents as Content[];
    expect(contents).toHaveLength(11);
    expect(contents[0]).toEqual({ role: 'user', parts: [{ text: 'q3' }] });
    expect(contents[9]).toEqual({ role: 'model', parts: [{ text: 'a7' }] });
    expect(contents[10]).toEqual({ role: 'user', parts: [{ text: 'now' }] });
    expect(req.config).toMatchObject({ temperature: 0.7, maxOutputTokens: 800, topP: 0.95, topK: 40 });
  });

  it('keeps function calls with their responses and joins two user turns in a row, making up no turn', () => {
    const call = { functionCall: { name: 'showPortfolio', args: {} }, thoughtSignature: 'c2ln' };
    const response = { functionResponse: { name: 'showPortfolio', response: { projects: [] } } };
    const cut: Exchange = { at: '', source: 'gemini', contents: [{ role: 'user', parts: [{ text: 'q' }] }, { role: 'model', parts: [call] }, { role: 'user', parts: [response] }] };
    expect(contextContents([cut], 'next')).toEqual([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [call] },
      { role: 'user', parts: [response, { text: 'next' }] },
    ]);
    expect(CONTEXT_EXCHANGES * 2 + 1).toBeLessThanOrEqual(12);
  });
});
