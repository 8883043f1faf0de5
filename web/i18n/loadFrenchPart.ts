/// <reference types="vite/client" />
import { chatFrenchPart, frenchPartsOf, type FrenchArea, type FrenchPart } from '../../shared/i18n/frenchParts.ts';
import { loadCatalog } from './i18n.ts';

// French pages only: the app imports this module when it needs a part, so English pages never load the list.
// One chunk per French part: Vite splits each module that a dynamic import names.
const frenchParts = import.meta.glob('../../shared/i18n/fr/*.ts');

/**
 * Fetches a French part (shared/i18n/frenchParts.ts), always after the French chunk: a part adds to the French
 * catalog, so it must never come before or without the frame's words, whoever asks first. On a French document
 * the chunk is there before the app starts (web/startApp.tsx), so this waits for nothing more.
 */
export async function loadFrenchPart(part: FrenchPart): Promise<void> {
  const load = frenchParts[`../../shared/i18n/fr/${part}.ts`];
  if (!load) throw new Error(`shared/i18n/fr/${part}.ts is missing`);
  await loadCatalog('fr');
  await load();
}

/** Fetches the French parts of a French page or area; nothing for those without any. */
export async function loadFrenchParts(area: FrenchArea): Promise<void> {
  await Promise.all((frenchPartsOf[area] ?? []).map(loadFrenchPart));
}

/** Fetches the chat panel's French (web/chat/ChatLauncher.tsx, with the panel's code). */
export const loadChatFrench = (): Promise<void> => loadFrenchPart(chatFrenchPart);
