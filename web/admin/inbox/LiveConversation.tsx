import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { STAFF_CREDENTIAL, type LiveMessage, type LiveState } from '../../../shared/chat/live.ts';
import type { LiveClientMessage } from '../../../shared/chat/liveApi.ts';
import { kindLabels } from '../../../shared/submissionKinds.ts';
import { api } from '../../api/client.ts';
import { errorStatus } from '../../api/queries.ts';
import { buttonClass, Note } from '../../ui/kit.tsx';
import { Input } from '../../ui/controls.tsx';
import { openLiveSocket, typingSignal } from '../../chat/liveChat.ts';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';
import { useStaffQuery } from '../useStaffQuery.ts';
import type { JoinLiveState } from '../waiting/WaitingAlert.tsx';

// A visitor's live chat, on its lead's page (docs/decisions/0019): its state and the conversation so far,
// **Join conversation**, then both sides' messages as they come, typing, and **End conversation**. The
// socket is the room's (durable/Conversation.ts), opened with a one-time ticket the Worker gives after it
// has checked the staff member's JWT and role. Everything the visitor wrote is shown as text.

const bubble: Record<LiveMessage['from'], string> = {
  visitor: 'bg-slate-100 text-ink',
  assistant: 'bg-slate-50 text-slate-700 ring-1 ring-slate-200',
  staff: 'ml-auto bg-brand-600 text-white',
  system: 'mx-auto bg-white text-center text-xs italic text-slate-600',
};
const author = (m: LiveMessage) => (m.from === 'visitor' ? 'Visitor' : m.from === 'assistant' ? 'Assistant' : m.from === 'staff' ? m.name ?? 'Staff' : 'Note');

