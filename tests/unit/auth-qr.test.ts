import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { QUIET_ZONE, qrSvgPath } from '../../web/dashboard/qr.ts';

// The dashboard's QR codes: `uqr` against reference matrices (SHA-256 of the module rows, 1 = dark, rows
// joined by newlines, no quiet zone) made by the `qrcode` Python package 8.2 for the same text, error
// correction level and mask, in byte mode; then the SVG path drawn from it.
const rowsHash = (modules: boolean[][]) => createHash('sha256').update(modules.map((r) => r.map((d) => (d ? '1' : '0')).join('')).join('\n')).digest('hex');

describe('QR codes', () => {
  it.each([
    ['otpauth://totp/Volta%20Labs:ama%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Volta%20Labs', 'M', 2, 6, '8b4f4120ddd285468c2aeee9f20f96f8a69cb740e7ea7a3292471affcea3f583'],
    ['x'.repeat(200), 'L', 1, 9, 'b48fa9361e96e0a2c1d85c50daa22e8e85361b50d6767b4273889544f9a7a8f6'],
  ] as const)('%s (%s, mask %i) matches the reference: version %i', (text, ecc, mask, version, hash) => {
    const q = encode(text, { ecc, maskPattern: mask, border: 0 });
    expect(q.version).toBe(version);
    expect(q.size).toBe(version * 4 + 17);
    expect(rowsHash(q.data)).toBe(hash);
  });

  it('draws one SVG path of the dark modules inside a quiet zone of 4', () => {
    const text = 'otpauth://totp/Volta%20Labs:kofi%40example.com?secret=ABCDEFGHIJKLMNOP&issuer=Volta%20Labs';
    const { path, extent } = qrSvgPath(text);
    const q = encode(text, { ecc: 'M', border: 0 });
    expect(extent).toBe(q.size + 2 * QUIET_ZONE);
    expect(path.startsWith(`M${QUIET_ZONE},${QUIET_ZONE}h1v1h-1z`)).toBe(true); // the finder pattern's corner
    expect(path.match(/M/g)!.length).toBe(q.data.flat().filter(Boolean).length);
  });

  it('refuses text that cannot fit in a QR code', () => {
    expect(() => qrSvgPath('x'.repeat(3000) + '\u00e9'.repeat(3000))).toThrow();
  });
});
