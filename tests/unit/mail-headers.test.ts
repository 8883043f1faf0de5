import { describe, expect, it } from 'vitest';
import { headerText, MAX_SUBJECT_CHARS, replyToAddress } from '../../shared/mailHeaders.ts';

describe('headerText', () => {
  it('turns CR, LF and other control characters into single spaces', () => {
    expect(headerText('New lead from Eve\r\nBcc: victim@example.com')).toBe('New lead from Eve Bcc: victim@example.com');
    expect(headerText('a\u0000b\u0007c\u001bd\u007fe\u0085f\u2028g')).toBe('a b c d e f g');
    expect(headerText('  tabs\tand   spaces  ')).toBe('tabs and spaces');
  });

  it('keeps every other character, emoji and scripts included, and caps the length', () => {
    expect(headerText('Nouveau message de Zoë 🎉 — 你好')).toBe('Nouveau message de Zoë 🎉 — 你好');
    expect([...headerText('😀'.repeat(500))]).toHaveLength(MAX_SUBJECT_CHARS);
  });
});

describe('replyToAddress', () => {
  it('passes one valid address', () => {
    expect(replyToAddress('ama@example.com')).toBe('ama@example.com');
    expect(replyToAddress(' ama@example.com ')).toBe('ama@example.com');
  });

  it('leaves out anything else', () => {
    for (const bad of ['', undefined, 'not an address', 'ama@example.com\r\nBcc: x@example.com', 'ama@example.com, eve@example.com', 'ama@example.com\u0000', 'a@b']) {
      expect(replyToAddress(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});
