import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, requestTextCaps } from '../../shared/bodyLimit.ts';
import { chatRequestSchema, leadSubmissionSchema, MAX_CHAT_MESSAGES, MAX_MESSAGE_CHARS, MAX_TRANSCRIPT_MESSAGES, TRANSCRIPT_MESSAGE_CHARS } from '../../shared/chat/api.ts';
import { formDefinitions, formKinds } from '../../shared/forms/definitions.ts';

// The body limit follows from the character caps: the largest request the schemas accept fits in every
// script, while a body far beyond any valid request is still refused.

const bytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;
/** `n` UTF-16 code units of a 3-byte script, of emoji (4 bytes per 2 units), or of escaped control characters. */
const fill = {
  chinese: (n: number) => '你'.repeat(n),
  emoji: (n: number) => '😀'.repeat(n / 2),
  control: (n: number) => '\u0001'.repeat(n),
};

describe('MAX_BODY_BYTES', () => {
  for (const [script, make] of Object.entries(fill)) {
    it(`fits a full chat conversation written in ${script}`, () => {
      const body = { messages: Array.from({ length: MAX_CHAT_MESSAGES }, (_, i) => ({ role: i % 2 ? 'bot' : 'user', text: make(MAX_MESSAGE_CHARS) })).reverse() };
      expect(chatRequestSchema.safeParse(body).success).toBe(true);
      expect(bytes(body)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    });

    it(`fits a chat lead with a full transcript in ${script}`, () => {
      const body = {
        id: '19b0c0ffee00abcdef1', name: make(100), email: 'ama@example.com', phone: '+233 24 123 4567', company: make(100),
        serviceInterest: make(60), budgetRange: make(60), timeline: make(60), projectSummary: make(5000),
        messages: Array.from({ length: MAX_TRANSCRIPT_MESSAGES }, (_, i) => ({ type: i % 2 ? 'bot' : 'user', text: make(TRANSCRIPT_MESSAGE_CHARS) })),
      };
      expect(leadSubmissionSchema.safeParse(body).success).toBe(true);
      expect(bytes(body)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    });
  }

  it('fits every form with every field at its cap in a 3-byte script', () => {
    for (const kind of formKinds) {
      const body = Object.fromEntries(formDefinitions[kind].fields.map((f) => [f.name, '\u0001'.repeat(f.max ?? 0)]));
      expect(bytes(body), kind).toBeLessThanOrEqual(MAX_BODY_BYTES);
    }
  });

  it('is no larger than the largest valid request needs (6 bytes a character plus 16 KB of structure)', () => {
    const largest = Math.max(...Object.values(requestTextCaps));
    expect(MAX_BODY_BYTES).toBeLessThanOrEqual(6 * largest + 17 * 1024);
    expect(MAX_BODY_BYTES % 1024).toBe(0);
  });
});
