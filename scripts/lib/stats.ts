// What every benchmark reports of a list of figures: the median, the value at a quantile, and median / p95 / count.

/** The value at quantile q (0–1) of xs, by the nearest rank below. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/** The median: the middle value, or the mean of the two middle values of an even count. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Median and p95 of xs, rounded to `digits` decimals, and how many there were. */
export const stats = (xs: readonly number[], digits = 2) => ({
  median: +median(xs).toFixed(digits),
  p95: +quantile(xs, 0.95).toFixed(digits),
  n: xs.length,
});
