// AudioWorklet processor of the voice session (web/voice/session.ts): hands the microphone's samples,
// mixed down to mono, to the main thread in blocks of 2,048 frames (about 43 ms at 48 kHz), which
// downsamples them to 16 kHz and sends 250 ms chunks. Served as a file from /assets (the Content
// Security Policy allows scripts from the site itself only, so no blob: module).
const BLOCK = 2048;

class CaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.block = new Float32Array(BLOCK);
    this.filled = 0;
    this.port.onmessage = (e) => {
      if (e.data === 'stop') this.stopped = true;
    };
  }

  process(inputs) {
    if (this.stopped) return false;
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    const frames = channels[0].length;
    for (let i = 0; i < frames; i++) {
      let s = 0;
      for (let c = 0; c < channels.length; c++) s += channels[c][i];
      this.block[this.filled++] = s / channels.length;
      if (this.filled === BLOCK) {
        this.port.postMessage(this.block, [this.block.buffer]);
        this.block = new Float32Array(BLOCK);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('voice-capture', CaptureProcessor);
