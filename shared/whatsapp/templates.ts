import { z } from 'zod';
import { SAVED_REPLY_VARIABLES } from '../admin/savedReplies.ts';

// The message templates Meta approved for our number, as the configuration lists them (WHATSAPP_TEMPLATES,
// docs/operations.md): outside the 24-hour customer-service window a template is the only message staff may
// send (docs/decisions/0031). Each body parameter is filled from the lead with the saved replies' variables,
// in order ({{1}}, {{2}}, …). No I/O.

export interface WhatsAppTemplate {
  /** The template's name at Meta (lower case, digits, underscores). */
  name: string;
  /** Its language code at Meta: en, en_US, fr, … */
  language: string;
  /** What staff see in the **Template** select. */
  label: string;
  /** Its approved body with {{1}}, {{2}}…, shown to staff filled in before they send it. */
  body: string;
  /** What fills {{1}}, {{2}}, … in order: variables of shared/admin/savedReplies.ts. */
  params: (typeof SAVED_REPLY_VARIABLES)[number][];
}

const template = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'name must be the template name at Meta (a-z, 0-9, _)'),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'language must be a code such as en, en_US or fr'),
  label: z.string().trim().min(1).max(80),
  body: z.string().trim().min(1).max(1024),
  params: z.array(z.enum(SAVED_REPLY_VARIABLES)).max(10).default([]),
}).refine((t) => placeholdersIn(t.body) === t.params.length, { error: 'params must name one variable per {{n}} of body, in order' });

/** How many distinct {{n}} a body has (they must be 1…n). */
export function placeholdersIn(body: string): number {
  const numbers = new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
  for (let n = 1; n <= numbers.size; n++) if (!numbers.has(n)) return -1;
  return numbers.size;
}

/** The configured list, or a message saying what is wrong with it (never the value). Empty: none. */
export function parseTemplatesConfig(text: string): WhatsAppTemplate[] | string {
  if (!text.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'must be a JSON array of templates ({ name, language, label, body, params }), or empty';
  }
  const parsed = z.array(template).max(50).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `must be a JSON array of templates ({ name, language, label, body, params }): ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim();
  }
  const names = parsed.data.map((t) => `${t.name}/${t.language}`);
  if (new Set(names).size !== names.length) return 'must not list the same template name and language twice';
  return parsed.data;
}

/** A template's body with its parameters filled in, as the customer will read it. */
export function fillTemplate(body: string, values: string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);
}
