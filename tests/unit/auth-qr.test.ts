import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeQr, penalty, qrPath } from '../../web/dashboard/qr.ts';

// The dashboard's QR encoder against reference matrices: SHA-256 of the module rows (1 = dark, rows joined
// by newlines, no quiet zone) made by the `qrcode` Python package 8.2 for the same text, error correction
// level and mask, in byte mode.
const rowsHash = (modules: boolean[][]) => createHash('sha256').update(modules.map((r) => r.map((d) => (d ? '1' : '0')).join('')).join('\n')).digest('hex');

describe('QR encoder', () => {
  it.each([
    ['otpauth://totp/Volta%20Labs:ama%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Volta%20Labs', 'M', 2, 6, '8b4f4120ddd285468c2aeee9f20f96f8a69cb740e7ea7a3292471affcea3f583'],
    ['HELLO WORLD', 'Q', 6, 1, 'bbe23bb8e3905587b437c783a3548876887c4c30a4b9a3da93b78a3731a27699'],
    ['x'.repeat(200), 'L', 1, 9, 'b48fa9361e96e0a2c1d85c50daa22e8e85361b50d6767b4273889544f9a7a8f6'],
  ] as const)('%s (%s, mask %i) matches the reference: version %i', (text, ecc, mask, version, hash) => {
    const q = encodeQr(text, ecc, mask);
    expect(q.version).toBe(version);
    expect(q.size).toBe(version * 4 + 17);
    expect(rowsHash(q.modules)).toBe(hash);
  });

  it('without a forced mask it picks the one with the lowest penalty', () => {
    const text = 'otpauth://totp/Volta%20Labs:kofi%40example.com?secret=ABCDEFGHIJKLMNOP&issuer=Volta%20Labs';
    const chosen = encodeQr(text);
    for (let m = 0; m < 8; m++) expect(penalty(chosen.modules)).toBeLessThanOrEqual(penalty(encodeQr(text, 'M', m).modules));
  });

  it('draws one SVG path with a quiet zone, and refuses text that cannot fit', () => {
    const q = encodeQr('hi', 'M', 0);
    const path = qrPath(q);
    expect(path.startsWith('M4,4h1v1h-1z')).toBe(true); // the finder pattern's corner, after 4 modules of quiet zone
    expect(path.match(/M/g)!.length).toBe(q.modules.flat().filter(Boolean).length);
    expect(() => encodeQr('x'.repeat(3000), 'H')).toThrow('Text too long for a QR code');
  });
});
