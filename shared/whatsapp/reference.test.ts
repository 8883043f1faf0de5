import { describe, expect, it } from 'vitest';
import { isRefCode, newRefCode, prefilledText, referenceIn, waMeLink } from './reference.ts';

describe('wa.me references', () => {
  it('makes codes of the alphabet and finds them again in the prefilled message', () => {
    for (let i = 0; i < 50; i++) {
      const code = newRefCode();
      expect(isRefCode(code)).toBe(true);
      expect(referenceIn(prefilledText(code))).toBe(code);
    }
  });

  it('reads the reference however the customer kept it, and nothing else', () => {
    expect(referenceIn('hi (ref k7p2qx) thanks')).toBe('K7P2QX');
    expect(referenceIn('Réf : K7P2QX')).toBe('K7P2QX');
    expect(referenceIn('Hello, my reference number is 123456')).toBeNull();
    expect(referenceIn('Ref: K0P2QX')).toBeNull();
    expect(referenceIn(prefilledText(null))).toBeNull();
  });

  it('links to the number with the text encoded', () => {
    expect(waMeLink('233302000111', 'K7P2QX')).toBe(`https://wa.me/233302000111?text=${encodeURIComponent(prefilledText('K7P2QX'))}`);
  });
});
