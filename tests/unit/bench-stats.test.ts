import { describe, expect, it } from 'vitest';
import { median, quantile, stats } from '../../scripts/lib/stats.ts';

// The one median of every benchmark (scripts/lib/stats.ts; bench-web's own took the lower middle value).
describe('median', () => {
  it('is the middle value of an odd count and the mean of the two middle values of an even one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([10, 20])).toBe(15);
    expect(stats([1, 2, 3, 4]).median).toBe(2.5);
  });

  it('leaves the input alone and p95 by the nearest rank below', () => {
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
    expect(quantile([...Array(100).keys()], 0.95)).toBe(95);
  });
});
