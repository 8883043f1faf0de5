// `npm run font:subset`: writes web/fonts/inter-latin-wght-subset.woff2, the site's one web font file
// (docs/decisions/0033-light-mode-and-data-budget.md). From @fontsource-variable/inter's Latin file it keeps
// the characters of English and French text (ASCII, Latin-1, Œ œ Ÿ, typographic quotes, dashes, arrows, ₵ €)
// and the weight axis from 400 to 900 (the weights the stylesheet uses): 48 KB -> about 30 KB. The output is
// committed (the build reads it); run this again after changing the character set or upgrading the font.
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

export const SUBSET_OUT = 'web/fonts/inter-latin-wght-subset.woff2';
const source = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

let text = '';
for (let c = 0x20; c <= 0x7e; c++) text += String.fromCharCode(c);
for (let c = 0xa0; c <= 0xff; c++) text += String.fromCharCode(c);
// Keep in step with the unicode-range of the face in web/styles.css.
text += '\u0152\u0153\u0178\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u202f\u2190\u2191\u2192\u2193\u20ac\u20b5\u2122';

const out = await subsetFont(readFileSync(source), text, { targetFormat: 'woff2', variationAxes: { wght: { min: 400, max: 900 } } });
writeFileSync(SUBSET_OUT, out);
console.log(`${SUBSET_OUT}: ${out.length} bytes (from ${readFileSync(source).length})`);
