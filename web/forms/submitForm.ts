import type { ApiError } from '../../shared/api.ts';
import { formMessages, type FieldErrors, type FormAccepted, type FormKind, type FormRequestBody } from '../../shared/forms/index.ts';
import { messages } from '../../shared/messages.ts';

// Sends one form to POST /api/forms/<kind> and turns every answer into something the form can show.
export type SubmitOutcome =
  | { type: 'accepted'; id: string }
  | { type: 'invalid'; fields: FieldErrors; message: string }
  | { type: 'error'; message: string };

const TIMEOUT_MS = 20_000;

export async function submitForm(kind: FormKind, body: FormRequestBody): Promise<SubmitOutcome> {
  let res: Response;
  try {
    res = await fetch(`/api/forms/${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { type: 'error', message: formMessages.network };
  }

  let data: Partial<ApiError & FormAccepted> = {};
  try {
    data = (await res.json()) as typeof data;
  } catch {
    // Not JSON (a proxy error page, for example): handled by status below.
  }

  if (res.status === 202) return { type: 'accepted', id: data.id ?? body.id ?? '' };
  if (res.status === 422 && data.fields) return { type: 'invalid', fields: data.fields, message: data.message ?? '' };
  if (res.status === 429) {
    const seconds = data.retryAfter ?? Number(res.headers.get('Retry-After') ?? 60);
    return { type: 'error', message: data.message ?? messages.tooManyRequests(seconds) };
  }
  if (res.status === 503) return { type: 'error', message: data.message ?? formMessages.unavailable };
  return { type: 'error', message: data.message ?? formMessages.unexpected };
}
