import type { AppConfig } from './config.ts';

// The one way the Worker sends an e-mail (docs/decisions/0027): the Cloudflare Email Service binding EMAIL
// (`env.EMAIL.send()` with a structured message), or, on this machine, the outbox stand-in
// (tests/emulators/outbox) when MAIL_OUTBOX_URL is set: the same message as JSON to POST <url>/send, answered
// like the binding ({ messageId }, or { code, message } on a refusal). Callers learn one of three outcomes:
// sent (the service's message id), refused (MailRefused: it was not sent) or unknown (MailOutcomeUnknown:
// it may have been sent).

/** How long one send may take before its outcome counts as unknown. */
export const MAIL_SEND_TIMEOUT_MS = 15_000;

/** What we send. Message-ID is the service's (it refuses one of ours); threading headers are ours. */
export interface MailToSend {
  to: string;
  subject: string;
  text: string;
  replyTo: string | null;
  /** In-Reply-To, References and X- headers only (the service's allow-list, docs/decisions/0027). */
  headers: Record<string, string>;
}

/** The service answered that it did not take the message: nothing was sent. */
export class MailRefused extends Error {
  override name = 'MailRefused';
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

/** The send failed in a way that does not say whether the message left (a timeout, a broken connection). */
export class MailOutcomeUnknown extends Error {
  override name = 'MailOutcomeUnknown';
}

/**
 * Error codes of the binding that mean "not sent" (developers.cloudflare.com/email-service/api/send-emails/
 * workers-api, "Error codes"). E_INTERNAL_SERVER_ERROR and an error without a code say nothing of the
 * outcome, so they are unknown.
 */
const REFUSALS = new Set([
  'E_VALIDATION_ERROR', 'E_FIELD_MISSING', 'E_TOO_MANY_RECIPIENTS', 'E_SENDER_NOT_VERIFIED', 'E_RECIPIENT_NOT_ALLOWED',
  'E_RECIPIENT_SUPPRESSED', 'E_SENDER_DOMAIN_NOT_AVAILABLE', 'E_CONTENT_TOO_LARGE', 'E_DELIVERY_FAILED',
  'E_RATE_LIMIT_EXCEEDED', 'E_DAILY_LIMIT_EXCEEDED', 'E_HEADER_NOT_ALLOWED', 'E_HEADER_USE_API_FIELD',
  'E_HEADER_VALUE_INVALID', 'E_HEADER_VALUE_TOO_LONG', 'E_HEADER_NAME_INVALID', 'E_HEADERS_TOO_LARGE', 'E_HEADERS_TOO_MANY',
]);

/** The binding's error (or the stand-in's answer) as a refusal or an unknown outcome. */
export function classifySendError(code: unknown, message: string): MailRefused | MailOutcomeUnknown {
  return typeof code === 'string' && REFUSALS.has(code) ? new MailRefused(code, message) : new MailOutcomeUnknown(`${typeof code === 'string' ? `${code}: ` : ''}${message}`);
}

/** The structured message of `env.EMAIL.send()`, from the configured agency address. */
export function emailBuilder(config: Pick<AppConfig, 'MAIL_FROM' | 'MAIL_FROM_NAME'>, mail: MailToSend): EmailMessageBuilder {
  if (!config.MAIL_FROM) throw new MailRefused('E_FIELD_MISSING', 'MAIL_FROM is not set, so no e-mail can be sent.');
  return {
    from: { email: config.MAIL_FROM, name: config.MAIL_FROM_NAME },
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(Object.keys(mail.headers).length ? { headers: mail.headers } : {}),
  };
}

/** Rejects after `ms` with an unknown outcome (the send may still complete). */
function deadline(ms: number): { promise: Promise<never>; clear(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MailOutcomeUnknown(`no answer within ${ms} ms`)), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/** Sends one e-mail; resolves with the service's message id, or throws MailRefused / MailOutcomeUnknown. */
export async function sendMail(
  env: Pick<Env, 'EMAIL'>,
  config: Pick<AppConfig, 'MAIL_FROM' | 'MAIL_FROM_NAME' | 'MAIL_OUTBOX_URL'>,
  mail: MailToSend,
  timeoutMs: number = MAIL_SEND_TIMEOUT_MS,
): Promise<{ messageId: string }> {
  const builder = emailBuilder(config, mail);
  if (config.MAIL_OUTBOX_URL) return sendToOutbox(config.MAIL_OUTBOX_URL, builder, timeoutMs);
  const limit = deadline(timeoutMs);
  try {
    const result = await Promise.race([env.EMAIL.send(builder), limit.promise]);
    return { messageId: result.messageId };
  } catch (err) {
    if (err instanceof MailOutcomeUnknown) throw err;
    const e = err as { code?: unknown; message?: unknown };
    throw classifySendError(e?.code, typeof e?.message === 'string' ? e.message : String(err));
  } finally {
    limit.clear();
  }
}

async function sendToOutbox(outboxUrl: string, builder: EmailMessageBuilder, timeoutMs: number): Promise<{ messageId: string }> {
  let res: Response;
  let body: { messageId?: unknown; code?: unknown; message?: unknown };
  try {
    res = await fetch(new URL('/send', outboxUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(builder),
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = await res.json();
  } catch (err) {
    // The request may have reached the outbox before it failed: like the binding, an unknown outcome.
    throw new MailOutcomeUnknown(`the outbox stand-in did not answer: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (res.ok && typeof body.messageId === 'string') return { messageId: body.messageId };
  throw classifySendError(body.code, typeof body.message === 'string' ? body.message : `HTTP ${res.status}`);
}
