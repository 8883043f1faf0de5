import { useState } from 'react';
import { describeDebugValue } from './debugFormat.ts';

// The developer debug panel: the OAuth debug object, pretty-printed. Loaded only when it exists.
export default function DebugPanel({ value }: { value: unknown }) {
  const [open, setOpen] = useState(true);
  return (
    <aside
      aria-label="OAuth debug"
      className="fixed bottom-4 left-4 z-50 max-w-[calc(100vw-2rem)] rounded-xl border border-amber-300 bg-amber-50 text-xs text-ink shadow-lg sm:max-w-md"
    >
      <div className="flex items-center justify-between gap-4 px-3 py-2">
        <h2 className="font-semibold">OAuth debug</h2>
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="rounded px-2 py-1 font-medium text-amber-900 hover:bg-amber-100"
        >
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      {open ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable)
        <pre className="max-h-80 overflow-auto border-t border-amber-200 px-3 py-2 font-mono whitespace-pre-wrap break-all" tabIndex={0}>
          {describeDebugValue(value)}
        </pre>
      ) : null}
    </aside>
  );
}
