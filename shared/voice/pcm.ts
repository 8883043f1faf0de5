import { INPUT_SAMPLE_RATE, SAMPLES_PER_CHUNK } from './protocol.ts';

// The voice session's audio arithmetic, without the DOM (unit-tested in Node): microphone samples at the
// AudioContext's rate (44.1 or 48 kHz) down to 16 kHz mono, float to 16-bit little-endian PCM, PCM to and
// from base64, 250 ms chunks, and the relay's 24 kHz PCM back to floats for playback.

/** Highest frequency kept at 16 kHz: below the 8 kHz Nyquist limit, with room for the filter's transition. */
const CUTOFF_HZ = 7_000;
/** Half the filter's length, in output samples (16 input samples at 48 kHz each side would be too short). */
const HALF_WIDTH_OUT = 16;
/** Kernel table resolution: entries per input sample (linear interpolation between them). */
const TABLE_RES = 64;

/**
 * Streaming resampler to 16 kHz: a Blackman-windowed sinc low-pass (cutoff 7 kHz) evaluated at each output
 * sample's exact position, so nothing above 8 kHz folds back into speech (naive dropping of samples would
 * alias it). Blocks of any size may be fed in; the filter's history carries over from block to block.
 */
export class Downsampler {
  readonly inRate: number;
  readonly outRate: number;
  private readonly half: number; // half-width in input samples
  private readonly table: Float32Array;
  private buf: Float32Array;
  /** Input samples dropped from the front of buf so far (buf[0] is input sample `dropped - half`). */
  private dropped = 0;
  /** Next output sample's index. */
  private n = 0;

  constructor(inRate: number, outRate = INPUT_SAMPLE_RATE) {
    if (!(inRate > 0) || !(outRate > 0)) throw new RangeError('sample rates must be positive');
    this.inRate = inRate;
    this.outRate = outRate;
    const ratio = inRate / outRate;
    this.half = Math.max(2, Math.ceil(HALF_WIDTH_OUT * Math.max(1, ratio)));
    // Cutoff in cycles per input sample, never above the input's own Nyquist limit.
    const fc = Math.min(CUTOFF_HZ, outRate / 2 * 0.875, inRate / 2 * 0.875) / inRate;
    const size = 2 * this.half * TABLE_RES + 1;
    this.table = new Float32Array(size);
    for (let i = 0; i < size; i++) {
      const x = i / TABLE_RES - this.half; // -half .. half
      const u = x / this.half;
      const window = 0.42 + 0.5 * Math.cos(Math.PI * u) + 0.08 * Math.cos(2 * Math.PI * u);
      const arg = 2 * Math.PI * fc * x;
      this.table[i] = (x === 0 ? 1 : Math.sin(arg) / arg) * window;
    }
    // Silence before the first sample, so the first outputs have a full history.
    this.buf = new Float32Array(this.half);
  }

  private kernel(x: number): number {
    const p = (x + this.half) * TABLE_RES;
    const i = Math.floor(p);
    if (i < 0 || i >= this.table.length - 1) return 0;
    const f = p - i;
    return this.table[i]! * (1 - f) + this.table[i + 1]! * f;
  }

  /** Feeds input samples; returns the output samples they complete (possibly none). */
  process(input: Float32Array): Float32Array {
    const data = new Float32Array(this.buf.length + input.length);
    data.set(this.buf);
    data.set(input, this.buf.length);
    const offset = this.dropped - this.half; // input index of data[0]
    const out: number[] = [];
    for (;;) {
      // Exact position of output n in input samples (integers: no drift over long sessions).
      const pos = (this.n * this.inRate) / this.outRate - offset;
      const center = Math.floor(pos);
      if (center + this.half >= data.length) break;
      let acc = 0;
      let sum = 0;
      for (let k = center - this.half + 1; k <= center + this.half; k++) {
        const w = this.kernel(k - pos);
        acc += data[k]! * w;
        sum += w;
      }
      out.push(sum === 0 ? 0 : acc / sum);
      this.n++;
    }
    const next = (this.n * this.inRate) / this.outRate - offset;
    const keepFrom = Math.max(0, Math.min(data.length, Math.floor(next) - this.half + 1));
    this.buf = data.slice(keepFrom);
    this.dropped += keepFrom;
    return Float32Array.from(out);
  }
}

/** Float samples (-1..1, clipped beyond) to 16-bit signed little-endian PCM. */
export function floatTo16BitPCM(samples: Float32Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]! || 0));
    view.setInt16(i * 2, Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), true);
  }
  return bytes;
}

/** 16-bit signed little-endian PCM to float samples (the inverse of floatTo16BitPCM). */
export function pcm16ToFloat32(bytes: Uint8Array): Float32Array<ArrayBuffer> {
  const count = bytes.length >> 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const v = view.getInt16(i * 2, true);
    out[i] = v < 0 ? v / 0x8000 : v / 0x7fff;
  }
  return out;
}

/** Standard base64 with padding (what the relay and Gemini Live expect), by the platform's btoa. */
export function bytesToBase64(bytes: Uint8Array): string {
  // btoa takes a "binary string" (one character per byte); built in slices to stay within argument limits.
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Decodes standard base64 (padding optional) by the platform's atob, which throws on any other character. */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Collects 16 kHz samples into 250 ms chunks (4,000 samples), in order; the remainder waits for more. */
export class Chunker {
  readonly size: number;
  private pending = new Float32Array(0);

  constructor(size = SAMPLES_PER_CHUNK) {
    if (!Number.isInteger(size) || size <= 0) throw new RangeError('chunk size must be a positive integer');
    this.size = size;
  }

  /** Samples waiting for a full chunk. */
  get buffered(): number {
    return this.pending.length;
  }

  push(samples: Float32Array): Float32Array[] {
    const all = new Float32Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    const chunks: Float32Array[] = [];
    let i = 0;
    for (; i + this.size <= all.length; i += this.size) chunks.push(all.slice(i, i + this.size));
    this.pending = all.slice(i);
    return chunks;
  }
}

/** One chunk as the wire carries it: 16-bit little-endian PCM, base64 (8,000 bytes for 4,000 samples). */
export const encodeChunk = (samples: Float32Array): string => bytesToBase64(floatTo16BitPCM(samples));

/** The relay's audio (base64 of 24 kHz 16-bit PCM) as float samples for an AudioBuffer. */
export const decodeAudio = (data: string): Float32Array<ArrayBuffer> => pcm16ToFloat32(base64ToBytes(data));
