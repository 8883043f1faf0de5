// What the site's one web font file keeps (scripts/font-subset.ts writes it; web/styles.css declares its
// unicode-range; tests/unit/font-subset.test.ts checks all three agree and that the site's words fit).
// Every glyph and every layout feature is paid for by every visitor's first page, so the file keeps only what
// our English and French text uses: other characters (a visitor's "ñ" or "ß") are drawn by the Latin Extended
// face or the metric-matched fallback, glyph by glyph.

/** ASCII, the letters of French, and the typography of both languages (spaces, quotes, dashes, arrows, signs). */
export const FONT_CHARACTERS = (() => {
  let ascii = '';
  for (let c = 0x20; c <= 0x7e; c++) ascii += String.fromCharCode(c);
  const french = 'ÀÂÆÇÈÉÊËÎÏÔÙÛÜŸŒàâæçèéêëîïôùûüÿœ';
  // No-break and narrow no-break spaces (French punctuation), © « · » × ° and the signs the pages and chat use.
  const typography = '\u00a0\u00a9\u00ab\u00b0\u00b7\u00bb\u00d7\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u202f\u2190\u2191\u2192\u2193\u2212\u2264\u20ac\u20b5\u2122';
  return ascii + french + typography;
})();

/**
 * The OpenType features kept: kerning, the mark positioning and composition that accented letters typed
 * decomposed need, and tabular figures (the admin reports' columns). Inter's contextual alternates, ligatures,
 * stylistic sets and character variants went: they added 30 % to the file for text we never set with them.
 */
export const FONT_FEATURES = ['kern', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum'];

/** The weight axis kept: the stylesheet's weights run from font-normal (400) to font-black (900). */
export const FONT_WEIGHTS = { min: 400, max: 900 };

/** The CSS unicode-range of `text`, its code points sorted and runs merged: `U+0020-007E, U+00A0, …`. */
export function unicodeRange(text: string): string {
  const points = [...new Set([...text].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const runs: string[] = [];
  for (let i = 0; i < points.length; ) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j]! + 1) j++;
    runs.push(i === j ? `U+${hex(points[i]!)}` : `U+${hex(points[i]!)}-${hex(points[j]!)}`);
    i = j + 1;
  }
  return runs.join(', ');
}
