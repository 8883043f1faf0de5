import { useCallback, useEffect, useEffectEvent, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { chatSay, chatText } from '../../shared/chat/text.ts';
import { useLocale } from '../i18n/i18n.ts';
import { useConfig } from '../config.tsx';
import type { PublicConfig } from '../../shared/config.ts';
import { voiceSupported } from '../voice/support.ts';
import { pageScrollLock } from '../overlay/scrollLock.ts';
import { makeRegionsInert, useFocusTrap } from '../overlay/focus.ts';
import { VoiceInput } from '../voice/VoiceInput.tsx';
import { markBotSeen, type ConversationHandle } from './chatState.ts';
import { useChatLog } from './useChatLog.ts';
import { useLiveHandOff } from './useLiveHandOff.ts';
import { useAssistantTurn } from './useAssistantTurn.ts';
import { ChatMessages, TypingIndicator } from './ChatMessages.tsx';
import { browserStorage, clearStoredMessages } from './storage.ts';
import { PANEL_BOX } from './panelBox.ts';
import { ChatWhatsApp } from '../whatsapp/ChatWhatsApp.tsx';

// The chat panel (issue 4 section 1, docs/product.md §6.1). Loaded by ChatLauncher on the first tap and kept
// mounted once opened, so that bot messages arriving while it is closed count as unread. The view of three
// hooks: the log (useChatLog), the assistant's turns and flows (useAssistantTurn), the live hand-off
// (useLiveHandOff).

const DEFAULT_NAME = 'Assistant';

/** Tailwind's `sm` breakpoint: below it the open panel covers the screen. */
const SMALL_SCREEN = '(max-width: 639px)';

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

export interface ChatPanelProps {
  open: boolean;
  onClose: () => void;
  setUnread: Dispatch<SetStateAction<number>>;
  /** A live chat of this tab is still going on (a reload): the widget opens the panel. */
  onResume?: () => void;
}

export default function ChatPanel({ open, onClose, setUnread, onResume }: ChatPanelProps) {
  const config = useConfig();
  const name = config?.assistantName || DEFAULT_NAME;
  // The page's language (docs/decisions/0032, "Chat"): English is the specification's words, French the chat catalog's.
  const locale = useLocale();
  const words = chatText(locale);
  const ui = (id: string, en: string, values?: Record<string, unknown>) => chatSay(locale, `chat.ui.${id}`, en, values);
  const titleId = useId();
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const isOpen = useEffectEvent(() => open);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // The server's conversation (docs/decisions/0011): for this page's life, forgotten by Clear and a reload.
  const conversationRef = useRef<ConversationHandle | null>(null);
  const { messages, current: currentLog, update, addBot, reset } = useChatLog(isOpen, setUnread);

  const { live, phase: livePhase, setPhase, joinLive, leaveLive, say, visitorTyping, endLive } = useLiveHandOff({
    isOpen, conversationRef, update, addBot, setUnread, onResume,
  });

  // Voice (issue 5): the microphone shows where the browser supports it and the server offers it. Each
  // spoken reply is one bot message whose text grows with the transcript.
  const voice = (config as (PublicConfig & { voiceAvailable?: boolean }) | null)?.voiceAvailable === true && voiceSupported();
  const voiceReply = useCallback((id: string, text: string) => {
    if (currentLog().some((m) => m.id === id)) update((list) => list.map((m) => (m.id === id ? { ...m, text } : m)));
    else addBot({ id, text });
  }, [addBot, currentLog, update]);
  const voiceText = useRef<((text: string) => boolean) | null>(null);
  const voiceError = useCallback((text: string) => addBot({ text }), [addBot]);

  const { typing, send, cancelStream, restart } = useAssistantTurn({
    conversationRef, currentLog, update, addBot, livePhase, setPhase, joinLive, say, voiceText,
  });

  // Opening: bot messages become seen, the input takes focus. While open, Escape closes (also when focus
  // was left on the page, or on a chip that went away). Closing cancels an answer still coming.
  useEffect(() => {
    if (!open) {
      cancelStream();
      return;
    }
    update(markBotSeen);
    inputRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, update, onClose, cancelStream]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the end whenever messages or the typing indicator change.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, typing]);

  // On a phone the open panel covers the page and is a modal dialog: the page behind is inert and does not
  // scroll, focus stays inside (like the mobile menu, web/components/MobileMenu.tsx); Escape closes it and
  // focus goes back to the chat button (ChatLauncher). On larger screens it sits beside the page, non-modal.
  const small = useMediaQuery(SMALL_SCREEN);
  const modal = open && small;
  useEffect(() => {
    if (!modal) return;
    const unlock = pageScrollLock.lock();
    const restore = makeRegionsInert(['header', 'content']);
    return () => {
      restore();
      unlock();
    };
  }, [modal]);
  useFocusTrap(modal, [panelRef], { initial: inputRef });

  // Following one of the site's links from the conversation on a phone closes the panel, so the page shows.
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element).closest('a');
      if (a?.getAttribute('href')?.startsWith('/') && window.matchMedia(SMALL_SCREEN).matches) onClose();
    };
    log.addEventListener('click', onClick);
    return () => log.removeEventListener('click', onClick);
  }, [onClose]);
  const clear = () => {
    if (!window.confirm(words.errors.clearConfirm)) return;
    const phase = livePhase();
    if (phase === 'waiting' || phase === 'live') endLive();
    leaveLive();
    restart();
    reset();
    clearStoredMessages(browserStorage());
    inputRef.current?.focus();
  };

  const last = messages.at(-1);
  const inLive = live.phase === 'waiting' || live.phase === 'live';
  // While live the flows pause: no suggestions. "Talk to a person" is its own button, always there until a
  // person is asked for (docs/decisions/0030), so never a chip as well.
  const chips = (inLive ? [] : messages.length === 0 ? [...words.starterChips] : !typing && last?.type === 'bot' ? last.chips ?? [] : [])
    .filter((chip) => chip !== words.talkToPerson);

  return (
    <div
      id="chat-panel"
      ref={panelRef}
      role="dialog"
      aria-labelledby={titleId}
      aria-modal={modal ? 'true' : undefined}
      data-page-region="chat"
      hidden={!open}
      className={`${PANEL_BOX} flex flex-col`}
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-base font-semibold text-ink">{name}</h2>
          {inLive ? (
            <p role="status" className="truncate text-xs text-slate-600" data-live-status={live.phase}>
              {!live.connected ? words.live.lost : live.phase === 'live' && live.staffName ? ui('chattingWith', `Chatting with ${live.staffName}`, { name: live.staffName }) : ui('waiting', 'Waiting for a person…')}
            </p>
          ) : null}
        </div>
        {inLive ? (
          <button type="button" onClick={endLive} className="rounded-full px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50">
            {ui('endChat', 'End chat')}
          </button>
        ) : null}
        <button type="button" onClick={clear} className="rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
          {ui('clear', 'Clear')}
        </button>
        <button type="button" onClick={onClose} className="rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
          {ui('close', 'Close')}
        </button>
      </div>
      <div
        ref={logRef}
        role="log"
        aria-label={ui('conversation', 'Conversation')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so that keyboard users can scroll a long conversation (axe scrollable-region-focusable, WCAG 2.1.1)
        tabIndex={0}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain px-4 py-3"
      >
        <p className="max-w-[85%] rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {ui('greeting', `Hi! I'm ${name}. Ask me about our services, prices or past work, or get a price estimate.`, { name })}
        </p>
        <ChatMessages messages={messages} name={name} />
        {typing || (live.phase === 'live' && live.staffTyping) ? <TypingIndicator who={typing ? name : live.staffName ?? ui('ourTeam', 'Our team')} /> : null}
      </div>
      {chips.length || !inLive ? (
        <div className="flex min-w-0 items-center gap-2 border-t border-slate-100 px-4 py-2">
          {chips.length ? (
            <fieldset className="m-0 flex min-w-0 flex-1 gap-2 overflow-x-auto border-0 p-0">
              <legend className="sr-only">{ui('suggestions', 'Suggestions')}</legend>
              {chips.map((chip) => (
                <button
                  key={chip}
                  type="button"
                  onClick={() => {
                    send(chip);
                    inputRef.current?.focus();
                  }}
                  className="shrink-0 rounded-full border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
                >
                  {chip}
                </button>
              ))}
            </fieldset>
          ) : null}
          {inLive ? null : (
            <button
              type="button"
              data-talk-to-person=""
              onClick={() => {
                send(words.talkToPerson);
                inputRef.current?.focus();
              }}
              className="ml-auto inline-flex shrink-0 items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-700 hover:bg-brand-100"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0 1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z" />
              </svg>
              {words.talkToPerson}
            </button>
          )}
        </div>
      ) : null}
      <form
        className="relative flex items-center gap-2 border-t border-slate-200 px-3 py-3"
        onSubmit={(e) => {
          e.preventDefault();
          send(draft);
          setDraft('');
        }}
      >
        <label htmlFor={inputId} className="sr-only">{ui('placeholder', 'Type your message')}</label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          autoComplete="off"
          maxLength={2000}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            visitorTyping();
          }}
          placeholder={ui('placeholder', 'Type your message')}
          className="min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2 text-base text-ink placeholder:text-slate-500 sm:text-sm"
        />
        {/* Waiting for or talking to a person, the microphone (whose other end is the AI) goes, and with it
            any voice session: the visitor's words are for the person. */}
        {voice && !inLive ? <VoiceInput open={open} onTranscript={voiceReply} onError={voiceError} textTurn={voiceText} /> : null}
        <button
          type="submit"
          disabled={!draft.trim()}
          className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          {ui('send', 'Send')}
        </button>
      </form>
      <ChatWhatsApp conversation={conversationRef} />
    </div>
  );
}
