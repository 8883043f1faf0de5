import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { start, type GeminiLiveEmulator } from '../emulators/gemini-live/server.ts';

// The Gemini Live stand-in refuses what the real API refuses, so that the relay tests (tests/worker/voice.test.ts)
// would catch a wrong setup: a bad key, TEXT with AUDIO, a missing voice or transcription, audio before setup.

let live: GeminiLiveEmulator;
beforeAll(async () => { live = await start(0, { apiKeys: ['unit-key'] }); });
afterAll(async () => { await live.close(); });

const setup = (over: Record<string, unknown> = {}) => ({
  setup: {
    model: 'models/gemini-live-2.5-flash-preview',
    generationConfig: { responseModalities: ['AUDIO'], speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } } },
    systemInstruction: { parts: [{ text: 'You are a test.' }] },
    outputAudioTranscription: {},
    ...over,
  },
});

/** Opens a session, sends `messages` in order, collects what comes back until the server closes (or 2 s). */
function talk(key: string | null, messages: unknown[]): Promise<{ received: Record<string, any>[]; close: { code: number; reason: string } | null }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(key ? `${live.url}?key=${key}` : live.url);
    const received: Record<string, any>[] = [];
    const timer = setTimeout(() => { ws.close(); resolve({ received, close: null }); }, 2000);
    ws.on('open', () => { for (const m of messages) ws.send(JSON.stringify(m)); });
    ws.on('message', (d, binary) => { expect(binary).toBe(true); received.push(JSON.parse(d.toString())); });
    ws.on('close', (code, reason) => { clearTimeout(timer); resolve({ received, close: { code, reason: reason.toString() } }); });
  });
}

describe('Gemini Live emulator', () => {
  it('answers a valid setup with setupComplete (in binary frames, like the real service)', async () => {
    const { received, close } = await talk('unit-key', [setup()]);
    expect(received).toEqual([{ setupComplete: {} }]);
    expect(close).toBeNull();
  });

  it.each([
    ['a wrong key', 'wrong', [setup()], /API key not valid/],
    ['no key', null, [setup()], /API key not valid/],
    ['TEXT with AUDIO', 'unit-key', [setup({ generationConfig: { responseModalities: ['TEXT', 'AUDIO'], speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } } } })], /one response modality/],
    ['no voice', 'unit-key', [setup({ generationConfig: { responseModalities: ['AUDIO'] } })], /voiceName/],
    ['no output transcription', 'unit-key', [setup({ outputAudioTranscription: undefined })], /outputAudioTranscription/],
    ['audio before the setup', 'unit-key', [{ realtimeInput: { audio: { mimeType: 'audio/pcm;rate=16000', data: 'AAAA' } } }], /setup/],
  ])('closes with 1007 on %s', async (_, key, messages, reason) => {
    const { received, close } = await talk(key as string | null, messages as unknown[]);
    expect(received).toEqual([]);
    expect(close?.code).toBe(1007);
    expect(close?.reason).toMatch(reason as RegExp);
  });

  it('records audio chunks and answers after four with transcript, 24 kHz audio and turnComplete', async () => {
    const chunk = { realtimeInput: { audio: { mimeType: 'audio/pcm;rate=16000', data: Buffer.alloc(8000).toString('base64') } } };
    const { received } = await talk('unit-key', [setup(), chunk, chunk, chunk, chunk]);
    // Without a setup delay the emulator is ready as soon as it has read the setup, so chunks sent right
    // after it are accepted.
    const session = live.sessions.at(-1)!;
    expect(session.closed).toBeNull();
    expect(session.audio.map((a) => a.bytes)).toEqual([8000, 8000, 8000, 8000]);
    expect(received.at(-1)).toMatchObject({ serverContent: { turnComplete: true } });
    expect(received.filter((m) => m.serverContent?.outputTranscription).map((m) => m.serverContent.outputTranscription.text).join('')).toBe('You said: 4 chunks of audio.');
  });
});
