import { encode } from 'uqr';

// QR codes for the MFA (TOTP) set-up: the matrix comes from `uqr`, a small maintained encoder; this file
// only turns it into one SVG path, drawn by web/dashboard/QrCode.tsx as React elements (no HTML string,
// so the CSP needs nothing new).

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
export const QUIET_ZONE = 4;

/** The dark modules of `text` as one SVG path of unit squares, and the side of the whole image in modules. */
export function qrSvgPath(text: string): { path: string; extent: number } {
  const { data, size } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  const parts: string[] = [];
  for (const [y, row] of data.entries()) {
    for (const [x, dark] of row.entries()) if (dark) parts.push(`M${x},${y}h1v1h-1z`);
  }
  return { path: parts.join(''), extent: size };
}
