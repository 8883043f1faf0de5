import { Hono } from 'hono';
import type { ApiError } from '../shared/api.ts';
import { isUniqueId, uniqueId } from '../shared/id.ts';
import { formDefinitions, HONEYPOT_FIELD, isFormKind, validateForm, type FormAccepted } from '../shared/forms/index.ts';
import type { SubmissionMessage } from '../shared/submission.ts';
import { LEDGER_NAME } from '../durable/SubmissionLedger.ts';

// POST /api/forms/:kind — validated with the schema the SPA uses, put on the SUBMISSIONS queue, and only
// then answered 202 (docs/decisions/0004). Every refusal is JSON of the ApiError shape.
export const forms = new Hono<{ Bindings: Env }>();

const log = (event: string, data: Record<string, unknown>) => console.log(JSON.stringify({ event, ...data }));

forms.post('/:kind', async (c) => {
  const kind = c.req.param('kind');
  if (!isFormKind(kind)) {
    return c.json<ApiError>({ error: 'unknown_form', message: `There is no form called "${kind}".` }, 404);
  }

  const contentType = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    return c.json<ApiError>({ error: 'unsupported_media_type', message: 'Send the form as JSON (Content-Type: application/json).' }, 415);
  }

  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return c.json<ApiError>({ error: 'invalid_json', message: 'The request body is not valid JSON.' }, 400);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return c.json<ApiError>({ error: 'invalid_body', message: 'The request body must be a JSON object of form fields.' }, 400);
  }
  const input = body as Record<string, unknown>;

  if (input.id !== undefined && !isUniqueId(input.id)) {
    return c.json<ApiError>({ error: 'invalid_id', message: 'The submission id is not valid. Reload the page and try again.' }, 400);
  }
  const id = (input.id as string | undefined) ?? uniqueId();

  // Robots fill the hidden honeypot: tell them it worked, deliver nothing.
  const honey = input[HONEYPOT_FIELD];
  if (honey !== undefined && honey !== null && honey !== '') {
    log('submission.honeypot', { id, kind, ip: c.req.header('CF-Connecting-IP') ?? null, userAgent: c.req.header('User-Agent') ?? null });
    // Counted where staff see it (the admin overview); the answer does not wait for it.
    c.executionCtx.waitUntil(c.env.SUBMISSION_LEDGER.getByName(LEDGER_NAME).honeypotHit(kind).catch((err: unknown) =>
      console.error(JSON.stringify({ event: 'ledger.unavailable', what: 'honeypot count', error: err instanceof Error ? err.message : String(err) }))));
    return c.json<FormAccepted>({ id }, 202);
  }

  const result = validateForm(kind, input);
  if (!result.success) {
    const count = Object.keys(result.fields).length;
    return c.json<ApiError>({
      error: 'validation',
      message: count === 1 ? 'One field needs your attention.' : `${count} fields need your attention.`,
      fields: result.fields,
    }, 422);
  }

  const message: SubmissionMessage = { v: 1, id, kind, submittedAt: new Date().toISOString(), fields: result.data };
  try {
    await c.env.SUBMISSIONS.send(message, { contentType: 'json' });
  } catch (err) {
    console.error(JSON.stringify({ event: 'submission.queue_failed', id, kind, error: err instanceof Error ? err.message : String(err) }));
    return c.json<ApiError>({
      error: 'unavailable',
      message: `We could not store your ${formDefinitions[kind].noun} just now, so nothing was sent. Please try again in a moment.`,
    }, 503, { 'Retry-After': '30' });
  }
  log('submission.accepted', { id, kind });
  return c.json<FormAccepted>({ id }, 202);
});

forms.all('/:kind', (c) => {
  const kind = c.req.param('kind');
  if (!isFormKind(kind)) return c.json<ApiError>({ error: 'unknown_form', message: `There is no form called "${kind}".` }, 404);
  return c.json<ApiError>({ error: 'method_not_allowed', message: 'Forms are sent with POST.' }, 405, { Allow: 'POST' });
});
