// What every benchmark reports of a list of timings: the value at a quantile, and median / p95 / count.

/** The value at quantile q (0–1) of xs, by the nearest rank below. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/** Median and p95 of xs, rounded to `digits` decimals, and how many there were. */
export const stats = (xs: readonly number[], digits = 2) => ({
  median: +quantile(xs, 0.5).toFixed(digits),
  p95: +quantile(xs, 0.95).toFixed(digits),
  n: xs.length,
});
