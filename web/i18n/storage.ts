// The language choice in localStorage (shared/i18n/choice.ts). Storage may be unavailable (private modes,
// blocked cookies): then nothing is remembered and nothing fails.

export function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not remembered: the suggestion may ask again.
  }
}

export function recall(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
