import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { can } from '../../../shared/admin/permissions.ts';
import { deletedMessageText, groupByDay, linkify, MESSAGE_MAX, type TeamChannel, type TeamMessage } from '../../../shared/admin/team.ts';
import { api, type Ok } from '../../api/client.ts';
import { unwrap } from '../../api/queries.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { buttonClass, Note } from '../../ui/kit.tsx';
import { Textarea } from '../../ui/controls.tsx';
import { ConfirmDialog, type Confirmation } from '../team/ConfirmDialog.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';
import { ChannelAdmin } from './ChannelAdmin.tsx';
import { useTeamRealtime } from './realtime.ts';

// One channel: its messages grouped by day (older ones load when the list is scrolled to the top), a
// composer (Enter sends, Shift+Enter adds a line), and Delete message for those who may. New and deleted
// messages of colleagues arrive over Appwrite Realtime.

/** Oldest first, one entry per id (the answer of a post and its realtime event may both arrive). */
function merge(list: TeamMessage[], more: TeamMessage[]): TeamMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.postedAt.localeCompare(b.postedAt) || a.id.localeCompare(b.id));
}

/** One page of a channel's history, newest page first in the query's pages. */
type Page = Ok<Awaited<ReturnType<(typeof api.admin.channels)[':channelId']['messages']['$get']>>>;

const fromPayload = (p: Record<string, unknown>): TeamMessage => ({
  id: String(p.$id),
  channelId: String(p.channelId),
  userId: String(p.userId),
  authorName: String(p.authorName ?? ''),
  text: typeof p.text === 'string' && !p.deletedAt ? p.text : '',
  postedAt: String(p.postedAt ?? p.$createdAt),
  deleted: typeof p.deletedAt === 'string' && p.deletedAt ? { byId: String(p.deletedById ?? ''), byName: String(p.deletedByName ?? ''), at: p.deletedAt } : null,
});

