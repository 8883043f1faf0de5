import { OUTPUT_SAMPLE_RATE } from '../../shared/voice/protocol.ts';

// Plays the relay's 24 kHz PCM replies in order: each piece is scheduled right after the previous one, so
// the pieces join without gaps; stop() silences everything at once (an interruption, the end of a session).
export class PcmPlayer {
  private next = 0;
  private readonly sources = new Set<AudioBufferSourceNode>();

  constructor(private readonly ctx: AudioContext) {}

  /** Pieces still playing or waiting to play. */
  get pending(): number {
    return this.sources.size;
  }

  play(samples: Float32Array<ArrayBuffer>) {
    if (!samples.length || this.ctx.state === 'closed') return;
    const buffer = this.ctx.createBuffer(1, samples.length, OUTPUT_SAMPLE_RATE);
    buffer.copyToChannel(samples, 0);
    const source = this.ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(this.ctx.destination);
    // A small lead when starting afresh, so the first piece is not cut at its start.
    const at = Math.max(this.ctx.currentTime + 0.05, this.next);
    source.start(at);
    this.next = at + buffer.duration;
    this.sources.add(source);
    source.onended = () => {
      this.sources.delete(source);
      source.disconnect();
    };
  }

  stop() {
    for (const source of this.sources) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // Not started yet in some engines: disconnecting is enough.
      }
      source.disconnect();
    }
    this.sources.clear();
    this.next = 0;
  }
}
