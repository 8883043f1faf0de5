import { formMessagesIn, type FormRequestBody } from '../../shared/forms/messages.ts';
import type { FormKind } from '../../shared/forms/definitions.ts';
import type { FieldErrors } from '../../shared/forms/fields.ts';
import { messages } from '../../shared/messages.ts';
import { api, call } from '../api/client.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { LANGUAGE_HEADER } from '../../shared/forms/language.ts';

// Sends one form to POST /api/forms/<kind> and turns every answer into something the form can show.
export type SubmitOutcome =
  | { type: 'accepted'; id: string; replyBy: string | null }
  | { type: 'invalid'; fields: FieldErrors; message: string }
  | { type: 'error'; message: string };

const TIMEOUT_MS = 20_000;

export async function submitForm(kind: FormKind, locale: Locale, body: FormRequestBody): Promise<SubmitOutcome> {
  const formMessages = formMessagesIn(locale);
  const out = await call(
    () => api.forms[':kind'].$post({ param: { kind }, json: body }, { init: { signal: AbortSignal.timeout(TIMEOUT_MS) }, headers: { Accept: 'application/json', [LANGUAGE_HEADER]: locale } }),
    (status, retryAfter) =>
      status === 0 ? formMessages.network
      : status === 429 ? messages.tooManyRequests(retryAfter ?? 60)
      : status === 503 ? formMessages.unavailable
      : formMessages.unexpected,
  );
  if (out.ok) return { type: 'accepted', id: ('id' in out.data ? out.data.id : undefined) ?? body.id ?? '', replyBy: ('replyBy' in out.data ? out.data.replyBy : null) ?? null };
  if (out.status === 422 && out.error.fields) return { type: 'invalid', fields: out.error.fields, message: out.error.message };
  return { type: 'error', message: out.error.message };
}
