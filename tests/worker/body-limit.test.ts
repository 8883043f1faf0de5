import { describe, expect, it } from 'vitest';
import { MAX_TRANSCRIPT_MESSAGES, TRANSCRIPT_MESSAGE_CHARS } from '../../shared/chat/api.ts';
import { callApi } from './appwrite-helpers.ts';

// Through the real Worker: a full conversation in a 3-byte script or in emoji is accepted, not refused with
// 413 (it used to be: 40 messages of 1,000 CJK characters are 120 KB, above the old 64 KB limit).

const lead = (text: string) => ({
  name: 'Wei Zhang', email: 'wei@example.com', serviceInterest: 'Web Development', projectSummary: text.slice(0, 500),
  messages: Array.from({ length: MAX_TRANSCRIPT_MESSAGES }, (_, i) => ({ type: i % 2 ? 'bot' : 'user', text })),
});

describe('the body limit follows from the character caps', () => {
  it('accepts a chat lead whose transcript is 40 messages of 1,000 Chinese characters', async () => {
    const body = lead('你'.repeat(TRANSCRIPT_MESSAGE_CHARS));
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeGreaterThan(120_000);
    const res = await callApi('/api/chat/lead', { method: 'POST', body });
    expect(res.status).toBe(202);
  });

  it('accepts a chat lead whose transcript is 40 messages of emoji', async () => {
    const res = await callApi('/api/chat/lead', { method: 'POST', body: lead('🎉'.repeat(TRANSCRIPT_MESSAGE_CHARS / 2)) });
    expect(res.status).toBe(202);
  });
});
