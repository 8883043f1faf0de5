import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type GeminiEmulator, type RecordedRequest } from '../emulators/gemini/server.ts';
import { aiErrorMessages, buildRequest, classifyAiError } from '../../functions/ai/assistant.ts';
import { GeminiApiError, generateContent, type GeminiContent } from '../../functions/ai/gemini.ts';
import { CONTEXT_EXCHANGES, contextContents, type Exchange } from '../../shared/chat/conversation.ts';
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
const body = (text: string) => ({ contents: [{ role: 'user' as const, parts: [{ text }] }] });
const script = (match: string, responses: unknown[]) =>
  fetch(`${emu.url}/__script`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ match, responses }) });

describe('Gemini emulator', () => {
  it('answers generateContent in Gemini’s shape, by default naming the last user text', async () => {
    const res = await generateContent(settings(), body('hello there'));
    expect(res).toMatchObject({ candidates: [{ content: { role: 'model', parts: [{ text: 'Emulated answer to: hello there' }] }, finishReason: 'STOP' }], modelVersion: 'gemini-2.5-flash' });
  });

  it('checks the key: none → 403 PERMISSION_DENIED, a wrong one → 400 API_KEY_INVALID in Google’s error JSON', async () => {
    const none = await fetch(`${emu.url}/v1beta/models/gemini-2.5-flash:generateContent`, { method: 'POST', body: JSON.stringify(body('x')) });
    expect(none.status).toBe(403);
    expect(await none.json()).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
    const err = await generateContent({ ...settings(), apiKey: 'wrong' }, body('x')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GeminiApiError);
    expect(err).toMatchObject({ httpStatus: 400, status: 'INVALID_ARGUMENT', reason: 'API_KEY_INVALID', message: 'API key not valid. Please pass a valid API key.' });
    expect(classifyAiError(err)).toBe('api_key');
  });

  it('plays scripts in order for requests carrying the marker and records them', async () => {
    await script('mk1', [{ functionCall: { name: 'showPortfolio', args: { count: 2 } }, thoughtSignature: 'sig' }, { blockReason: 'SAFETY' }, { finishReason: 'RECITATION' }]);
    expect((await generateContent(settings(), body('a mk1'))).candidates![0]!.content!.parts).toEqual([{ functionCall: { name: 'showPortfolio', args: { count: 2 } }, thoughtSignature: 'sig' }]);
    expect((await generateContent(settings(), body('b mk1'))).promptFeedback).toEqual({ blockReason: 'SAFETY' });
    expect((await generateContent(settings(), body('c mk1'))).candidates![0]!.finishReason).toBe('RECITATION');
    expect((await generateContent(settings(), body('d mk1'))).candidates![0]!.content!.parts![0]!.text).toBe('Emulated answer to: d mk1');
    const recorded = (await (await fetch(`${emu.url}/__requests?match=mk1`)).json()) as RecordedRequest[];
    expect(recorded.map((r) => (r.body.contents as { parts: { text: string }[] }[])[0]!.parts[0]!.text)).toEqual(['a mk1', 'b mk1', 'c mk1', 'd mk1']);
    expect(recorded[0]!.apiKey).toBe(KEY);
  });

  it('errors, dropped connections and slow answers', async () => {
    await script('mk2', [{ error: 'quota' }, { error: 'internal' }, { drop: true }, { text: 'slow', delayMs: 300 }]);
    const quota = await generateContent(settings(), body('mk2')).catch((e: unknown) => e);
    expect(quota).toMatchObject({ httpStatus: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(classifyAiError(quota)).toBe('rate_limit');
    expect(classifyAiError(await generateContent(settings(), body('mk2')).catch((e: unknown) => e))).toBe('unknown');
    const dropped = await generateContent(settings(), body('mk2')).catch((e: unknown) => e);
    expect(dropped).toBeInstanceOf(TypeError);
    expect(classifyAiError(dropped)).toBe('network');
    const t0 = Date.now();
    expect((await generateContent(settings(), body('mk2'))).candidates![0]!.content!.parts![0]!.text).toBe('slow');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
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
    const req = buildRequest(contextContents(Array.from({ length: 8 }, (_, i) => exchange(i)), 'now') as GeminiContent[], 'Volta Assistant');
    expect(req.contents).toHaveLength(11);
    expect(req.contents[0]).toEqual({ role: 'user', parts: [{ text: 'q3' }] });
    expect(req.contents[9]).toEqual({ role: 'model', parts: [{ text: 'a7' }] });
    expect(req.contents[10]).toEqual({ role: 'user', parts: [{ text: 'now' }] });
    expect(req.generationConfig).toEqual({ temperature: 0.7, maxOutputTokens: 800, topP: 0.95, topK: 40 });
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
