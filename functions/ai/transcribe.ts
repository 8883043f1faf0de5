import { geminiClient, type GeminiSettings } from './gemini.ts';

// A customer's voice note as text (docs/decisions/0031, "Media"): one generateContent call with the audio
// inline, through the same client as the assistant. The transcript becomes the turn's text, so the prompt
// asks for the words only, in the language spoken, never a translation or a summary.

const TRANSCRIBE_TIMEOUT_MS = 30_000;

export const TRANSCRIBE_PROMPT =
  'Transcribe this voice note verbatim, in the language it is spoken in. Answer with the transcript only: no translation, no summary, no commentary. If nothing is said, answer with nothing.';

/** Base64 without Node's Buffer (the Worker has no nodejs_compat); chunked so a large file does not overflow the stack. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The transcript ('' when nothing was recognised); throws when Gemini did not answer (the caller keeps the audio). */
export async function transcribeVoiceNote(settings: GeminiSettings, audio: Uint8Array, mimeType: string): Promise<string> {
  const res = await geminiClient(settings).models.generateContent({
    model: settings.model,
    contents: [{ role: 'user', parts: [{ text: TRANSCRIBE_PROMPT }, { inlineData: { mimeType, data: base64Of(audio) } }] }],
    config: { temperature: 0, abortSignal: AbortSignal.timeout(TRANSCRIBE_TIMEOUT_MS) },
  });
  if (res.promptFeedback?.blockReason) throw new Error(`Gemini blocked the transcription: ${res.promptFeedback.blockReason}`);
  return (res.text ?? '').trim();
}
