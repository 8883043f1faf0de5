import type { CloudAPISendTemplateMessageRequest, CloudAPISendTextMessageRequest } from '@whatsapp-cloudapi/types/cloudapi';

// A WhatsApp message the Worker sends (a staff reply from the lead page, the assistant's answer, a template to
// open or reopen a conversation), as it travels on the queue as a job of kind `wa-out` (shared/submission.ts
// JOB_KINDS): strings only, like every queue message's fields. The sink (functions/whatsapp/sink.ts) hands it
// to the Cloud API once (docs/decisions/0031). No I/O.

export const WA_OUT_KIND = 'wa-out';

/** Who speaks: a person from the lead page, or the assistant while no person has the conversation. */
export const WA_SENDERS = ['staff', 'assistant'] as const;
export type WaSender = (typeof WA_SENDERS)[number];

/** Free text (only inside the 24-hour window), or an approved template with its body parameters. */
export type WaContent =
  | { type: 'text'; text: string }
  | { type: 'template'; name: string; language: string; params: string[]; /** The filled body, as the customer reads it. */ text: string };

export interface OutgoingWhatsApp {
  sender: WaSender;
  /** The customer's WhatsApp id (wa_id): digits, international form. */
  to: string;
  content: WaContent;
  /** The lead it belongs to, and the lead_activity document (`wa_out`) that records its status. */
  leadId: string | null;
  activityId: string | null;
  /** Who wrote it (sender `staff`): the person's user id and name, for the lead's first response. */
  byId?: string | null;
  byName?: string | null;
}

/** A WhatsApp message's text has at most 4096 characters (Cloud API). */
export const WA_TEXT_MAX = 4096;
export const isWaId = (v: unknown): v is string => typeof v === 'string' && /^[1-9]\d{6,14}$/.test(v);

export type GraphMessage = CloudAPISendTextMessageRequest | CloudAPISendTemplateMessageRequest;

/** The request body of POST /{phone-number-id}/messages. */
export function graphMessage(m: Pick<OutgoingWhatsApp, 'to' | 'content'>): GraphMessage {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: m.to } as const;
  if (m.content.type === 'text') return { ...base, type: 'text', text: { body: m.content.text, preview_url: true } };
  const { name, language, params } = m.content;
  return {
    ...base,
    type: 'template',
    template: {
      name,
      language: { code: language },
      ...(params.length ? { components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }] } : {}),
    },
  };
}

/** The job's fields (strings only). */
export function waOutFields(m: OutgoingWhatsApp): Record<string, string> {
  const c = m.content;
  return {
    sender: m.sender,
    to: m.to,
    type: c.type,
    text: c.text,
    template: c.type === 'template' ? c.name : '',
    language: c.type === 'template' ? c.language : '',
    params: c.type === 'template' ? JSON.stringify(c.params) : '',
    leadId: m.leadId ?? '',
    activityId: m.activityId ?? '',
    byId: m.byId ?? '',
    byName: m.byName ?? '',
  };
}

const stringArray = (text: string | undefined): string[] | null => {
  try {
    const v: unknown = JSON.parse(text ?? '');
    return Array.isArray(v) && v.every((s) => typeof s === 'string') ? v : null;
  } catch {
    return null;
  }
};

/** The message of a job's fields, or null when they are not one (the job is then parked, never guessed at). */
export function parseWaOutFields(f: Record<string, string>): OutgoingWhatsApp | null {
  if (!(WA_SENDERS as readonly string[]).includes(f.sender ?? '') || !isWaId(f.to)) return null;
  const text = f.text ?? '';
  if (!text || text.length > WA_TEXT_MAX) return null;
  let content: WaContent;
  if (f.type === 'text') content = { type: 'text', text };
  else if (f.type === 'template') {
    const params = stringArray(f.params);
    if (!f.template || !f.language || !params) return null;
    content = { type: 'template', name: f.template, language: f.language, params, text };
  } else return null;
  return {
    sender: f.sender as WaSender,
    to: f.to,
    content,
    leadId: f.leadId || null,
    activityId: f.activityId || null,
    byId: f.byId || null,
    byName: f.byName || null,
  };
}
