// FormSubmit (https://formsubmit.co), the form-mail service of docs/product.md §18: its AJAX endpoint
// takes url-encoded form data and answers JSON. Success is only `"success":"true"` (a string); an
// unactivated form answers HTTP 200 with `"success":"false"` (docs/decisions/0004).

/** docs/product.md §16.1, word for word. */
export const FORMSUBMIT_NOT_CONFIGURED =
  'FormSubmit endpoint is not configured. Provide opts.endpoint or set a default endpoint in the environment.';

/** The optional special fields of docs/product.md §18. */
export interface FormSubmitSpecialFields {
  _replyto?: string;
  _subject?: string;
  _next?: string;
  _cc?: string;
  _blacklist?: string;
  _autoresponse?: string;
  _template?: 'basic' | 'box' | 'table';
  _captcha?: 'true' | 'false';
  _honey?: string;
  _webhook?: string;
}

export interface FormSubmitOptions {
  /** https://formsubmit.co/ajax/<token>; falls back to defaultEndpoint. */
  endpoint?: string | null;
  defaultEndpoint?: string | null;
  /** Sent as Referer and Origin: FormSubmit ties a form to the site it is used from. */
  siteUrl?: string;
  timeoutMs?: number;
}

/** How long a request may take by default before it counts as an unknown outcome. */
export const FORMSUBMIT_TIMEOUT_MS = 15_000;

/**
 * `outcomeUnknown`: the request may have reached FormSubmit (a timeout, or a connection that broke before
 * the answer was read), so it may have mailed it; otherwise the failure is a clean refusal (an HTTP answer
 * that is not a success, or no endpoint at all). FormSubmit takes no idempotency key (docs/decisions/0022).
 */
export type FormSubmitResult =
  | { success: true; status: number; message: string }
  | { success: false; status: number | null; message: string; outcomeUnknown?: true };

export async function sendToFormSubmit(
  fields: Record<string, string> & FormSubmitSpecialFields,
  opts: FormSubmitOptions = {},
): Promise<FormSubmitResult> {
  const endpoint = opts.endpoint || opts.defaultEndpoint;
  if (!endpoint) return { success: false, status: null, message: FORMSUBMIT_NOT_CONFIGURED };

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/x-www-form-urlencoded',
  };
  if (opts.siteUrl) {
    headers.Referer = `${opts.siteUrl}/`;
    headers.Origin = opts.siteUrl;
  }
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(opts.timeoutMs ?? FORMSUBMIT_TIMEOUT_MS),
    });
  } catch (err) {
    // The runtime does not say whether the request left before the failure: count it as possibly sent.
    return { success: false, status: null, message: `FormSubmit request failed: ${errorMessage(err)}`, outcomeUnknown: true };
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if (!res.ok) text = '';
    else return { success: false, status: res.status, message: `FormSubmit's answer broke off: ${errorMessage(err)}`, outcomeUnknown: true };
  }
  let body: { success?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON (an HTML error page, for example): reported below with the status.
  }
  const serverMessage = typeof body.message === 'string' ? body.message : text.slice(0, 300);
  if (!res.ok) return { success: false, status: res.status, message: `FormSubmit answered HTTP ${res.status}: ${serverMessage || res.statusText}` };
  if (body.success !== 'true') {
    return { success: false, status: res.status, message: `FormSubmit did not accept the submission (success: ${JSON.stringify(body.success ?? null)}): ${serverMessage}` };
  }
  return { success: true, status: res.status, message: serverMessage };
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
