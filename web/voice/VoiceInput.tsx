import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { chatText } from '../../shared/chat/text.ts';
import { useLocale } from '../i18n/i18n.ts';
import type { VoiceSession, VoiceState } from './session.ts';

// The chat panel's microphone button (issue 5 section 1), shown only where the browser supports voice and
// the server offers it. The session's code (web/voice/session.ts, the PCM arithmetic, the worklet) is
// fetched when the button is first pressed. Closing the panel or leaving the page stops the session.

export interface VoiceInputProps {
  /** The panel is open; closing it stops the session. */
  open: boolean;
  onTranscript(turnId: string, text: string): void;
  onError(message: string): void;
  /** Set while recording: sends a typed turn over the session (true when sent). */
  textTurn?: RefObject<((text: string) => boolean) | null>;
}

type Shown = VoiceState | 'idle';

export function VoiceInput({ open, onTranscript, onError, textTurn }: VoiceInputProps) {
  const [state, setState] = useState<Shown>('idle');
  // The page's language: the button, the states and the messages (docs/decisions/0032, "Chat").
  const locale = useLocale();
  const words = chatText(locale).voice;
  const session = useRef<VoiceSession | null>(null);
  const callbacks = useRef({ onTranscript, onError });
  callbacks.current = { onTranscript, onError };

  // Bumped by every stop: a start still fetching the session's code is abandoned.
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    const s = session.current;
    session.current = null;
    if (s) s.stop();
    else setState((st) => (st === 'connecting' ? 'stopped' : st));
  }, []);

  const start = useCallback(async () => {
    const gen = ++generation.current;
    setState('connecting');
    let mod: typeof import('./session.ts');
    try {
      mod = await import('./session.ts');
    } catch {
      if (gen !== generation.current) return;
      setState('stopped');
      callbacks.current.onError(words.error);
      return;
    }
    if (gen !== generation.current) return;
    const s: VoiceSession = new mod.VoiceSession({
      onState: (st) => {
        if (st === 'stopped') {
          if (session.current === s) session.current = null;
          if (gen === generation.current || !session.current) setState('stopped');
        } else if (session.current === s) setState(st);
      },
      onTranscript: (id, text) => callbacks.current.onTranscript(id, text),
      onError: (message) => callbacks.current.onError(message),
    }, { locale, words });
    session.current = s;
    await s.start();
  }, [locale, words]);

  // Closing the panel, unmounting or leaving the page ends the session.
  useEffect(() => {
    if (!open) stop();
  }, [open, stop]);
  useEffect(() => {
    addEventListener('pagehide', stop);
    return () => {
      removeEventListener('pagehide', stop);
      stop();
    };
  }, [stop]);

  useEffect(() => {
    if (!textTurn) return;
    textTurn.current = state === 'recording' ? (text) => !!session.current?.sendText(text) : null;
    return () => {
      textTurn.current = null;
    };
  }, [state, textTurn]);

  // "Stopped" shows for a few seconds, then the indicator goes away.
  useEffect(() => {
    if (state !== 'stopped') return;
    const t = window.setTimeout(() => setState('idle'), 3000);
    return () => window.clearTimeout(t);
  }, [state]);

  const active = state === 'connecting' || state === 'recording';
  return (
    <>
      <button
        type="button"
        aria-label={active ? words.stop : words.start}
        aria-pressed={active}
        data-voice-state={state}
        onClick={() => (active ? stop() : void start())}
        className={`relative flex size-10 shrink-0 items-center justify-center rounded-full border ${
          state === 'recording'
            ? 'border-red-700 bg-red-700 text-white hover:bg-red-800'
            : state === 'connecting'
              ? 'border-brand-700 bg-brand-50 text-brand-700'
              : 'border-slate-300 text-slate-700 hover:bg-slate-100'
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <rect x="9" y="3" width="6" height="11" rx="3" />
          <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
        </svg>
        {state === 'recording' ? (
          <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 size-3 animate-pulse rounded-full border-2 border-white bg-red-600" />
        ) : null}
      </button>
      <p
        role="status"
        className={state === 'idle' ? 'sr-only' : 'absolute bottom-full left-3 mb-2 flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-slate-800 shadow-sm'}
      >
        {state === 'recording' ? <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-red-600" /> : null}
        {state === 'idle' ? '' : words[state]}
      </p>
    </>
  );
}
