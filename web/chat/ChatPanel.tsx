import { useCallback, useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { api, call } from '../api/client.ts';
import { askChat, type ChatOutcome } from './chatStream.ts';
import { BotMarkdown } from './BotMarkdown.tsx';
import {
  afterReply, BOT_REPLY_DELAY_MS, flowStepDelay, initialFlowState, routeInput, savedLeadRecord,
  type FlowEffect, type FlowResult, type FlowState,
} from '../../shared/chat/flows.ts';
import { chatMessages } from '../../shared/chat/messages.ts';
import { uniqueId } from '../../shared/id.ts';
import { useConfig } from '../config.tsx';
import type { PublicConfig } from '../../shared/config.ts';
import { ChatParts, EstimateCard } from './ChatParts.tsx';
import { voiceSupported } from '../voice/support.ts';
import { pageScrollLock } from '../overlay/scrollLock.ts';
import { makeRegionsInert, useFocusTrap } from '../overlay/focus.ts';
import { VoiceInput } from '../voice/VoiceInput.tsx';
import {
  appendLeadRecord, chatBody, conversationOf, conversationParams, markBotSeen, markUserSeen,
  readStoredLead, setStatus, storeLead, submissionIds, transcript, type ConversationHandle,
} from './chatState.ts';
import { asksForPerson, liveMessages, TALK_TO_PERSON, voiceMayTake, type LiveSession } from '../../shared/chat/live.ts';
import { isChatEmail } from '../../shared/email.ts';
import { useChatLog } from './useChatLog.ts';
import { useLiveHandOff } from './useLiveHandOff.ts';
import { browserStorage, clearStoredMessages, storeLiveSession } from './storage.ts';
import { PANEL_BOX } from './panelBox.ts';

// The chat panel (issue 4 section 1, docs/product.md §6.1). Loaded by ChatLauncher on the first tap and kept
// mounted once opened, so that bot messages arriving while it is closed count as unread. Visitor input
// goes through the flows of shared/chat/flows.ts; what they do not take goes to POST /api/chat.

export const starterChips = ['Our services', 'See our work', 'Get a price estimate', 'Book a consultation', TALK_TO_PERSON] as const;
const DEFAULT_NAME = 'Assistant';

const sleep = (ms: number) => new Promise<void>((r) => window.setTimeout(r, Math.max(0, ms)));

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

/** The chat's message for an answer without one of its own: no answer at all, or anything else. */
const failureMessage = (status: number) => (status === 0 ? chatMessages.aiNetwork : chatMessages.aiHiccup);


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
  const titleId = useId();
  const inputId = useId();
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState('');
  const flowRef = useRef<FlowState>(initialFlowState(readStoredLead(browserStorage())));
  const openRef = useRef(open);
  const generation = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // The server's conversation (docs/decisions/0011): for this page's life, forgotten by Clear and a reload.
  const conversationRef = useRef<ConversationHandle | null>(null);
  // The answer being fetched: Clear cancels it; Close cancels it once it is streaming (and with it the
  // model's request on the server), while an answer that comes whole still arrives and counts as unread.
  const streamRef = useRef<{ controller: AbortController; streaming: boolean } | null>(null);
  // One submission id per lead and pricing request, the same for each retry.
  const idsRef = useRef(submissionIds(uniqueId));
  const { messages, current: currentLog, update, addBot, reset } = useChatLog(openRef, setUnread);

  const { live, phase: livePhase, setPhase, joinLive, leaveLive, say, visitorTyping, endLive } = useLiveHandOff({
    openRef, conversationRef, update, addBot, setUnread, onResume,
  });

  /** Asks for a person: live when staff are online; else the visitor leaves an e-mail for a reply. */
  const talkToPerson = useCallback(async (email: string | null, gen: number) => {
    const lead = flowRef.current.lead.info;
    setTyping(true);
    const out = await call(() => api.chat.live.$post({
      json: {
        ...conversationParams(conversationRef.current),
        name: lead.name ?? '', email: email ?? lead.email ?? '', phone: lead.phone ?? '', company: lead.company ?? '',
      },
    }), failureMessage);
    if (gen !== generation.current) return;
    setTyping(false);
    if (!out.ok) {
      addBot({ text: out.error.message });
      return;
    }
    const answer = out.data;
    if (answer.status === 'live') {
      const conversation = conversationOf(answer, conversationRef.current);
      const session: LiveSession = { conversationId: answer.conversationId, ...(conversation?.key ? { conversationKey: conversation.key } : {}), token: answer.token };
      storeLiveSession(session);
      setPhase('waiting');
      joinLive(session);
    } else if (answer.status === 'need_email') {
      setPhase('need_email');
      addBot({ text: `${liveMessages.offline} ${liveMessages.askEmail}` });
    } else {
      conversationRef.current = conversationOf(answer, conversationRef.current);
      setPhase('off');
      addBot({ text: liveMessages.queued });
    }
  }, [addBot, joinLive, setPhase]);

  // Voice (issue 5): the microphone shows where the browser supports it and the server offers it. Each
  // spoken reply is one bot message whose text grows with the transcript.
  const voice = (config as (PublicConfig & { voiceAvailable?: boolean }) | null)?.voiceAvailable === true && voiceSupported();
  const voiceReply = useCallback((id: string, text: string) => {
    if (currentLog().some((m) => m.id === id)) update((list) => list.map((m) => (m.id === id ? { ...m, text } : m)));
    else addBot({ id, text });
  }, [addBot, currentLog, update]);
  const voiceText = useRef<((text: string) => boolean) | null>(null);
  const voiceError = useCallback((text: string) => addBot({ text }), [addBot]);

  // Opening: bot messages become seen, the input takes focus. While open, Escape closes (also when focus
  // was left on the page, or on a chip that went away). Closing cancels an answer still coming.
  useEffect(() => {
    openRef.current = open;
    if (!open) {
      if (streamRef.current?.streaming) streamRef.current.controller.abort();
      return;
    }
    update(markBotSeen);
    inputRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, update, onClose]);

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

  /** Carries out a completed flow's submission; null when accepted, else the message to show. */
  const submit = useCallback(async (effect: FlowEffect): Promise<string | null> => {
    const kind = effect.type === 'submitLead' ? 'lead' : 'pricing';
    const id = idsRef.current.take(kind);
    try {
      if (effect.type === 'submitLead') {
        const { collected: _collected, ...lead } = effect.lead;
        const out = await call(() => api.chat.lead.$post({ json: { id, ...lead, ...conversationParams(conversationRef.current) } }), failureMessage);
        if (!out.ok) return out.error.message;
        idsRef.current.accepted(kind);
        const store = browserStorage();
        storeLead(store, effect.lead);
        appendLeadRecord(store, savedLeadRecord(out.data.id ?? id, effect.lead, transcript(currentLog()), new Date()));
        return null;
      }
      const { collected: _collected, ...request } = effect.request;
      const out = await call(() => api.chat.pricing.$post({ json: { id, ...request } }), failureMessage);
      if (!out.ok) return out.error.message;
      idsRef.current.accepted(kind);
      return null;
    } catch {
      return chatMessages.aiNetwork;
    }
  }, [currentLog]);

  /** Shows a flow's bot messages with the step delays; its effects are carried out before the last one. */
  const runFlow = useCallback(async (result: FlowResult, gen: number) => {
    const submitted = result.effects.length ? Promise.all(result.effects.map(submit)) : Promise.resolve([]);
    const shown = result.botMessages;
    for (const [i, m] of shown.entries()) {
      setTyping(true);
      await sleep(flowStepDelay(Math.random()));
      if (i === shown.length - 1 || result.effects.length) {
        const failure = (await submitted).find((x): x is string => !!x);
        if (gen !== generation.current) return;
        if (failure) {
          // Nothing was stored: the flow stays where it was, so the visitor can answer again.
          setTyping(false);
          addBot({ text: failure });
          return;
        }
      }
      if (gen !== generation.current) return;
      setTyping(false);
      addBot({ text: m.text, chips: m.chips, estimate: m.estimate });
    }
    setTyping(false);
    flowRef.current = result.state;
  }, [addBot, submit]);

  const process = useCallback(async (text: string, gen: number) => {
    if (gen !== generation.current) return;
    const phase = livePhase.current;
    if (phase === 'waiting' || phase === 'live') {
      // While live, the visitor talks to the person (the room echoes the message back to every tab).
      if (!say(text)) addBot({ text: liveMessages.lost });
      return;
    }
    if (phase === 'need_email' && text.includes('@')) {
      update((list) => [...list, { id: uniqueId(), type: 'user', text, timestamp: Date.now(), status: 'sent' }]);
      if (isChatEmail(text)) await talkToPerson(text.trim(), gen);
      else addBot({ text: chatMessages.invalidEmail });
      return;
    }
    if (phase === 'need_email') setPhase('off');
    if (asksForPerson(text)) {
      update((list) => [...list, { id: uniqueId(), type: 'user', text, timestamp: Date.now(), status: 'sent' }]);
      await talkToPerson(null, gen);
      return;
    }
    const userId = uniqueId();
    update((list) => [...list, { id: userId, type: 'user', text, timestamp: Date.now(), status: 'sending' }]);
    const route = routeInput(flowRef.current, text);
    if (route.handled) {
      update((list) => setStatus(list, userId, 'sent'));
      await runFlow(route, gen);
      return;
    }
    setTyping(true);
    const started = Date.now();
    const controller = new AbortController();
    const current = { controller, streaming: false };
    streamRef.current = current;
    // A streamed answer grows in one bot message from its first piece on (no artificial wait before it).
    let streamId: string | null = null;
    const onDelta = (piece: string) => {
      if (gen !== generation.current) return;
      if (!streamId) {
        const id = uniqueId();
        streamId = id;
        setTyping(false);
        addBot({ id, text: piece.trimStart(), markdown: true, streaming: true });
      } else {
        const id = streamId;
        update((list) => list.map((m) => (m.id === id ? { ...m, text: m.text + piece } : m)));
      }
    };
    let outcome: ChatOutcome;
    try {
      outcome = await askChat(chatBody(text, conversationRef.current), {
        signal: controller.signal,
        onAccepted: (streaming) => {
          current.streaming = streaming;
          if (gen === generation.current) update((list) => setStatus(list, userId, 'sent'));
        },
        onDelta,
        fallback: failureMessage,
      });
    } catch {
      // Cancelled (Clear, Close): like a blocked answer, nothing is shown and the server kept nothing.
      if (gen !== generation.current) return;
      setTyping(false);
      const id = streamId;
      update((list) => markUserSeen(id ? list.filter((m) => m.id !== id) : list));
      return;
    } finally {
      if (streamRef.current === current) streamRef.current = null;
    }
    if (gen !== generation.current) return;
    // An answer that arrives whole keeps the bot's pause (docs/product.md §6.1).
    if (!streamId) await sleep(BOT_REPLY_DELAY_MS - (Date.now() - started));
    if (gen !== generation.current) return;
    setTyping(false);
    if (outcome.kind === 'answer' && outcome.answer.conversationId) {
      const conversation = conversationOf(outcome.answer, conversationRef.current);
      if (conversation) conversationRef.current = conversation;
    }
    if (outcome.kind === 'broken') {
      // The stream broke off: what came stays, then the message.
      const id = streamId;
      if (id) update((list) => list.map((m) => (m.id === id ? { ...m, streaming: false } : m)));
      const conversation = conversationOf(outcome, conversationRef.current);
      if (conversation) conversationRef.current = conversation;
      addBot({ text: outcome.message });
      return;
    }
    const reply = outcome.kind === 'answer' ? outcome.answer.reply : { text: outcome.message, parts: [] };
    const ok = outcome.kind === 'answer' && !outcome.answer.error;
    const fromModel = outcome.kind === 'answer' && outcome.answer.source === 'gemini' && ok;
    if (!reply) {
      // Blocked answers show nothing (docs/product.md §6.4), not even the words that came before the block.
      const id = streamId;
      update((list) => markUserSeen(id ? list.filter((m) => m.id !== id) : list));
      return;
    }
    const parts = reply.parts;
    if (streamId) {
      const id = streamId;
      update((list) => list.map((m) => (m.id === id ? { ...m, text: reply.text, parts, chips: reply.chips, markdown: fromModel, streaming: false } : m)));
    } else {
      addBot({ text: reply.text, parts, chips: reply.chips, markdown: fromModel });
    }
    const lead = parts?.find((p) => p.type === 'lead');
    if (lead && lead.type === 'lead' && !flowRef.current.lead.info.collected) {
      // The assistant passed a lead on: it counts as collected.
      const info = { ...flowRef.current.lead.info, name: lead.name, email: lead.email, collected: true };
      flowRef.current = { ...flowRef.current, lead: { step: 'complete', info } };
      storeLead(browserStorage(), info);
    }
    if (!ok) return;
    const next = afterReply(flowRef.current, currentLog().length);
    if (next) await runFlow(next, gen);
  }, [addBot, runFlow, update, talkToPerson, setPhase, say, livePhase, currentLog]);

  const send = useCallback((raw: string) => {
    const text = raw.trim();
    if (!text) return;
    // While recording, typed turns go over the voice session; the reply comes back spoken and transcribed.
    // Not once a person is involved: the voice session's other end is the AI.
    if (voiceMayTake(livePhase.current, text) && voiceText.current?.(text)) {
      update((list) => [...list, { id: uniqueId(), type: 'user', text, timestamp: Date.now(), status: 'sent' }]);
      return;
    }
    const gen = generation.current;
    queue.current = queue.current.then(() => process(text, gen)).catch(() => {});
  }, [process, update, livePhase]);

  const clear = () => {
    if (!window.confirm(chatMessages.clearConfirm)) return;
    if (livePhase.current === 'waiting' || livePhase.current === 'live') endLive();
    leaveLive();
    generation.current += 1;
    streamRef.current?.controller.abort();
    queue.current = Promise.resolve();
    conversationRef.current = null;
    flowRef.current = initialFlowState(readStoredLead(browserStorage()));
    reset();
    setTyping(false);
    clearStoredMessages(browserStorage());
    inputRef.current?.focus();
  };

  const last = messages.at(-1);
  const inLive = live.phase === 'waiting' || live.phase === 'live';
  // While live the flows pause: no suggestions.
  const chips = inLive ? [] : messages.length === 0 ? [...starterChips] : !typing && last?.type === 'bot' ? last.chips ?? [] : [];

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
              {!live.connected ? liveMessages.lost : live.phase === 'live' && live.staffName ? `Chatting with ${live.staffName}` : 'Waiting for a person…'}
            </p>
          ) : null}
        </div>
        {inLive ? (
          <button type="button" onClick={endLive} className="rounded-full px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50">
            End chat
          </button>
        ) : null}
        <button type="button" onClick={clear} className="rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
          Clear
        </button>
        <button type="button" onClick={onClose} className="rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
          Close
        </button>
      </div>
      <div
        ref={logRef}
        role="log"
        aria-label="Conversation"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so that keyboard users can scroll a long conversation (axe scrollable-region-focusable, WCAG 2.1.1)
        tabIndex={0}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain px-4 py-3"
      >
        <p className="max-w-[85%] rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-800">
          Hi! I'm {name}. Ask me about our services, prices or past work, or get a price estimate.
        </p>
        {messages.map((m) => m.live?.from === 'system' ? (
          <p key={m.id} data-type="system" className="px-2 text-center text-xs italic text-slate-600">{m.text}</p>
        ) : (
          <div key={m.id} data-type={m.type} data-status={m.status} data-from={m.live?.from} className={m.type === 'user' ? 'flex flex-col items-end' : 'flex flex-col items-start'}>
            {m.live?.from === 'staff' ? <span className="mb-0.5 text-xs font-semibold text-slate-700">{m.live.name ?? 'Our team'}</span> : null}
            <div className={`max-w-[85%] break-words rounded-2xl px-3 py-2 text-sm ${m.markdown ? '' : 'whitespace-pre-line '}${
              m.type === 'user' ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-800'
            }`} data-streaming={m.streaming ? '' : undefined}>
              <span className="sr-only">{m.type === 'user' ? 'You: ' : m.live?.from === 'staff' ? '' : `${name}: `}</span>
              {m.markdown ? <BotMarkdown text={m.text} streaming={m.streaming} /> : m.text}
            </div>
            {m.estimate ? <div className="w-[85%]"><EstimateCard estimate={m.estimate} /></div> : null}
            {m.parts?.length ? <div className="w-[85%]"><ChatParts parts={m.parts} /></div> : null}
            {m.type === 'user' ? (
              <span className="mt-0.5 text-xs text-slate-600">{m.status === 'sending' ? 'Sending…' : m.status === 'sent' ? 'Sent' : 'Seen'}</span>
            ) : null}
          </div>
        ))}
        {typing || (live.phase === 'live' && live.staffTyping) ? (
          <div className="flex items-center gap-1 rounded-2xl bg-slate-100 px-3 py-3 w-fit" data-typing="">
            <span className="sr-only">{typing ? name : live.staffName ?? 'Our team'} is typing</span>
            <span aria-hidden="true" className="size-1.5 animate-bounce rounded-full bg-slate-500" />
            <span aria-hidden="true" className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:150ms]" />
            <span aria-hidden="true" className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:300ms]" />
          </div>
        ) : null}
      </div>
      {chips.length ? (
        <fieldset className="m-0 flex min-w-0 gap-2 overflow-x-auto border-0 border-t border-slate-100 px-4 py-2">
          <legend className="sr-only">Suggestions</legend>
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
      <form
        className="relative flex items-center gap-2 border-t border-slate-200 px-3 py-3"
        onSubmit={(e) => {
          e.preventDefault();
          send(draft);
          setDraft('');
        }}
      >
        <label htmlFor={inputId} className="sr-only">Type your message</label>
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
          placeholder="Type your message"
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
          Send
        </button>
      </form>
    </div>
  );
}
