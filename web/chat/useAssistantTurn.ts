import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { api, call } from '../api/client.ts';
import { askChat, type ChatOutcome } from './chatStream.ts';
import {
  afterReply, BOT_REPLY_DELAY_MS, flowStepDelay, initialFlowState, routeInput, savedLeadRecord,
  type FlowEffect, type FlowResult, type FlowState,
} from '../../shared/chat/flows.ts';
import { chatText, type ChatText } from '../../shared/chat/text.ts';
import { useLocale } from '../i18n/i18n.ts';
import { uniqueId } from '../../shared/id.ts';
import {
  appendLeadRecord, chatBody, conversationOf, conversationParams, languageParam, markUserSeen,
  readStoredLead, setStatus, storeLead, submissionIds, transcript, type ChatMessage, type ConversationHandle,
} from './chatState.ts';
import { asksForPerson, voiceMayTake, type HandOffPhase, type LiveSession } from '../../shared/chat/live.ts';
import { isChatEmail } from '../../shared/email.ts';
import type { BotMessage } from './useChatLog.ts';
import { browserStorage, storeLiveSession } from './storage.ts';

// The chat panel's assistant turn: what the visitor sends goes, one turn after the other, to the flows of
// shared/chat/flows.ts (lead, pricing), to a person (docs/decisions/0019) or to POST /api/chat (streamed).
// A turn of an older generation (before Clear) shows nothing.

const sleep = (ms: number) => new Promise<void>((r) => window.setTimeout(r, Math.max(0, ms)));

/** The chat's message for an answer without one of its own: no answer at all, or anything else. */
const failureMessageIn = (text: ChatText) => (status: number) => (status === 0 ? text.errors.aiNetwork : text.errors.aiHiccup);

const userLine = (text: string, status: ChatMessage['status'], id = uniqueId()): ChatMessage =>
  ({ id, type: 'user', text, timestamp: Date.now(), status });

interface TurnDeps {
  conversationRef: RefObject<ConversationHandle | null>;
  currentLog(): ChatMessage[];
  update(fn: (m: ChatMessage[]) => ChatMessage[]): void;
  addBot(m: BotMessage): void;
  /** The live hand-off's phase as of now (not of the last render). */
  livePhase(): HandOffPhase;
  setPhase(phase: HandOffPhase): void;
  joinLive(session: LiveSession): void;
  say(text: string): boolean;
  /** The voice session's text turn while recording (VoiceInput fills it in). */
  voiceText: RefObject<((text: string) => boolean) | null>;
}

