import { MAX_CONCURRENT_VOICE_SESSIONS } from '../rateLimits.ts';

// What the voice session shows in the chat (docs/product.md §16.4). The strings it fixes are word for
// word; the session-limit, connect-timeout and cost-cap wording is ours. One copy for the widget, the relay
// and the tests.
export const voiceMessages = {
  unsupported: 'Voice input is not supported in your browser. Please use Chrome, Edge, or Safari.',
  sessionLimit: 'This voice session has reached its time limit. Press the microphone to start a new one, or type your message.',
  error: 'Voice input error. Please try typing instead or check your microphone permissions.',
  permission: 'Could not start voice input. Please check microphone permissions.',
  connectTimeout: 'Voice connection timed out. Please try again in a moment, or type your message.',
  tooManySessions: `You already have ${MAX_CONCURRENT_VOICE_SESSIONS} voice sessions open. Please end one before starting another, or type your message.`,
  tooManyTypedTurns: 'Too many typed messages in this voice session. Please wait a minute before starting a new one, or type in the chat.',
  audioTooFast: 'Voice input stopped: audio arrived faster than a microphone can send it. Please start a new voice session.',
} as const;

/** The visible states of the microphone control (docs/product.md §11: recording or stopped, plus connecting). */
export const voiceStatus = {
  connecting: 'Connecting voice input…',
  recording: 'Recording: speak now',
  stopped: 'Voice input stopped',
} as const;