const dayHeading = (day: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
const timeOf = (iso: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** Plain text with its links made clickable, and nothing else rendered as HTML. */
function LinkedText({ text }: { text: string }) {
  return linkify(text).map((part, i) => part.type === 'link'
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
    ? <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 underline">{part.text}</a>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
    : <span key={i}>{part.text}</span>);
}

export function ChannelView({ channel, onChannelChanged, onChannelDeleted }: { channel: TeamChannel; onChannelChanged: () => void; onChannelDeleted: () => void }) {
  const auth = useAuth();
  const run = useStaffApi();
  const me = auth.status === 'signed-in' ? auth.user.$id : '';
  const role = auth.status === 'signed-in' ? auth.role : null;
  const queryClient = useQueryClient();
  // The newest page first, "Load older messages" adding pages; posts, deletions and colleagues' messages
  // (Appwrite Realtime) are written into the cached pages.
  const key = adminKeys.messages(channel.id);
  const history = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => unwrap(run((init) => api.admin.channels[':channelId'].messages.$get({ param: { channelId: channel.id }, query: pageParam ? { before: pageParam } : {} }, init))),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const messages = useMemo(() => (history.data ? merge([], history.data.pages.flatMap((p) => p.messages)) : null), [history.data]);
  const loadingOlder = history.isFetchingNextPage;
  const [failure, setFailure] = useState<string | null>(null);
  const error = failure ?? history.error?.message ?? null;
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  /** How far from the bottom the list was before older messages were put on top, to stay where the reader is. */
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);

  /** Puts a message in the newest page (replacing its older copy wherever it is), or takes it out. */
  const write = (m: TeamMessage, removed = false) => queryClient.setQueryData<InfiniteData<Page, string>>(key, (d) => d && {
    ...d,
    pages: d.pages.map((p, i) => {
      const rest = p.messages.filter((x) => x.id !== m.id);
      return { ...p, messages: i === 0 && !removed ? [...rest, m] : rest };
    }),
  });

  const loadOlder = async () => {
    if (!history.hasNextPage || loadingOlder) return;
    const el = scroller.current;
    keepFromBottom.current = el ? el.scrollHeight - el.scrollTop : null;
    await history.fetchNextPage();
  };

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !messages) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages]);

  useTeamRealtime('messages', (e) => {
    if (e.payload.channelId !== channel.id) return;
    write(fromPayload(e.payload), e.action === 'delete');
  });

  const remove = async (m: TeamMessage) => {
    const r = await run((init) => api.admin.channels[':channelId'].messages[':messageId'].$delete({ param: { channelId: channel.id, messageId: m.id } }, init));
    if (!r.ok) return setFailure(r.error.message);
    write(r.data);
  };

  const mayDelete = (m: TeamMessage) => !m.deleted && (can(role, 'message.delete.any') || m.userId === me);
  const groups = groupByDay(messages ?? []);

  return (
    <section aria-labelledby="channel-title" className="flex min-w-0 flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="space-y-3 border-b border-slate-200 p-4 sm:p-6">
        <div>
          <h2 id="channel-title" className="text-xl font-bold break-all text-ink"><span aria-hidden="true" className="text-slate-500">#</span>{channel.name}{channel.archived && <span className="ml-2 align-middle text-sm font-semibold text-amber-800">(archived)</span>}</h2>
          {channel.description && <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-600"><LinkedText text={channel.description} /></p>}
        </div>
        {can(role, 'channel.manage') && <ChannelAdmin channel={channel} onChanged={onChannelChanged} onDeleted={onChannelDeleted} />}
      </header>

      {error && <div className="p-4"><Note tone="error">{error}</Note></div>}

      <div
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          if (el.scrollTop < 80) void loadOlder();
        }}
        // Keyboard users reach the history through its buttons and links (and Load older messages).
        className="h-[60vh] min-h-72 overflow-y-auto p-4 sm:p-6"
      >
        {!messages ? (
          <div className="flex justify-center py-10"><Spinner size="md" label="Loading messages" /></div>
        ) : (
          <>
            {history.hasNextPage ? (
              <div className="mb-4 flex justify-center">
                <button type="button" className={buttonClass.secondary} onClick={() => void loadOlder()} disabled={loadingOlder}>
                  {loadingOlder ? 'Loading…' : 'Load older messages'}
                </button>
              </div>
            ) : messages.length > 0 ? (
              <p className="mb-4 text-center text-xs text-slate-600">This is the beginning of #{channel.name}.</p>
            ) : (
              <p className="py-10 text-center text-slate-600">No messages yet. Say hello to the team.</p>
            )}
            <div role="log" aria-label={`Messages in #${channel.name}`} aria-live="polite" aria-relevant="additions text">
              {groups.map((g) => (
                <section key={g.day} aria-label={dayHeading(g.day)} className="mb-4">
                  <h3 className="my-3 text-center text-xs font-semibold tracking-wide text-slate-600 uppercase">{dayHeading(g.day)}</h3>
                  <ul className="space-y-3">
                    {g.messages.map((m) => (
                      <li key={m.id} className="group rounded-lg px-2 py-1 hover:bg-slate-50" aria-label={`${m.authorName} at ${timeOf(m.postedAt)}`}>
                        <div className="flex flex-wrap items-baseline gap-x-2">
                          <span className="font-semibold text-ink">{m.authorName}</span>
                          <time dateTime={m.postedAt} className="text-xs text-slate-600">{timeOf(m.postedAt)}</time>
                          {mayDelete(m) && (
                            <button
                              type="button"
                              className="ml-auto rounded px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
                              onClick={() => setConfirmation({
                                title: 'Delete this message?',
                                body: `Everyone will see "Message deleted by ${auth.status === 'signed-in' ? (auth.user.name || auth.user.email) : 'you'}" instead of it.`,
                                confirm: 'Delete message',
                                danger: true,
                                onConfirm: () => void remove(m),
                              })}
                            >
                              Delete message
                            </button>
                          )}
                        </div>
                        {m.deleted ? (
                          <p className="text-sm text-slate-600 italic">{deletedMessageText(m.deleted.byName)}</p>
                        ) : (
                          <p className="text-sm break-words whitespace-pre-wrap text-slate-800"><LinkedText text={m.text} /></p>
                        )}
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </>
        )}
      </div>

      {channel.archived ? (
        <p className="border-t border-slate-200 p-4 text-sm text-slate-600">This channel is archived: it can be read, not written to.</p>
      ) : (
        <Composer channel={channel} onSent={(m) => { stickToBottom.current = true; write(m); }} />
      )}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}

function Composer({ channel, onSent }: { channel: TeamChannel; onSent: (m: TeamMessage) => void }) {
  const run = useStaffApi();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    const r = await run((init) => api.admin.channels[':channelId'].messages.$post({ param: { channelId: channel.id }, json: { text } }, init));
    setBusy(false);
    if (!r.ok) return setError(r.error.fields?.text ?? r.error.message);
    setText('');
    setError(null);
    onSent(r.data);
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; nothing is sent while an input method is composing.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form onSubmit={send} className="flex items-end gap-2 border-t border-slate-200 p-3 sm:p-4">
      <div className="min-w-0 flex-1">
        <label htmlFor={`composer-${channel.id}`} className="sr-only">Message</label>
        <Textarea
          size="sm"
          id={`composer-${channel.id}`}
          rows={2}
          value={text}
          maxLength={MESSAGE_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Message #${channel.name}`}
          aria-describedby={error ? `composer-error-${channel.id}` : `composer-hint-${channel.id}`}
          invalid={Boolean(error)}
          className="block w-full resize-y"
        />
        {error
          ? <p id={`composer-error-${channel.id}`} className="mt-1 text-sm text-red-700">{error}</p>
          : <p id={`composer-hint-${channel.id}`} className="mt-1 hidden text-xs text-slate-600 sm:block">Enter sends, Shift+Enter adds a line.</p>}
      </div>
      <button type="submit" className={buttonClass.primary} disabled={busy || !text.trim()}>Send</button>
    </form>
  );
}