export function useAssistantTurn({ conversationRef, currentLog, update, addBot, livePhase, setPhase, joinLive, say, voiceText }: TurnDeps) {
  const [typing, setTyping] = useState(false);
  // The page's language: the flows speak it, and /api/chat answers in it (docs/decisions/0032, "Chat").
  const locale = useLocale();
  const words = chatText(locale);
  const failureMessage = useMemo(() => failureMessageIn(words), [words]);
  // Where the lead and pricing flows stand: read and advanced by the queued turns, never rendered.
  const flowRef = useRef<FlowState>(initialFlowState(readStoredLead(browserStorage()), locale));
  const generation = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  // The answer being fetched: Clear cancels it; Close cancels it once it is streaming (and with it the
  // model's request on the server), while an answer that comes whole still arrives and counts as unread.
  const streamRef = useRef<{ controller: AbortController; streaming: boolean } | null>(null);
  // One submission id per lead and pricing request, the same for each retry.
  const idsRef = useRef(submissionIds(uniqueId));

  /** Asks for a person: live when staff are online; else the visitor leaves an e-mail for a reply. */
  const talkToPerson = useCallback(async (email: string | null, gen: number) => {
    const lead = flowRef.current.lead.info;
    setTyping(true);
    const out = await call(() => api.chat.live.$post({
      json: {
        ...conversationParams(conversationRef.current), ...languageParam(locale),
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
      addBot({ text: `${words.live.offline} ${words.live.askEmail}` });
    } else {
      conversationRef.current = conversationOf(answer, conversationRef.current);
      setPhase('off');
      addBot({ text: words.live.queued });
    }
  }, [addBot, conversationRef, joinLive, setPhase, failureMessage, locale, words]);

  /** Carries out a completed flow's submission; null when accepted, else the message to show. */
  const submit = useCallback(async (effect: FlowEffect): Promise<string | null> => {
    const kind = effect.type === 'submitLead' ? 'lead' : 'pricing';
    const id = idsRef.current.take(kind);
    try {
      if (effect.type === 'submitLead') {
        const { collected: _collected, ...lead } = effect.lead;
        const out = await call(() => api.chat.lead.$post({ json: { id, ...lead, ...conversationParams(conversationRef.current), ...languageParam(locale) } }), failureMessage);
        if (!out.ok) return out.error.message;
        idsRef.current.accepted(kind);
        const store = browserStorage();
        storeLead(store, effect.lead);
        appendLeadRecord(store, savedLeadRecord(out.data.id ?? id, effect.lead, transcript(currentLog()), new Date()));
        return null;
      }
      const { collected: _collected, ...request } = effect.request;
      const out = await call(() => api.chat.pricing.$post({ json: { id, ...request, ...languageParam(locale) } }), failureMessage);
      if (!out.ok) return out.error.message;
      idsRef.current.accepted(kind);
      return null;
    } catch {
      return words.errors.aiNetwork;
    }
  }, [conversationRef, currentLog, failureMessage, locale, words.errors.aiNetwork]);

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

  /** Asks the assistant (POST /api/chat): a streamed answer grows in one bot message from its first piece on. */
  const ask = useCallback(async (text: string, userId: string, gen: number) => {
    setTyping(true);
    const started = Date.now();
    const controller = new AbortController();
    const current = { controller, streaming: false };
    streamRef.current = current;
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
      outcome = await askChat(chatBody(text, conversationRef.current, locale), {
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
  }, [addBot, conversationRef, currentLog, runFlow, update, locale, failureMessage]);

  const process = useCallback(async (text: string, gen: number) => {
    if (gen !== generation.current) return;
    const phase = livePhase();
    if (phase === 'waiting' || phase === 'live') {
      // While live, the visitor talks to the person (the room echoes the message back to every tab).
      if (!say(text)) addBot({ text: words.live.lost });
      return;
    }
    if (phase === 'need_email' && text.includes('@')) {
      update((list) => [...list, userLine(text, 'sent')]);
      if (isChatEmail(text)) await talkToPerson(text.trim(), gen);
      else addBot({ text: words.invalidEmail });
      return;
    }
    if (phase === 'need_email') setPhase('off');
    if (asksForPerson(text)) {
      update((list) => [...list, userLine(text, 'sent')]);
      await talkToPerson(null, gen);
      return;
    }
    const userId = uniqueId();
    update((list) => [...list, userLine(text, 'sending', userId)]);
    const route = routeInput(flowRef.current, text);
    if (!route.handled) return ask(text, userId, gen);
    update((list) => setStatus(list, userId, 'sent'));
    await runFlow(route, gen);
  }, [addBot, ask, livePhase, runFlow, say, setPhase, talkToPerson, update, words]);

  const send = useCallback((raw: string) => {
    const text = raw.trim();
    if (!text) return;
    // While recording, typed turns go over the voice session; the reply comes back spoken and transcribed.
    // Not once a person is involved: the voice session's other end is the AI.
    if (voiceMayTake(livePhase(), text) && voiceText.current?.(text)) {
      update((list) => [...list, userLine(text, 'sent')]);
      return;
    }
    const gen = generation.current;
    queue.current = queue.current.then(() => process(text, gen)).catch(() => {});
  }, [livePhase, process, update, voiceText]);

  /** Close: an answer already streaming is cancelled (one that comes whole still arrives, unread). */
  const cancelStream = useCallback(() => {
    if (streamRef.current?.streaming) streamRef.current.controller.abort();
  }, []);

  /** Clear: every turn under way is dropped and the flows start afresh. */
  const restart = useCallback(() => {
    generation.current += 1;
    streamRef.current?.controller.abort();
    queue.current = Promise.resolve();
    conversationRef.current = null;
    flowRef.current = initialFlowState(readStoredLead(browserStorage()), locale);
    setTyping(false);
  }, [conversationRef, locale]);

  return { typing, send, cancelStream, restart };
}
