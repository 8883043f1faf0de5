// The voice session's wire protocol between the browser and the Worker's VoiceRelay (WebSocket
// /api/voice). Each message is one JSON text frame. The relay speaks Gemini Live on the other side
// (docs/decisions/0008: AUDIO responses with output audio transcription); the browser never sees the Live API,
// its key or its message shapes.

/** Microphone audio the browser sends: 16 kHz mono 16-bit little-endian PCM. */
export const INPUT_SAMPLE_RATE = 16_000;
/** Audio the relay sends back: 24 kHz mono 16-bit little-endian PCM (what Gemini Live produces). */
export const OUTPUT_SAMPLE_RATE = 24_000;
/** One chunk every 250 ms (docs/product.md §10): 4,000 samples, 8,000 bytes of PCM. */
export const CHUNK_MS = 250;
export const SAMPLES_PER_CHUNK = (INPUT_SAMPLE_RATE * CHUNK_MS) / 1000;
/** The browser gives up on a session that is not ready within this time (docs/product.md §10). */
export const CONNECT_TIMEOUT_MS = 10_000;

export type ClientMessage =
  /** One 250 ms chunk of microphone PCM, base64-encoded. */
  | { type: 'audio'; data: string }
  /** A typed turn within the same session. */
  | { type: 'text'; text: string }
  /** The visitor stopped recording; the relay closes both sides cleanly. */
  | { type: 'stop' };

export type ServerMessage =
  /** The Live session is set up (Gemini's setupComplete): audio may flow. */
  | { type: 'ready' }
  /** Part of the spoken reply's text (output audio transcription), in order. */
  | { type: 'transcript'; text: string }
  /** Part of the spoken reply: 24 kHz PCM, base64-encoded, in order. */
  | { type: 'audio'; data: string }
  /** The model finished its turn. */
  | { type: 'turn-complete' }
  /** The visitor spoke over the reply: stop playback now. */
  | { type: 'interrupted' }
  /** The Live API will end the session soon (goAway); seconds left when known. */
  | { type: 'go-away'; secondsLeft: number | null }
  /**
   * Something failed; the session ends after this message. `code` tells the widget which spec message to
   * show; for 'rate-limited', 'too-many-sessions' and 'too-fast' it shows `message`.
   * - 'too-many-sessions': the visitor already has MAX_CONCURRENT_VOICE_SESSIONS open (shared/rateLimits.ts);
   * - 'too-fast': typed turns over VOICE_TEXT_TURNS, or audio faster than real time (VOICE_AUDIO_AHEAD_MS).
   */
  | { type: 'error'; code: VoiceErrorCode; message: string };

export type VoiceErrorCode = 'rate-limited' | 'too-many-sessions' | 'too-fast' | 'session-limit' | 'upstream' | 'bad-message' | 'timeout';
