/** "$25,000": whole US dollars with en-US thousands separators, as `n.toLocaleString('en-US')` writes them.
 * Not through Intl: a page's first Number#toLocaleString builds ICU's number formatter, about 100 ms of
 * main-thread work (400 ms on a phone) in the middle of hydration (docs/decisions/0009-first-paint-from-html.md). */
export function usd(n: number): string {
  const whole = Math.round(Math.abs(n));
  return `${n < 0 && whole ? '-' : ''}$${String(whole).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}
