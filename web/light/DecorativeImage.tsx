import type { ComponentProps } from 'react';
import { isLight } from './isLight.ts';

/**
 * An illustration the page reads fine without: left out of light pages (docs/decisions/0033). data-decorative
 * lets the Worker remove it from the light variant's HTML, so hydration finds what it renders here. A read, not a
 * subscription: static pages may hold no state (web/hydration/StaticHtml.tsx), and a page rendered after the
 * toggle changed reads the new value.
 */
export function DecorativeImage(props: ComponentProps<'img'>) {
  // biome-ignore lint/a11y/useAltText: alt comes with the props (every caller gives one).
  return isLight() ? null : <img data-decorative="" {...props} />;
}
