import { frenchPartOf } from '../../shared/i18n/frenchParts.ts';
import type { PageKey } from '../../shared/routePaths.ts';

// One chunk per French part: Vite splits each module that a dynamic import names.
const frenchParts = import.meta.glob('../../shared/i18n/fr/*.ts');

/** Fetches the French prose of the page `page` (shared/i18n/frenchParts.ts); nothing for pages without any. */
export async function loadFrenchPart(page: PageKey): Promise<void> {
  const part = frenchPartOf[page];
  if (!part) return;
  const load = frenchParts[`../../shared/i18n/fr/${part}.ts`];
  if (!load) throw new Error(`shared/i18n/fr/${part}.ts is missing`);
  await load();
}
