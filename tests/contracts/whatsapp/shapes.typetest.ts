// The schemas are held to @whatsapp-cloudapi/types: each line below must fail `tsc` (npx tsc -b checks it).
import type { CloudAPIErrorResponse, CloudAPIResponse } from '@whatsapp-cloudapi/types/cloudapi';
import type { WebhookStatus } from '@whatsapp-cloudapi/types/webhook';
import { z } from 'zod';

// @ts-expect-error a send answer's message id is `id`, not `wamid`
export const misnamed: z.ZodType<CloudAPIResponse> = z.strictObject({ messaging_product: z.literal('whatsapp'), contacts: z.array(z.strictObject({ input: z.string(), wa_id: z.string() })), messages: z.array(z.strictObject({ wamid: z.string() })) });
// @ts-expect-error an error's code is a number
export const wrongType: z.ZodType<CloudAPIErrorResponse> = z.strictObject({ error: z.strictObject({ message: z.string(), type: z.string(), code: z.string() }) });
// @ts-expect-error a status Meta does not have
export const unknownStatus: z.ZodType<WebhookStatus> = z.strictObject({ id: z.string(), recipient_id: z.string(), status: z.enum(['sent', 'seen']), timestamp: z.string() });
