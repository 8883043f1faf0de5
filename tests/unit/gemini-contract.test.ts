// The Gemini stand-in held to Google's own SDK (@google/genai): its answers are typed as the SDK's
// GenerateContentResponse at `tsc` time (tests/contracts/gemini/wire.ts), and here, at run time, the SDK
// reads every kind of answer back whole: what the SDK parses equals what the stand-in sent, field for
// field (a field the SDK does not know would be dropped and fail), streamed or not; its errors become the
// SDK's ApiError with Google's status and message.
import { ApiError, GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_TRANSCRIPT, start, type GeminiEmulator, type ScriptStep } from '../emulators/gemini/server.ts';

const KEY = 'gemini-contract-key';
const MODEL = 'gemini-2.5-flash';
let emu: GeminiEmulator;
let ai: GoogleGenAI;

beforeAll(async () => {
  emu = await start(0, { apiKeys: [KEY] });
  // As functions/ai/gemini.ts builds it: the v1beta API at the configured base URL.
  ai = new GoogleGenAI({ apiKey: KEY, apiVersion: 'v1beta', httpOptions: { baseUrl: emu.url } });
});
afterAll(async () => {
  await emu?.close();
});

let n = 0;
/** Queues `step` twice under a fresh marker: once for the raw request, once for the SDK's. */
async function twice(step: ScriptStep): Promise<string> {
  const match = `[contract ${n++}]`;
  await fetch(`${emu.url}/__script`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ match, responses: [step, step] }) });
  return match;
}

const request = (text: string) => ({ contents: [{ role: 'user', parts: [{ text }] }] });

async function raw(match: string, stream: boolean): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${emu.url}/v1beta/models/${MODEL}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-goog-api-key': KEY },
    body: JSON.stringify(request(match)),
  });
  const text = await res.text();
  if (!stream || !res.ok) return { status: res.status, body: JSON.parse(text) };
  return { status: res.status, body: text.split('\r\n\r\n').filter(Boolean).map((event) => JSON.parse(event.replace(/^data: /, ''))) };
}

/** The SDK's parsed response as JSON, without what only the SDK adds. */
const parsed = (r: object) => {
  const { sdkHttpResponse: _, ...rest } = JSON.parse(JSON.stringify(r)) as Record<string, unknown>;
  return rest;
};

const answers: Record<string, ScriptStep> = {
  text: { text: 'Our branding packages start at GHS 4,000.' },
  'function call with a thought signature': { text: 'Let me check. ', functionCall: { name: 'estimate_price', args: { service: 'web' }, id: 'call-1' }, thoughtSignature: 'c2lnbmF0dXJl' },
  'blocked prompt': { blockReason: 'SAFETY' },
  'stopped by a filter': { finishReason: 'RECITATION', text: 'Partial words' },
  'candidate without parts': { empty: true },
};

describe('Gemini stand-in against @google/genai', () => {
  for (const [kind, step] of Object.entries(answers)) {
    it(`generateContent: the SDK reads a ${kind} whole`, async () => {
      const match = await twice(step);
      const sent = await raw(match, false);
      expect(sent.status).toBe(200);
      const got = await ai.models.generateContent({ model: MODEL, ...request(match) });
      expect(parsed(got)).toEqual(sent.body);
    });

    it(`streamGenerateContent: the SDK reads every chunk of a ${kind} whole`, async () => {
      const match = await twice(step);
      const sent = await raw(match, true);
      expect(sent.status).toBe(200);
      const chunks: object[] = [];
      for await (const chunk of await ai.models.generateContentStream({ model: MODEL, ...request(match) })) chunks.push(parsed(chunk));
      expect(chunks).toEqual(sent.body);
    });
  }

  for (const error of ['api-key', 'quota', 'internal', 'permission'] as const) {
    it(`an error (${error}) becomes the SDK's ApiError with Google's status and message`, async () => {
      const match = await twice({ error });
      const sent = (await raw(match, false)) as { status: number; body: { error: { code: number; message: string } } };
      expect(sent.body.error.code).toBe(sent.status);
      const failure = await ai.models.generateContent({ model: MODEL, ...request(match) }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).status).toBe(sent.status);
      expect((failure as ApiError).message).toContain(sent.body.error.message);
    });
  }

  it('a voice note to transcribe (inline audio, as functions/ai/transcribe.ts sends it) gets the fixed transcript, read whole by the SDK', async () => {
    const audio = { inlineData: { mimeType: 'audio/ogg; codecs=opus', data: btoa('OggS fake voice note') } };
    const body = { contents: [{ role: 'user', parts: [{ text: 'Transcribe this voice note verbatim.' }, audio] }] };
    const res = await fetch(`${emu.url}/v1beta/models/${MODEL}:generateContent`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'x-goog-api-key': KEY }, body: JSON.stringify(body),
    });
    const sent = await res.json();
    const got = await ai.models.generateContent({ model: MODEL, ...body });
    expect(parsed(got)).toEqual(sent);
    expect(got.text).toBe(AUDIO_TRANSCRIPT);
    // Without audio, the same words get the ordinary answer.
    const plain = await ai.models.generateContent({ model: MODEL, ...request('Transcribe this voice note verbatim.') });
    expect(plain.text).not.toBe(AUDIO_TRANSCRIPT);
  });
});
