import { useCallback, useState } from 'react';

// The opt-in chime for a visitor waiting (docs/decisions/0030): off until a staff member turns it on, then
// remembered in this browser. Two short tones from Web Audio: no file to load, nothing when the browser
// blocks audio before the page was used.

const KEY = 'adminWaitingSound';

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function useWaitingSound() {
  const [on, setOn] = useState(stored);
  const toggle = useCallback(() => {
    setOn((was) => {
      try {
        localStorage.setItem(KEY, was ? 'off' : 'on');
      } catch {
        // Private mode: on for this page only.
      }
      return !was;
    });
  }, []);
  return { on, toggle };
}

export function chime(): void {
  try {
    const audio = new AudioContext();
    [660, 880].forEach((hz, i) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      const at = audio.currentTime + i * 0.18;
      tone.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.17);
    });
    window.setTimeout(() => void audio.close(), 600);
  } catch {
    // No audio here: the alert and the title still say it.
  }
}
