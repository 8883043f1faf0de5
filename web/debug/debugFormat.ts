// Part of the debug panel's chunk (DebugPanel.tsx), not of the first load.

/** Pretty JSON that survives cycles, functions, errors and bigints. */
export function describeDebugValue(value: unknown): string {
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(
      value,
      (_key, v: unknown) => {
        if (typeof v === 'bigint') return `${v}n`;
        if (typeof v === 'function') return `[function ${v.name || 'anonymous'}]`;
        if (v instanceof Error) return { name: v.name, message: v.message };
        if (v && typeof v === 'object') {
          if (seen.has(v)) return '[circular]';
          seen.add(v);
        }
        return v;
      },
      2,
    ) ?? String(value);
  } catch {
    return String(value);
  }
}
