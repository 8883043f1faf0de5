// Raster images in the build, compressed (issue 29; docs/decisions/0033-light-mode-and-data-budget.md). The
// Open Graph image stays a PNG, a format every crawler takes, at the same address: a 256-colour palette
// (libimagequant through sharp) is visually the same for this flat illustration at about a fifth of the bytes.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** Every PNG under `dir/images`, rewritten in place when the palette version is smaller. */
export async function compressImages(dir: string): Promise<{ file: string; before: number; after: number }[]> {
  const images = join(dir, 'images');
  const out: { file: string; before: number; after: number }[] = [];
  for (const name of await readdir(images, { recursive: true })) {
    if (!name.endsWith('.png')) continue;
    const file = join(images, name);
    const original = await readFile(file);
    const smaller = await sharp(original).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();
    if (smaller.length >= original.length) continue;
    await writeFile(file, smaller);
    out.push({ file: name, before: original.length, after: smaller.length });
  }
  return out;
}
