import type { Exchange } from '../chat/exchange.ts';
import type { AiLeadFields } from '../chat/tools.ts';
import { site } from '../site.ts';

// What the assistant says and writes on WhatsApp besides its answers (docs/decisions/0031, "Assistant and
// hand-off"): the hand-off and rate-limit messages, and the details its lead tool fills in on the lead the
// conversation already is. No I/O.

/** The one message a customer who asks for a person gets: who answers, where, and by when (shared/replyBy.ts). */
export const handOffMessage = (replyBy: string | null) =>
  `Thanks! I've asked a person from the ${site.name} team to answer you here${replyBy ? `, ${replyBy}` : ''}. ` +
  'Keep writing if you like: they will read the whole conversation.';

/** The one message a customer over the rate limit gets, until the block ends. */
export const limitMessage = (seconds: number) =>
  `You're writing faster than I can answer. Please wait ${Math.max(1, Math.ceil(seconds))} seconds, then write again.`;

const cut = (v: string, size: number) => v.replace(/\s+/g, ' ').trim().slice(0, size);

/**
 * What the lead tool writes on the lead's inquiry (one lead per conversation: the WhatsApp lead is filled in,
 * never filed again). Only what the customer gave; the search text gains the new words.
 */
export function capturedInquiryFields(lead: AiLeadFields, searchText: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (lead.name.trim()) out.name = cut(lead.name, 100);
  if (lead.email.trim()) out.email = cut(lead.email, 254).toLowerCase();
  if (lead.service.trim()) out.serviceInterest = cut(lead.service, 60);
  if (lead.budget.trim()) out.budgetRange = cut(lead.budget, 60);
  const words = [out.name, out.email, out.serviceInterest, lead.message].filter((w): w is string => !!w?.trim() && !searchText.includes(w.trim()));
  if (words.length) out.searchText = [searchText, ...words.map((w) => cut(w, 2000))].filter(Boolean).join(' | ').slice(0, 8000);
  return out;
}

/** What the lead tool writes on the lead's WhatsApp record (name, e-mail, phone), when given. */
export function capturedRecordFields(lead: AiLeadFields): Record<string, string> {
  const out: Record<string, string> = {};
  if (lead.name.trim()) out.name = cut(lead.name, 100);
  if (lead.email.trim()) out.email = cut(lead.email, 254).toLowerCase();
  if (lead.phone.trim()) out.phone = cut(lead.phone, 30);
  return out;
}

/** The text of the last answer the local assistant gave (its numbered options are what a bare number picks). */
export function lastLocalAnswer(history: readonly Exchange[] | null): string | null {
  const last = history?.at(-1);
  if (last?.source !== 'local') return null;
  const model = last.contents.findLast((c) => c.role === 'model');
  const text = model?.parts.map((p) => (typeof p.text === 'string' ? p.text : '')).join('');
  return text || null;
}
