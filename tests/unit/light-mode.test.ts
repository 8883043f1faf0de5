import { describe, expect, it } from 'vitest';
import { lightChoice, lightCookie, wantsLight } from '../../shared/lightMode.ts';

const req = (headers: Record<string, string>) => new Headers(headers);

describe('light mode rule (shared/lightMode.ts)', () => {
  it('is on for Save-Data: on, whatever its case and spaces, and off without it', () => {
    expect(wantsLight(req({ 'Save-Data': 'on' }))).toBe(true);
    expect(wantsLight(req({ 'Save-Data': ' On ' }))).toBe(true);
    expect(wantsLight(req({ 'Save-Data': 'off' }))).toBe(false);
    expect(wantsLight(req({}))).toBe(false);
  });

  it("follows the visitor's cookie first: light=off wins over Save-Data, light=on needs no header", () => {
    expect(wantsLight(req({ Cookie: 'a=b; light=on' }))).toBe(true);
    expect(wantsLight(req({ Cookie: 'light=off', 'Save-Data': 'on' }))).toBe(false);
    expect(wantsLight(req({ Cookie: 'light=maybe', 'Save-Data': 'on' }))).toBe(true);
    expect(wantsLight(req({ Cookie: 'notlight=on' }))).toBe(false);
  });

  it('writes a cookie it reads back', () => {
    expect(lightChoice(lightCookie(true))).toBe('on');
    expect(lightChoice(lightCookie(false))).toBe('off');
    expect(lightCookie(true)).toMatch(/Path=\/; Max-Age=\d+; SameSite=Lax/);
  });
});
