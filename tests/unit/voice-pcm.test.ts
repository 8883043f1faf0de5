import { describe, expect, it } from 'vitest';
import {
  base64ToBytes, bytesToBase64, Chunker, decodeAudio, Downsampler, encodeChunk, floatTo16BitPCM, pcm16ToFloat32,
} from '../../shared/voice/pcm.ts';
import { SAMPLES_PER_CHUNK } from '../../shared/voice/protocol.ts';

// The voice session's audio arithmetic (issue 5 section 4) with known signals.

const sine = (freq: number, rate: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => amplitude * Math.sin((2 * Math.PI * freq * i) / rate));

/** Amplitude of the component at `freq` (single-bin DFT), over whole samples of `x`. */
function amplitudeAt(x: Float32Array, freq: number, rate: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < x.length; i++) {
    const a = (2 * Math.PI * freq * i) / rate;
    re += x[i]! * Math.cos(a);
    im -= x[i]! * Math.sin(a);
  }
  return (2 * Math.hypot(re, im)) / x.length;
}

const peak = (x: Float32Array) => x.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

/** Counts upward zero crossings per second: the dominant frequency of a clean tone. */
function zeroCrossingFreq(x: Float32Array, rate: number): number {
  let n = 0;
  for (let i = 1; i < x.length; i++) if (x[i - 1]! < 0 && x[i]! >= 0) n++;
  return (n * rate) / x.length;
}

/** Runs a signal through a fresh downsampler in blocks of `block` samples (what the worklet delivers). */
function downsample(x: Float32Array, rate: number, block = 128): Float32Array {
  const d = new Downsampler(rate);
  const parts: Float32Array[] = [];
  for (let i = 0; i < x.length; i += block) parts.push(d.process(x.subarray(i, i + block)));
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Drops the filter's start-up (and the end, whose last samples wait for more input). */
const steady = (x: Float32Array) => x.subarray(400, x.length - 400);

describe('Downsampler to 16 kHz', () => {
  for (const rate of [48_000, 44_100]) {
    it(`${rate} Hz: one second becomes 16,000 samples, whatever the block size`, () => {
      for (const block of [128, 1000, 4096, 48_000]) {
        const out = downsample(sine(440, rate, 1), rate, block);
        // The last samples wait for the filter's look-ahead (under 1.5 ms of input).
        expect(out.length).toBeGreaterThanOrEqual(16_000 - 24);
        expect(out.length).toBeLessThanOrEqual(16_000);
      }
    });

    it(`${rate} Hz: a 1 kHz sine keeps its frequency and amplitude`, () => {
      const out = steady(downsample(sine(1000, rate, 1, 0.5), rate));
      expect(zeroCrossingFreq(out, 16_000)).toBeCloseTo(1000, -1); // within 5 Hz
      expect(amplitudeAt(out, 1000, 16_000)).toBeCloseTo(0.5, 2);
      expect(peak(out)).toBeGreaterThan(0.49);
      expect(peak(out)).toBeLessThan(0.51);
    });

    it(`${rate} Hz: speech frequencies (300 Hz to 5 kHz) pass within 2 %`, () => {
      for (const f of [300, 2000, 3400, 5000]) {
        expect(amplitudeAt(steady(downsample(sine(f, rate, 0.5, 0.5), rate)), f, 16_000), `${f} Hz`).toBeGreaterThan(0.49);
      }
    });

    it(`${rate} Hz: tones above 8 kHz do not fold back into the speech band`, () => {
      for (const f of [9_000, 10_000, 12_000, 15_000, 20_000]) {
        const out = steady(downsample(sine(f, rate, 0.5, 0.5), rate));
        // Naive dropping of samples would give a full-amplitude alias at |16 kHz multiple - f|.
        expect(peak(out), `${f} Hz`).toBeLessThan(0.5 * 0.01); // at least 40 dB down
      }
    });

    it(`${rate} Hz: a 7.5 kHz tone (between the cutoff and 8 kHz) is attenuated`, () => {
      const out = steady(downsample(sine(7_500, rate, 0.5, 0.5), rate));
      expect(peak(out)).toBeLessThan(0.25);
    });
  }

  it('naive sample dropping would alias a 10 kHz tone (the filter above is what prevents it)', () => {
    const x = sine(10_000, 48_000, 0.5, 0.5);
    const dropped = Float32Array.from({ length: x.length / 3 }, (_, i) => x[i * 3]!);
    expect(amplitudeAt(dropped, 6_000, 16_000)).toBeGreaterThan(0.45);
  });

  it('silence stays silent and DC keeps its level', () => {
    expect(peak(downsample(new Float32Array(4800), 48_000))).toBe(0);
    const dc = steady(downsample(new Float32Array(48_000).fill(0.25), 48_000));
    for (const v of dc) expect(v).toBeCloseTo(0.25, 5);
  });

  it('16 kHz input passes through sample for sample', () => {
    const x = sine(1000, 16_000, 0.1);
    const out = downsample(x, 16_000);
    for (let i = 100; i < out.length - 100; i++) expect(out[i]).toBeCloseTo(x[i]!, 5);
  });

  it('refuses a sample rate that is not positive', () => {
    expect(() => new Downsampler(0)).toThrow(RangeError);
  });
});

describe('float to 16-bit PCM', () => {
  it('exact little-endian byte layout', () => {
    const bytes = floatTo16BitPCM(Float32Array.from([0, 1, -1, 0.5, -0.5, 1 / 32767]));
    expect([...bytes]).toEqual([
      0x00, 0x00, // 0
      0xff, 0x7f, // 32767
      0x00, 0x80, // -32768
      0x00, 0x40, // round(0.5 * 32767) = 16384 = 0x4000
      0x00, 0xc0, // -16384 = 0xc000
      0x01, 0x00, // 1
    ]);
  });

  it('clips beyond ±1 and treats NaN as silence', () => {
    const bytes = floatTo16BitPCM(Float32Array.from([1.5, -7, Number.NaN]));
    const view = new DataView(bytes.buffer);
    expect([view.getInt16(0, true), view.getInt16(2, true), view.getInt16(4, true)]).toEqual([32767, -32768, 0]);
  });

  it('two bytes a sample: a 250 ms chunk is 8,000 bytes', () => {
    expect(floatTo16BitPCM(new Float32Array(SAMPLES_PER_CHUNK)).length).toBe(8000);
  });

  it('pcm16ToFloat32 inverts it to within one step', () => {
    const x = sine(440, 24_000, 0.05, 0.9);
    const back = pcm16ToFloat32(floatTo16BitPCM(x));
    expect(back.length).toBe(x.length);
    for (let i = 0; i < x.length; i++) expect(Math.abs(back[i]! - x[i]!)).toBeLessThanOrEqual(1 / 32767);
    expect([...pcm16ToFloat32(Uint8Array.from([0xff, 0x7f, 0x00, 0x80, 0x00, 0x00]))]).toEqual([1, -1, 0]);
  });

  it('pcm16ToFloat32 reads a view at an odd offset and ignores a trailing odd byte', () => {
    const buf = Uint8Array.from([9, 0x00, 0x40, 0x01]);
    expect([...pcm16ToFloat32(buf.subarray(1))]).toEqual([Math.fround(0x4000 / 0x7fff)]);
  });
});

describe('base64', () => {
  it('matches the standard encoding (RFC 4648 test vectors)', () => {
    const vectors: [string, string][] = [['', ''], ['f', 'Zg=='], ['fo', 'Zm8='], ['foo', 'Zm9v'], ['foob', 'Zm9vYg=='], ['fooba', 'Zm9vYmE='], ['foobar', 'Zm9vYmFy']];
    for (const [plain, encoded] of vectors) {
      const bytes = new TextEncoder().encode(plain);
      expect(bytesToBase64(bytes)).toBe(encoded);
      expect(new TextDecoder().decode(base64ToBytes(encoded))).toBe(plain);
    }
  });

  it('round-trips every byte value and agrees with Node', () => {
    const all = Uint8Array.from({ length: 256 * 3 + 1 }, (_, i) => (i * 7) & 0xff);
    const encoded = bytesToBase64(all);
    expect(encoded).toBe(Buffer.from(all).toString('base64'));
    expect([...base64ToBytes(encoded)]).toEqual([...all]);
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => base64ToBytes('Zm9v!')).toThrow();
    expect(() => base64ToBytes('Z')).toThrow();
  });

  it('a chunk on the wire: 4,000 samples → 8,000 bytes → 10,668 characters, decoded back to the samples', () => {
    const x = sine(1000, 16_000, 0.25, 0.5);
    const data = encodeChunk(x);
    expect(data.length).toBe(Math.ceil(8000 / 3) * 4);
    expect(base64ToBytes(data).length).toBe(8000);
    const back = decodeAudio(data);
    for (let i = 0; i < x.length; i++) expect(Math.abs(back[i]! - x[i]!)).toBeLessThanOrEqual(1 / 32767);
  });
});

