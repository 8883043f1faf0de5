// Whether this browser can run a voice session (issue 5 section 1): microphone capture, an AudioContext
// with AudioWorklet (secure contexts only) and WebSocket. Small on purpose: the chat panel imports it to
// decide whether to show the microphone button; the session itself is loaded when the button is pressed.
export function voiceSupported(): boolean {
  if (typeof window === 'undefined') return false;
  const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
  return (
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof AudioContextClass === 'function' &&
    'audioWorklet' in AudioContextClass.prototype &&
    typeof AudioWorkletNode === 'function' &&
    typeof WebSocket === 'function'
  );
}
