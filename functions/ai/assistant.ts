import { ApiError, type Content, type GenerateContentParameters, type Part } from '@google/genai';
import type { ChatPart, ChatResponse } from '../../shared/chat/api.ts';
import { createLogger } from '../../shared/log.ts';
import { chatMessages } from '../../shared/chat/messages.ts';
import { executeTool, toolDeclarations, type ToolContext } from '../../shared/chat/tools.ts';
import { geminiClient, type GeminiSettings } from './gemini.ts';
import { systemInstruction } from '../../shared/chat/prompt.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { chatText } from '../../shared/chat/text.ts';

// The Gemini side of /api/chat (docs/decisions/0007): the request (the conversation's context,
// systemInstruction, tools, generationConfig), each model call streamed through @google/genai, the
// function-call loop on the server, blocked and cancelled answers as null, errors as the chat messages of
// docs/product.md §16.2. The visible text is handed to `onText` as it arrives; whether it reaches the
// visitor as a stream or in one JSON answer is the route's business (functions/chat.ts).

export const GENERATION_CONFIG = { temperature: 0.7, maxOutputTokens: 800, topP: 0.95, topK: 40 } as const;
/** Model calls per visitor message: a tool round needs two, chained tools a few more. */
export const MAX_MODEL_CALLS = 4;
/** Per model call, the whole stream included; a slower answer counts as a network failure. */
export const GEMINI_TIMEOUT_MS = 25_000;
/** Finish reasons that mean the answer was blocked: shown as nothing. */
export const BLOCKED_FINISH_REASONS = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

export type AiErrorKind = NonNullable<ChatResponse['error']>;

/** What an error mentions decides the message (docs/product.md §6.4). */
export function classifyAiError(err: unknown): AiErrorKind {
  const e = err as { message?: unknown; name?: unknown } | null;
  // The SDK's ApiError carries Google's error JSON as its message (status, reason, text).
  const text = [typeof e?.message === 'string' ? e.message : String(err), typeof e?.name === 'string' ? e.name : ''].join(' ');
  if (/api[ _-]?key/i.test(text)) return 'api_key';
  if ((err instanceof ApiError && err.status === 429) || /rate[ _-]?limit|quota|RESOURCE_EXHAUSTED/i.test(text)) return 'rate_limit';
  if (err instanceof TypeError || /network|fetch|connection|timeout|timed out|socket|ECONNRESET|Incomplete JSON segment/i.test(text)) return 'network';
  return 'unknown';
}

export const aiErrorMessages: Record<AiErrorKind, string> = {
  api_key: chatMessages.aiApiKey,
  rate_limit: chatMessages.aiRateLimit,
  network: chatMessages.aiNetwork,
  unknown: chatMessages.aiHiccup,
};

/** The same in the page's language (docs/decisions/0032, "Chat"). */
const aiErrorMessageIn = (language: Locale, kind: AiErrorKind): string => {
  if (language === 'en') return aiErrorMessages[kind];
  const e = chatText(language).errors;
  return { api_key: e.aiApiKey, rate_limit: e.aiRateLimit, network: e.aiNetwork, unknown: e.aiHiccup }[kind];
};

/** The system instruction for an assistant name, built once per isolate (it only changes with a deploy). */
const instructions = new Map<string, string>();
const instructionFor = (assistantName: string, language: Locale) => {
  const key = `${language}:${assistantName}`;
  let text = instructions.get(key);
  if (text === undefined) {
    text = systemInstruction(assistantName, language);
    instructions.set(key, text);
  }
  return text;
};

/** The parameters of the first model call: `contents` is the context (shared/chat/conversation.ts). */
export function buildRequest(contents: readonly Content[], assistantName: string, model: string, language: Locale = 'en'): GenerateContentParameters {
  return {
    model,
    contents: contents.map((c) => ({ role: c.role, parts: [...(c.parts ?? [])] })),
    config: {
      systemInstruction: { parts: [{ text: instructionFor(assistantName, language) }] },
      tools: [{ functionDeclarations: toolDeclarations }],
      ...GENERATION_CONFIG,
    },
  };
}

/** The answer for the widget (the Worker adds the conversation id). */
export type GeminiChatResult = Omit<ChatResponse, 'conversationId'>;

export interface GeminiTurn {
  result: GeminiChatResult;
  /**
   * What this turn added after the context, to keep in the conversation: each model turn as it came
   * (streamed text joined, thought signatures kept) and each user turn of function responses. null: keep
   * nothing of this turn, not even the visitor's message (a blocked prompt or answer, a cancelled request).
   */
  added: Content[] | null;
}

/** Receives each piece of visible text as it arrives; awaited, so a slow reader slows the model's stream. */
export type OnText = (delta: string) => void | Promise<void>;