describe('250 ms chunker', () => {
  it('gives 4,000-sample chunks in order and keeps the remainder', () => {
    const c = new Chunker();
    expect(c.size).toBe(4000);
    const ramp = Float32Array.from({ length: 10_500 }, (_, i) => i);
    const chunks: Float32Array[] = [];
    for (let i = 0; i < ramp.length; i += 333) chunks.push(...c.push(ramp.subarray(i, i + 333)));
    expect(chunks.map((x) => x.length)).toEqual([4000, 4000]);
    expect(chunks[0]![0]).toBe(0);
    expect(chunks[0]![3999]).toBe(3999);
    expect(chunks[1]![0]).toBe(4000);
    expect(chunks[1]![3999]).toBe(7999);
    expect(c.buffered).toBe(2500);
    const more = c.push(Float32Array.from({ length: 1500 }, (_, i) => 10_500 + i));
    expect(more).toHaveLength(1);
    expect(more[0]![0]).toBe(8000);
    expect(more[0]![3999]).toBe(11_999);
    expect(c.buffered).toBe(0);
  });

  it('one large block gives several chunks at once', () => {
    const c = new Chunker(4);
    expect(c.push(Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9])).map((x) => [...x])).toEqual([[1, 2, 3, 4], [5, 6, 7, 8]]);
    expect(c.push(new Float32Array(0))).toEqual([]);
    expect(c.buffered).toBe(1);
  });

  it('chunks are copies: later input does not change them', () => {
    const c = new Chunker(2);
    const input = Float32Array.from([1, 2]);
    const [chunk] = c.push(input);
    input[0] = 99;
    expect([...chunk!]).toEqual([1, 2]);
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => new Chunker(0)).toThrow(RangeError);
    expect(() => new Chunker(2.5)).toThrow(RangeError);
  });
});
