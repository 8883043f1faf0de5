import { LIGHT_ATTRIBUTE } from '../../shared/lightMode.ts';

/**
 * Whether this page is light (docs/decisions/0033): the Worker marks <html data-light> on the light variant,
 * and the toggle changes the mark. False while prerendering: the Worker makes the light variant. A plain read
 * (no hook), so static pages may use it (web/hydration/StaticHtml.tsx).
 */
export const isLight = () => (typeof document === 'undefined' ? false : document.documentElement.hasAttribute(LIGHT_ATTRIBUTE));
