import { renderSavedReply, type ReplyContext, type SavedReplyVariable } from '../admin/savedReplies.ts';
import { WA_TEXT_MAX } from './outgoing.ts';
import { fillTemplate, type WhatsAppTemplate } from './templates.ts';
import { windowClosesAt, windowOpen } from './window.ts';

// The rules of the lead page's WhatsApp composer (docs/decisions/0031, "Window and templates"), the same for
// the Worker, which enforces them on every send (functions/admin/leadWhatsApp.ts), and the page, which shows
// them: free text only inside the 24-hour window of a conversation the customer opened; otherwise an approved
// template whose every variable has a value from the lead. No I/O.

/** A template as the composer offers it: `name/language`, its label, its body filled for this lead. */
export interface TemplateChoice {
  id: string;
  label: string;
  text: string;
  /** Variables this lead has no value for: the template cannot be sent until it has (never "{{1}}"). */
  missing: SavedReplyVariable[];
}

/** What GET /api/admin/leads/:id/whatsapp answers. */
export interface LeadWhatsAppResponse {
  configured: boolean;
  /** The number a message goes to: the conversation's, or the lead's phone read as one; null: none. */
  waId: string | null;
  /** Why there is no number (no phone, or one that cannot be read for sure). */
  noNumber: string | null;
  /** The customer has written on WhatsApp on this lead (else only a template may start the conversation). */
  conversation: boolean;
  windowClosesAt: string | null;
  canSendText: boolean;
  templates: TemplateChoice[];
}

export const templateId = (t: Pick<WhatsAppTemplate, 'name' | 'language'>) => `${t.name}/${t.language}`;

/** A template's parameters and body filled from the lead, with the variables that had no value. */
export function fillForLead(t: WhatsAppTemplate, context: ReplyContext): { params: string[]; text: string; missing: SavedReplyVariable[] } {
  const filled = t.params.map((name) => renderSavedReply(`{{${name}}}`, context));
  const missing = [...new Set(filled.flatMap((f) => f.missing))];
  // A variable without a value shows as itself in the preview (and the template is refused), never as a guess.
  const params = filled.map((f, i) => (f.missing.length ? `{{${t.params[i]}}}` : f.text.trim()));
  return { params, text: fillTemplate(t.body, params), missing };
}

export const templateChoices = (templates: readonly WhatsAppTemplate[], context: ReplyContext): TemplateChoice[] =>
  templates.map((t) => {
    const { text, missing } = fillForLead(t, context);
    return { id: templateId(t), label: t.label, text, missing };
  });

/** Whether free text may go now, and if not, the message that says why (the Worker's 409). */
export function freeTextRefusal(conversation: { waId: string | null; waLastInboundAt: string | null }, now = new Date()): string | null {
  const closed = windowClosesAt(conversation.waLastInboundAt);
  if (!conversation.waId || !closed) {
    return 'The customer has not written to us on WhatsApp yet: a conversation can only be started with an approved template, never with free text.';
  }
  if (windowOpen(conversation.waLastInboundAt, now)) return null;
  return `The 24-hour window closed at ${closed.toISOString().replace('T', ' ').slice(0, 16)} UTC; send an approved template instead.`;
}

/** The refusal of a template that cannot go as filled for this lead, or null. */
export function templateRefusal(t: WhatsAppTemplate, filled: { text: string; missing: readonly string[] }): string | null {
  if (filled.missing.length) {
    return `This lead has no ${filled.missing.map((v) => `{{${v}}}`).join(', ')}, which the template "${t.label}" needs: add it to the lead or choose another template.`;
  }
  if (filled.text.length > WA_TEXT_MAX) return `The template "${t.label}" filled for this lead is longer than ${WA_TEXT_MAX} characters.`;
  return null;
}

/** "3 h 12 min" left in the window, for the page (minutes rounded down; under a minute: "less than a minute"). */
export function windowLeft(closesAt: string, now = new Date()): string | null {
  const ms = Date.parse(closesAt) - now.getTime();
  if (!(ms > 0)) return null;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${m} min` : `${m} min`;
}