export function LiveConversation({ conversationRef, changed }: { conversationRef: string; changed: () => void }) {
  const run = useStaffApi();
  const inputId = useId();
  const [state, setState] = useState<LiveState | null>(null);
  const [staffName, setStaffName] = useState<string | null>(null);
  const [messages, setMessages] = useState<LiveMessage[]>([]);
  const [joined, setJoined] = useState<'no' | 'joining' | 'yes'>('no');
  const [visitorTyping, setVisitorTyping] = useState(false);
  const [failure, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const ws = useRef<WebSocket | null>(null);
  const typing = useRef(typingSignal((m) => send(m)));
  const logRef = useRef<HTMLOListElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const queryClient = useQueryClient();

  // The conversation as it stands; once joined, the room's socket tells the rest. No record (404): nothing shows.
  const snapshot = useStaffQuery(adminKeys.live(conversationRef), (init) => api.admin.live[':ref'].$get({ param: { ref: conversationRef } }, init));
  const error = failure ?? (snapshot.isError && errorStatus(snapshot.error) !== 404 ? snapshot.error.message : null);
  const [shown, setShown] = useState<typeof snapshot.data>(undefined);
  if (snapshot.data && snapshot.data !== shown && joined === 'no') {
    setShown(snapshot.data);
    setState(snapshot.data.state);
    setStaffName(snapshot.data.staffName);
    setMessages(snapshot.data.messages);
  }

  useEffect(() => () => ws.current?.close(1000), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the end whenever messages change.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, visitorTyping]);

  const send = (m: LiveClientMessage) => {
    if (ws.current?.readyState !== WebSocket.OPEN) return false;
    ws.current.send(JSON.stringify(m));
    return true;
  };

  const join = useCallback(async () => {
    setJoined('joining');
    setError(null);
    const out = await run((init) => api.admin.live[':ref'].join.$post({ param: { ref: conversationRef } }, init));
    if (!out.ok) {
      setJoined('no');
      setError(out.error.message);
      if (out.status === 409) setState('ended');
      return;
    }
    const socket = openLiveSocket(conversationRef, STAFF_CREDENTIAL + out.data.ticket, (m) => {
      if (m.type === 'hello') {
        setJoined('yes');
        // No longer waiting: every admin page's alert asks again (docs/decisions/0030).
        void queryClient.invalidateQueries({ queryKey: adminKeys.waiting });
        setState(m.state);
        setStaffName(m.staffName);
        setMessages(m.messages);
      } else if (m.type === 'message') {
        if (m.message.from === 'visitor') setVisitorTyping(false);
        setMessages((list) => [...list, m.message]);
      } else if (m.type === 'state') {
        setState(m.state);
        setStaffName(m.staffName);
        if (m.state === 'ended') changed();
      } else if (m.type === 'typing') {
        if (m.from === 'visitor') setVisitorTyping(m.typing);
      } else if (m.type === 'error') {
        setError(m.message);
      }
    });
    ws.current = socket;
    socket.addEventListener('close', (e) => {
      if (ws.current !== socket) return;
      ws.current = null;
      setJoined('no');
      setVisitorTyping(false);
      if (e.code !== 1000) setError('The connection to the live chat was lost. Join again to continue.');
    });
  }, [conversationRef, run, changed, queryClient]);

  // Arrived from the waiting alert's **Join conversation** (docs/decisions/0030): joined at once, and the
  // navigation's state is dropped so that a reload does not join again.
  const location = useLocation();
  const navigate = useNavigate();
  const asked = (location.state as Partial<JoinLiveState> | null)?.joinLive === conversationRef;
  const focusOnJoin = useRef(false);
  useEffect(() => {
    if (!asked || !snapshot.data || joined !== 'no') return;
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    if (snapshot.data.state !== 'ended') {
      focusOnJoin.current = true;
      void join();
      sectionRef.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [asked, snapshot.data, joined, join, navigate, location.pathname, location.search]);
  // The button pressed is gone with the alert: focus goes where the staff member writes to the visitor.
  useEffect(() => {
    if (joined !== 'yes' || !focusOnJoin.current) return;
    focusOnJoin.current = false;
    document.getElementById(inputId)?.focus();
  }, [joined, inputId]);

  if (state === null && !error) return null;
  const live = state === 'waiting' || state === 'live';

  return (
    <section ref={sectionRef} aria-labelledby="live-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200" data-live-state={state ?? undefined}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="live-title" className="flex-1 text-lg font-bold text-ink">{kindLabels.live}</h2>
        <p role="status" className="text-sm text-slate-700">
          {state === 'waiting' ? 'The visitor is waiting for a person.' : state === 'live' ? `In progress${staffName ? ` with ${staffName}` : ''}.` : state === 'ended' ? 'Ended.' : ''}
        </p>
        {live && joined !== 'yes' ? (
          <button type="button" className={buttonClass.primary} disabled={joined === 'joining'} onClick={() => void join()}>Join conversation</button>
        ) : null}
        {live && joined === 'yes' ? (
          <button type="button" className={buttonClass.secondary} onClick={() => send({ type: 'end' })}>End conversation</button>
        ) : null}
      </div>
      {error ? <div className="mt-3"><Note tone="error">{error}</Note></div> : null}
      {joined === 'yes' || live ? (
        <ol ref={logRef} aria-label="Live conversation" className="mt-4 max-h-96 space-y-2 overflow-y-auto">
          {messages.map((m) => (
            <li key={m.id} className={`w-fit max-w-[85%] rounded-2xl px-4 py-2 text-sm whitespace-pre-wrap break-words ${bubble[m.from]}`}>
              <span className={m.from === 'system' ? 'sr-only' : 'block text-xs font-semibold opacity-80'}>{author(m)}: </span>{m.text}
            </li>
          ))}
          {visitorTyping ? <li className="text-sm italic text-slate-600" data-typing="">The visitor is typing…</li> : null}
        </ol>
      ) : null}
      {joined === 'yes' && live ? (
        <form
          className="mt-4 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const text = draft.trim();
            if (!text) return;
            typing.current.sent();
            if (send({ type: 'message', text })) setDraft('');
            else setError('The message could not be sent: the connection is down.');
          }}
        >
          <label htmlFor={inputId} className="sr-only">Message to the visitor</label>
          <Input
            size="sm"
            id={inputId}
            type="text"
            autoComplete="off"
            maxLength={2000}
            value={draft}
            placeholder="Write to the visitor"
            onChange={(e) => {
              setDraft(e.target.value);
              typing.current.keystroke();
            }}
            className="min-w-0 flex-1"
          />
          <button type="submit" className={buttonClass.primary} disabled={!draft.trim()}>Send</button>
        </form>
      ) : null}
    </section>
  );
}
