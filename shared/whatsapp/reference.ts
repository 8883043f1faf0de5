// The short reference a wa.me link carries in its prefilled first message (docs/decisions/0031): six characters
// of an alphabet without look-alikes (no 0/O, 1/I/L), mapped on the server (collection `wa_refs`, the code is
// the document id) to the conversation it carries over. Opaque: it names no conversation id, and it only links
// a message to a lead, never authorises anything. No I/O.

import type { Locale } from '../i18n/locale.ts';

export const REF_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REF_LENGTH = 6;
const CODE = new RegExp(`^[${REF_ALPHABET}]{${REF_LENGTH}}$`);
export const isRefCode = (v: unknown): v is string => typeof v === 'string' && CODE.test(v);

/** A fresh code (about 887 million of them: guessing one links a message to a stranger's lead at worst for staff to see). */
export function newRefCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(REF_LENGTH));
  return Array.from(bytes, (b) => REF_ALPHABET[b % REF_ALPHABET.length]).join('');
}

/** The first message's words and its reference's label, per language of the page the link is on. */
const PREFILLED: Record<Locale, { words: string; ref: string }> = {
  en: { words: "Hello Volta Labs! I'd like to talk about a project.", ref: 'Ref:' },
  fr: { words: 'Bonjour Volta Labs\u202f! J’aimerais vous parler d’un projet.', ref: 'Réf\u202f:' },
};

/** The prefilled first message of a link: words a person would send, then the reference (referenceIn reads both languages'). */
export const prefilledText = (code: string | null, locale: Locale = 'en'): string => {
  const { words, ref } = PREFILLED[locale];
  return code ? `${words} (${ref} ${code})` : words;
};

/** The wa.me link to the business number with that first message. */
export const waMeLink = (number: string, code: string | null, locale: Locale = 'en'): string =>
  `https://wa.me/${number}?text=${encodeURIComponent(prefilledText(code, locale))}`;

/** The reference a customer's message carries, when it has one ("Ref: K7P2QX", "ref K7P2QX", "Réf : K7P2QX"). */
export function referenceIn(text: string): string | null {
  // "Ref" then a separator (so "reference" is not one), then the code as a word of its own.
  const match = new RegExp(`\\bR[eé]f(?:\\.|\\s*:|\\s)\\s*#?([${REF_ALPHABET}]{${REF_LENGTH}})(?![A-Za-z0-9])`, 'i').exec(text);
  const code = match?.[1]?.toUpperCase();
  return code && isRefCode(code) ? code : null;
}
