// `npm run font:subset`: writes web/fonts/inter-latin-wght-subset.woff2, the site's one web font file
// (docs/decisions/0033-light-mode-and-data-budget.md), from @fontsource-variable/inter's Latin file, keeping
// the characters, layout features and weights of scripts/lib/fontSubset.ts: 48 KB -> about 18 KB. The output is
// committed (the build reads it); run this again after changing what it keeps or upgrading the font, and copy
// the printed unicode-range into web/styles.css (tests/unit/font-subset.test.ts fails until both agree).
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';
import { FONT_CHARACTERS, FONT_FEATURES, FONT_WEIGHTS, unicodeRange } from './lib/fontSubset.ts';

export const SUBSET_OUT = 'web/fonts/inter-latin-wght-subset.woff2';
export const SUBSET_SOURCE = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

/** The subset font file, as scripts/font-subset.ts writes it. */
export function subsetInter(): Promise<Uint8Array> {
  return subsetFont(readFileSync(SUBSET_SOURCE), FONT_CHARACTERS, {
    targetFormat: 'woff2',
    variationAxes: { wght: FONT_WEIGHTS },
    keepFeatures: FONT_FEATURES,
  });
}

if (import.meta.main) {
  const out = await subsetInter();
  writeFileSync(SUBSET_OUT, out);
  console.log(`${SUBSET_OUT}: ${out.length} bytes (from ${readFileSync(SUBSET_SOURCE).length})`);
  console.log(`unicode-range: ${unicodeRange(FONT_CHARACTERS)};`);
}
