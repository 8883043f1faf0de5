import { useLight, setLight } from './lightMode.ts';
import { useI18n } from '../i18n/i18n.ts';

/**
 * The "Light mode" switch (footer and mobile menu): fewer bytes for visitors who pay for every megabyte.
 * A real checkbox with role="switch": keyboard and screen readers get it for free.
 */
export function LightModeToggle({ className = '' }: { className?: string }) {
  const light = useLight();
  const i18n = useI18n();
  return (
    <label className={`inline-flex cursor-pointer items-center gap-2 ${className}`}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={light}
        // The Worker checks it in the light variant it serves, so the HTML shows the state before hydration.
        data-light-toggle=""
        checked={light}
        onChange={(e) => setLight(e.currentTarget.checked)}
        className="size-4 accent-amber-400"
      />
      <span>{i18n._('frame.lightMode')}</span>
    </label>
  );
}

/** The toggle at the foot of every page, under the footer (which is static HTML: web/components/Footer.tsx). */
export function LightModeBar() {
  return (
    <div className="site-footer bg-ink text-sm text-slate-300">
      <div className="mx-auto max-w-6xl px-4 pb-6">
        <LightModeToggle />
      </div>
    </div>
  );
}
