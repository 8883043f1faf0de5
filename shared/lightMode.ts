// Light mode (docs/decisions/0033-light-mode-and-data-budget.md): one rule for the Worker, which serves the
// light variant of a page, and the SPA, which keeps to it after hydration.

/** The cookie that remembers the visitor's choice of the Light mode toggle: `on` or `off`. */
export const LIGHT_COOKIE = 'light';
/** Set on <html> of a light page; the stylesheet and the app read it. */
export const LIGHT_ATTRIBUTE = 'data-light';
/** Every page varies on these request headers (caches must never mix the variants). */
export const LIGHT_VARY = 'Save-Data, Cookie';
/** A year: the choice stands until the visitor changes it. */
export const LIGHT_COOKIE_MAX_AGE = 31_536_000;

/** The visitor's own choice in a Cookie header, if any. */
export function lightChoice(cookieHeader: string | null | undefined): 'on' | 'off' | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LIGHT_COOKIE && (value === 'on' || value === 'off')) return value;
  }
  return null;
}

/** The browser's data-saver hint (`Save-Data: on`, RFC-style token, case-insensitive). */
export const saveDataOn = (saveData: string | null | undefined) => (saveData ?? '').trim().toLowerCase() === 'on';

/** Light when the visitor chose it, or when the browser asks to save data and the visitor did not say no. */
export function wantsLight(headers: { get(name: string): string | null }): boolean {
  const choice = lightChoice(headers.get('Cookie'));
  return choice ? choice === 'on' : saveDataOn(headers.get('Save-Data'));
}

/** The Set-Cookie-style value the toggle writes (readable by the Worker on the next request). */
export const lightCookie = (on: boolean) => `${LIGHT_COOKIE}=${on ? 'on' : 'off'}; Path=/; Max-Age=${LIGHT_COOKIE_MAX_AGE}; SameSite=Lax`;
