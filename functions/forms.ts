import { Hono } from 'hono';
import { z } from 'zod';
import { isUniqueId, uniqueId } from '../shared/id.ts';
import { formKinds, formSchemaOf, HONEYPOT_FIELD, type FormAccepted } from '../shared/forms/index.ts';
import { LANGUAGE_HEADER, languageOf } from '../shared/forms/language.ts';
import { languageQueueField } from '../shared/chat/submissions.ts';
import { addCatalog, catalog } from '../shared/i18n/catalogs.ts';
import { frenchFormWords } from '../shared/i18n/formWords.ts';
import { errorText } from '../shared/log.ts';
import { replyByOf } from '../shared/replyBy.ts';
import { kindInSentence } from '../shared/submissionKinds.ts';
import { LEDGER_NAME } from '../durable/SubmissionLedger.ts';
import type { AppEnv } from './env.ts';
import { apiError, notStored } from './errors.ts';
import { ackFields } from './promise/ack.ts';
import { enqueueSubmission } from './submissions.ts';
import { invalidInput, jsonOnly, refusal, validate } from './validate.ts';

// POST /api/forms/:kind — validated with the schema the SPA uses, put on the SUBMISSIONS queue, and only
// then answered 202 (docs/decisions/0004). Every refusal is JSON of the ApiError shape.

// The Worker renders no page: the forms' French catalogs (every kind's) are the only French it needs (field errors).
addCatalog('fr', frenchFormWords);

const formParams = z.object({ kind: z.enum(formKinds) });

/**
 * The envelope of every form: a JSON object with the submission id (made by the SPA, checked here) and the
 * honeypot. The form's own fields are checked after the honeypot, with the schema of its kind.
 */
const formEnvelope = z.looseObject({
  id: z.unknown().refine((v) => v === undefined || isUniqueId(v), {
    message: 'The submission id is not valid. Reload the page and try again.',
    params: refusal(400, 'invalid_id'),
  }).transform((v) => v as string | undefined).optional(),
  [HONEYPOT_FIELD]: z.unknown().optional(),
});

export const forms = new Hono<AppEnv>()
  .post(
    '/:kind',
    validate('param', formParams, {
      invalid: (c) => apiError(c, 404, 'unknown_form', `There is no form called "${c.req.param('kind')}".`),
    }),
    jsonOnly,
    validate('json', formEnvelope),
    async (c) => {
      const { kind } = c.req.valid('param');
      const input = c.req.valid('json');
      const id = input.id ?? uniqueId();
      const log = c.var.log;
      // The arrival starts the reply clock; the answer says by when (a honeypot hit is told the same).
      const receivedAt = new Date().toISOString();
      const replyBy = replyByOf(receivedAt);

      // Robots fill the hidden honeypot: tell them it worked, deliver nothing.
      const honey = input[HONEYPOT_FIELD];
      if (honey !== undefined && honey !== null && honey !== '') {
        log.info('submission.honeypot', { id, kind, ip: c.req.header('CF-Connecting-IP') ?? null, userAgent: c.req.header('User-Agent') ?? null });
        // Counted where staff see it (the admin overview); the answer does not wait for it.
        c.executionCtx.waitUntil(c.env.SUBMISSION_LEDGER.getByName(LEDGER_NAME).honeypotHit(kind).catch((err: unknown) =>
          log.error('ledger.unavailable', { what: 'honeypot count', error: errorText(err) })));
        return c.json<FormAccepted, 202>({ id, replyBy }, 202);
      }

      // The page's language words the errors and marks the lead (its acknowledgement, how staff answer); it
      // decides nothing else (shared/forms/language.ts).
      const locale = languageOf(c.req.header(LANGUAGE_HEADER));
      const fields = formSchemaOf(kind, locale).safeParse(input);
      if (!fields.success) {
        const summary = locale === 'en' ? 'count' : (count: number) => catalog(locale)._('forms.serverSummary', { count });
        return invalidInput(c, fields.error, 'json', { summary });
      }
      try {
        await enqueueSubmission(c.env, log, kind, { ...fields.data, ...languageQueueField(locale), ...(await ackFields(c, fields.data.email)) }, id, receivedAt);
      } catch {
        return notStored(c, kindInSentence(kind));
      }
      return c.json<FormAccepted, 202>({ id, replyBy }, 202);
    },
  );
