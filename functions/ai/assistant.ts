import type { ChatPart, ChatResponse } from '../../shared/chat/api.ts';
import { createLogger } from '../../shared/log.ts';
import { chatMessages } from '../../shared/chat/messages.ts';
import { executeTool, toolDeclarations, type ToolContext } from '../../shared/chat/tools.ts';
import { GeminiApiError, generateContent, type GeminiContent, type GeminiPart, type GeminiSettings, type GenerateContentRequest } from './gemini.ts';
import { systemInstruction } from '../../shared/chat/prompt.ts';

// The Gemini side of /api/chat (docs/decisions/0007): the request (the conversation's context,
// systemInstruction, tools, generationConfig), the function-call loop on the server, blocked and cancelled
// answers as null, errors as the chat messages of docs/product.md §16.2.

export const GENERATION_CONFIG = { temperature: 0.7, maxOutputTokens: 800, topP: 0.95, topK: 40 } as const;
/** Model calls per visitor message: a tool round needs two, chained tools a few more. */
export const MAX_MODEL_CALLS = 4;
/** Per model call; a slower answer counts as a network failure. */
export const GEMINI_TIMEOUT_MS = 25_000;
/** Finish reasons that mean the answer was blocked: shown as nothing. */
export const BLOCKED_FINISH_REASONS = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

export type AiErrorKind = 'api_key' | 'rate_limit' | 'network' | 'unknown';

/** What an error mentions decides the message (docs/product.md §6.4). */
export function classifyAiError(err: unknown): AiErrorKind {
  const e = err as { message?: unknown; name?: unknown } | null;
  const parts = [typeof e?.message === 'string' ? e.message : String(err), typeof e?.name === 'string' ? e.name : ''];
  if (err instanceof GeminiApiError) parts.push(err.status, err.reason ?? '');
  const text = parts.join(' ');
  if (/api[ _-]?key/i.test(text)) return 'api_key';
  if ((err instanceof GeminiApiError && err.httpStatus === 429) || /rate[ _-]?limit|quota|RESOURCE_EXHAUSTED/i.test(text)) return 'rate_limit';
  if (err instanceof TypeError || /network|fetch|connection|timeout|timed out|socket|ECONNRESET/i.test(text)) return 'network';
  return 'unknown';
}

export const aiErrorMessages: Record<AiErrorKind, string> = {
  api_key: chatMessages.aiApiKey,
  rate_limit: chatMessages.aiRateLimit,
  network: chatMessages.aiNetwork,
  unknown: chatMessages.aiHiccup,
};

/** The request body of the first model call: `contents` is the context (shared/chat/conversation.ts). */
export function buildRequest(contents: readonly GeminiContent[], assistantName: string): GenerateContentRequest {
  return {
    contents: contents.map((c) => ({ role: c.role, parts: [...c.parts] })),
    systemInstruction: { parts: [{ text: systemInstruction(assistantName) }] },
    tools: [{ functionDeclarations: toolDeclarations }],
    generationConfig: { ...GENERATION_CONFIG },
  };
}

/** The answer for the widget (the Worker adds the conversation id). */
export type GeminiChatResult = Omit<ChatResponse, 'conversationId'>;

export interface GeminiTurn {
  result: GeminiChatResult;
  /**
   * What this turn added after the context, to keep in the conversation: each model turn exactly as it came
   * (thought signatures included) and each user turn of function responses. null: keep nothing of this turn,
   * not even the visitor's message (a blocked prompt or answer, a cancelled request).
   */
  added: GeminiContent[] | null;
}

const logger = createLogger(console, { source: 'chat' });
const log = (event: string, data: Record<string, unknown>) => (event.endsWith('_error') ? logger.error(event, data) : logger.info(event, data));

export async function geminiReply(
  context: readonly GeminiContent[],
  settings: GeminiSettings,
  assistantName: string,
  ctx: ToolContext,
  cancelled?: AbortSignal,
): Promise<GeminiTurn> {
  const request = buildRequest(context, assistantName);
  const contents: GeminiContent[] = request.contents;
  const start = contents.length;
  const shown: ChatPart[] = [];
  const texts: string[] = [];
  const silent = (blocked?: string): GeminiTurn => ({ result: { reply: null, source: 'gemini', ...(blocked ? { blocked } : {}) }, added: null });

  try {
    for (let call = 0; call < MAX_MODEL_CALLS; call += 1) {
      const signals = [AbortSignal.timeout(GEMINI_TIMEOUT_MS), ...(cancelled ? [cancelled] : [])];
      const res = await generateContent(settings, { ...request, contents }, AbortSignal.any(signals));
      if (res.promptFeedback?.blockReason) return silent(res.promptFeedback.blockReason);
      const candidate = res.candidates?.[0];
      if (candidate?.finishReason && BLOCKED_FINISH_REASONS.has(candidate.finishReason)) return silent(candidate.finishReason);
      const parts: GeminiPart[] = candidate?.content?.parts ?? [];
      const text = parts.filter((p) => typeof p.text === 'string' && !p.thought).map((p) => p.text).join('').trim();
      if (text) texts.push(text);
      // The model turn goes back (and into the conversation) exactly as it came, thought signatures included.
      if (parts.length) contents.push({ ...candidate!.content!, role: 'model' });
      const calls = parts.filter((p) => p.functionCall?.name);
      if (!calls.length) break;
      // Then one user turn with a functionResponse per functionCall, in order.
      const responses: GeminiPart[] = [];
      for (const p of calls) {
        const fc = p.functionCall!;
        const result = await executeTool(fc.name, fc.args, ctx);
        if (result.part) shown.push(result.part);
        log('chat.tool', { name: fc.name, error: result.response.error ?? null });
        responses.push({ functionResponse: { ...(fc.id ? { id: fc.id } : {}), name: fc.name, response: result.response } });
      }
      contents.push({ role: 'user', parts: responses });
    }
  } catch (err) {
    if (cancelled?.aborted) return silent();
    const kind = classifyAiError(err);
    log('chat.gemini_error', { kind, error: err instanceof Error ? err.message : String(err), status: err instanceof GeminiApiError ? err.httpStatus : null });
    return { result: { reply: { text: aiErrorMessages[kind], parts: shown }, source: 'gemini', error: kind }, added: contents.slice(start) };
  }
  const added = contents.slice(start);
  const text = texts.join('\n\n');
  if (!text && !shown.length) return { result: { reply: { text: chatMessages.aiFailure, parts: [] }, source: 'gemini' }, added };
  return { result: { reply: { text, parts: shown }, source: 'gemini' }, added };
}
