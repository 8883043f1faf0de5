// A small typed client of Gemini's REST generateContent (POST {base}/v1beta/models/{model}:generateContent
// with the key in x-goog-api-key). Plain fetch: @google/genai is not needed for one call (docs/architecture.md §14.4).

export interface GeminiPart {
  text?: string;
  /** Thought summaries are not shown to the visitor. */
  thought?: boolean;
  /** Opaque; sent back unchanged with the model turn it came in (thinking models need it). */
  thoughtSignature?: string;
  functionCall?: { id?: string; name: string; args?: Record<string, unknown> };
  functionResponse?: { id?: string; name: string; response: Record<string, unknown> };
  [key: string]: unknown;
}

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

export interface GenerateContentRequest {
  contents: GeminiContent[];
  systemInstruction?: { parts: { text: string }[] };
  tools?: { functionDeclarations: readonly unknown[] }[];
  generationConfig?: { temperature?: number; maxOutputTokens?: number; topP?: number; topK?: number };
}

export interface GenerateContentResponse {
  candidates?: { content?: GeminiContent; finishReason?: string; index?: number }[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: Record<string, unknown>;
  modelVersion?: string;
}

/** Google's error JSON: {"error": {"code", "message", "status", "details"}}. */
export class GeminiApiError extends Error {
  readonly httpStatus: number;
  /** Google's status, e.g. INVALID_ARGUMENT, RESOURCE_EXHAUSTED. */
  readonly status: string;
  /** The ErrorInfo reason when given, e.g. API_KEY_INVALID. */
  readonly reason: string | null;
  constructor(httpStatus: number, message: string, status: string, reason: string | null) {
    super(message);
    this.name = 'GeminiApiError';
    this.httpStatus = httpStatus;
    this.status = status;
    this.reason = reason;
  }
}

export interface GeminiSettings {
  apiKey: string;
  model: string;
  baseUrl: string;
}

export async function generateContent(settings: GeminiSettings, body: GenerateContentRequest, signal?: AbortSignal): Promise<GenerateContentResponse> {
  const url = `${settings.baseUrl}/v1beta/models/${encodeURIComponent(settings.model)}:generateContent`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-goog-api-key': settings.apiKey },
    body: JSON.stringify(body),
    signal,
  });
  const text = await res.text();
  if (!res.ok) {
    // Not Google's error JSON (a gateway page, a proxy's "TypeError: fetch failed"): keep the start of the
    // body, which says what happened. It goes to the logs only, never to the visitor.
    let message = `Gemini answered HTTP ${res.status}: ${text.slice(0, 200).trim()}`;
    let status = '';
    let reason: string | null = null;
    try {
      const err = (JSON.parse(text) as { error?: { message?: string; status?: string; details?: { reason?: string }[] } }).error;
      if (err?.message) message = err.message;
      status = err?.status ?? '';
      reason = err?.details?.find((d) => typeof d.reason === 'string')?.reason ?? null;
    } catch {
      // Keep the message above.
    }
    throw new GeminiApiError(res.status, message, status, reason);
  }
  try {
    return JSON.parse(text) as GenerateContentResponse;
  } catch {
    throw new GeminiApiError(res.status, 'Gemini answered with a body that is not JSON', 'INVALID_RESPONSE', null);
  }
}