const logger = createLogger(console, { source: 'chat' });
const log = (event: string, data: Record<string, unknown>) => (event.endsWith('_error') ? logger.error(event, data) : logger.info(event, data));

const isPlainText = (p: Part) => typeof p.text === 'string' && Object.keys(p).every((k) => k === 'text' || k === 'thought' || k === 'thoughtSignature');

/** Adds a streamed part to a model turn: text pieces join the text before them (a signature ends a part). */
function addPart(parts: Part[], part: Part) {
  const last = parts.at(-1);
  if (last && isPlainText(last) && isPlainText(part) && !last.thoughtSignature && Boolean(last.thought) === Boolean(part.thought)) {
    last.text = `${last.text}${part.text}`;
    if (part.thoughtSignature) last.thoughtSignature = part.thoughtSignature;
    return;
  }
  // The SDK may spell absent fields as undefined: keep the part as Gemini sent it.
  parts.push(Object.fromEntries(Object.entries(part).filter(([, v]) => v !== undefined)) as Part);
}

export async function geminiReply(
  context: readonly Content[],
  settings: GeminiSettings,
  assistantName: string,
  ctx: ToolContext,
  cancelled?: AbortSignal,
  onText?: OnText,
  language: Locale = 'en',
): Promise<GeminiTurn> {
  const ai = geminiClient(settings);
  const request = buildRequest(context, assistantName, settings.model, language);
  const contents = request.contents as Content[];
  const start = contents.length;
  const shown: ChatPart[] = [];
  const texts: string[] = [];
  const silent = (blocked?: string): GeminiTurn => ({ result: { reply: null, source: 'gemini', ...(blocked ? { blocked } : {}) }, added: null });

  try {
    for (let call = 0; call < MAX_MODEL_CALLS; call += 1) {
      const signals = [AbortSignal.timeout(GEMINI_TIMEOUT_MS), ...(cancelled ? [cancelled] : [])];
      const stream = await ai.models.generateContentStream({ ...request, contents, config: { ...request.config, abortSignal: AbortSignal.any(signals) } });
      const parts: Part[] = [];
      let text = '';
      let finishReason: string | undefined;
      for await (const chunk of stream) {
        if (chunk.promptFeedback?.blockReason) return silent(chunk.promptFeedback.blockReason);
        const candidate = chunk.candidates?.[0];
        if (candidate?.finishReason) finishReason = candidate.finishReason;
        for (const part of candidate?.content?.parts ?? []) {
          addPart(parts, part);
          if (typeof part.text !== 'string' || part.thought || !onText) continue;
          // Each call's text starts at its first visible character; a later call's text is a new paragraph.
          const piece = text ? part.text : part.text.trimStart();
          if (!piece) continue;
          const delta = !text && texts.length ? `\n\n${piece}` : piece;
          text += piece;
          await onText(delta);
        }
      }
      // Every whole answer ends with a finish reason: a stream without one was cut off on the way.
      if (!finishReason) throw new TypeError('The Gemini stream ended without a finish reason: connection lost');
      if (BLOCKED_FINISH_REASONS.has(finishReason)) return silent(finishReason);
      const answer = parts.filter((p) => typeof p.text === 'string' && !p.thought).map((p) => p.text).join('').trim();
      if (answer) texts.push(answer);
      // The model turn goes back (and into the conversation) as it came, thought signatures included.
      if (parts.length) contents.push({ role: 'model', parts });
      const calls = parts.filter((p) => p.functionCall?.name);
      if (!calls.length) break;
      // Then one user turn with a functionResponse per functionCall, in order.
      const responses: Part[] = [];
      for (const p of calls) {
        const fc = p.functionCall!;
        const name = fc.name!;
        const result = await executeTool(name, fc.args, ctx);
        if (result.part) shown.push(result.part);
        log('chat.tool', { name, error: result.response.error ?? null });
        responses.push({ functionResponse: { ...(fc.id ? { id: fc.id } : {}), name, response: result.response } });
      }
      contents.push({ role: 'user', parts: responses });
    }
  } catch (err) {
    if (cancelled?.aborted) return silent();
    const kind = classifyAiError(err);
    log('chat.gemini_error', { kind, error: err instanceof Error ? err.message : String(err), status: err instanceof ApiError ? err.status : null });
    return { result: { reply: { text: aiErrorMessageIn(language, kind), parts: shown }, source: 'gemini', error: kind }, added: contents.slice(start) };
  }
  const added = contents.slice(start);
  const text = texts.join('\n\n');
  if (!text && !shown.length) return { result: { reply: { text: chatText(language).errors.aiFailure, parts: [] }, source: 'gemini' }, added };
  return { result: { reply: { text, parts: shown }, source: 'gemini' }, added };
}
