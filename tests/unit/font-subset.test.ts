import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUBSET_OUT, subsetInter } from '../../scripts/font-subset.ts';
import { FONT_CHARACTERS, unicodeRange } from '../../scripts/lib/fontSubset.ts';

// The web font keeps only what our words use (scripts/lib/fontSubset.ts); these checks keep the committed file,
// the stylesheet's unicode-range and the site's text in step, so a new word never silently loses its face.

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(tsx?|po)$/.test(name) && !name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/** The text of a source without its comments (a comment's "§" is never shown). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*(\/\/|#).*$/gm, '')
    .replace(/(^|[\s;,)])\/\/.*$/gm, '$1');
}

// Characters the site writes but the subset leaves to other faces, on purpose.
const LEFT_OUT: Record<string, string> = {
  '＋': 'shared/admin/csv.ts: neutralises a spreadsheet formula in an export, never shown on a page',
  '－': 'shared/admin/csv.ts, the same',
  '＝': 'shared/admin/csv.ts, the same',
  '＠': 'shared/admin/csv.ts, the same',
  '🔔': 'the staff alert switch: an emoji, drawn by the emoji font',
  '🔕': 'the same',
  '✓': 'the dashboard\'s verified mark: drawn by the fallback face, like any symbol',
};

describe('the web font subset', () => {
  it('the committed file is what npm run font:subset writes from the character list', async () => {
    const fresh = Buffer.from(await subsetInter());
    const committed = readFileSync(SUBSET_OUT);
    expect(fresh.equals(committed), 'run `npm run font:subset` and commit web/fonts/').toBe(true);
    // The point of the subset: a fraction of the 48 KB Latin file every first visit fetched.
    expect(committed.length).toBeLessThan(20_000);
  });

  it('the stylesheet declares exactly the characters the file keeps', () => {
    const css = readFileSync('web/styles.css', 'utf8');
    const face = /@font-face\s*{[^}]*inter-latin-wght-subset\.woff2[^}]*}/.exec(css)?.[0] ?? '';
    const declared = /unicode-range:\s*([^;]+);/.exec(face)?.[1];
    expect(declared).toBe(unicodeRange(FONT_CHARACTERS));
  });

  it('every character the site writes, in English and French, is in the subset or left out on purpose', () => {
    const kept = new Set(FONT_CHARACTERS);
    const missing = new Map<string, string>();
    for (const path of [...sources('web'), ...sources('shared')]) {
      for (const ch of withoutComments(readFileSync(path, 'utf8'))) {
        if (ch > '~' && !kept.has(ch) && !(ch in LEFT_OUT) && ch !== '\n' && ch !== '\r' && ch !== '\t') missing.set(ch, path);
      }
    }
    expect([...missing].map(([ch, path]) => `${ch} (U+${ch.codePointAt(0)!.toString(16).toUpperCase()}) in ${path}`)).toEqual([]);
  });

  it('unicodeRange merges runs of code points', () => {
    expect(unicodeRange('cab\u00a0é')).toBe('U+0061-0063, U+00A0, U+00E9');
  });
});
