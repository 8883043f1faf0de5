import { isWaId } from './outgoing.ts';

// A phone number as a visitor typed it on a form (024 123 4567, +233 24 123 4567, 00233…) turned into the
// WhatsApp id (wa_id: country code and number, digits only) a staff member may start a conversation with
// (docs/decisions/0031, "Window and templates"). A national number is read as Ghanaian (the agency's market);
// anything that could be read two ways is refused with a message, never guessed at. No I/O.

/** Ghana's country code, for numbers written the national way (a leading 0 and nine digits). */
export const HOME_COUNTRY_CODE = '233';

export type WaIdFromPhone = { ok: true; waId: string } | { ok: false; message: string };

const askForCountryCode = (phone: string) =>
  `The phone number "${phone}" cannot be read as a WhatsApp number for sure: ask the prospect for it with its country code (e.g. +233 24 123 4567), or answer by e-mail.`;

export function waIdFromPhone(phone: string | null | undefined): WaIdFromPhone {
  const raw = (phone ?? '').trim();
  if (!raw) return { ok: false, message: 'This lead has no phone number, so there is no WhatsApp number to write to.' };
  // Spaces, dots, dashes, slashes and brackets are only how people group digits.
  if (!/^\+?[\d\s().\-/]+$/.test(raw)) return { ok: false, message: askForCountryCode(raw) };
  const digits = raw.replace(/\D/g, '');
  let waId: string | null = null;
  if (raw.startsWith('+')) waId = digits;
  else if (digits.startsWith('00')) waId = digits.slice(2);
  else if (digits.startsWith(HOME_COUNTRY_CODE) && digits.length === 12) waId = digits;
  // Ghana's national form: 0 and nine digits (024 123 4567). A 0 then 1…9 digits more or less is not one.
  else if (/^0[1-9]\d{8}$/.test(digits)) waId = HOME_COUNTRY_CODE + digits.slice(1);
  // A Ghanaian number in international form keeps nine digits after 233, without the trunk 0.
  if (waId?.startsWith(`${HOME_COUNTRY_CODE}0`) || (waId?.startsWith(HOME_COUNTRY_CODE) && waId.length !== 12)) waId = null;
  return waId && isWaId(waId) ? { ok: true, waId } : { ok: false, message: askForCountryCode(raw) };
}
