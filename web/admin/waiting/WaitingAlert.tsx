import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { waitedFor, waitingAnnouncement, waitingWho, type WaitingVisitor } from '../../../shared/admin/waiting.ts';
import { api } from '../../api/client.ts';
import { buttonClass } from '../../ui/kit.tsx';
import { useStaffApi } from '../useStaffApi.ts';
import { useWaitingTitle } from './useWaitingTitle.ts';
import { useWaitingVisitors } from './useWaitingVisitors.ts';
import { chime, useWaitingSound } from './waitingSound.ts';

// On every admin page (docs/decisions/0030): while visitors wait for a person, how many, and for the
// longest-waiting few who, their first words, how long they have waited (ticking) and **Join conversation**,
// which opens that chat's lead already joined (LiveConversation reads `joinLive` from the navigation's state). The tab title
// counts them, a polite live region announces each new one once, and an opt-in chime sounds.

/** What LiveConversation reads from the navigation's state: join this conversation on arrival. */
export interface JoinLiveState {
  joinLive: string;
}

const key = (v: WaitingVisitor) => `${v.ref} ${v.since}`;
/** The banner lists the longest-waiting few; the count says how many in all. */
const MAX_SHOWN = 3;

function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}

export function WaitingAlert() {
  const waiting = useWaitingVisitors();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sound = useWaitingSound();
  const now = useNow(waiting.length > 0);
  const titleId = useId();
  useWaitingTitle(waiting.length);

  // Each new waiting visitor is said once (and chimes once), not again at every refetch.
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef(new Set<string>());
  const soundOn = useRef(sound.on);
  soundOn.current = sound.on;
  useEffect(() => {
    const fresh = waiting.filter((v) => !announced.current.has(key(v)));
    if (!fresh.length) return;
    for (const v of fresh) announced.current.add(key(v));
    setAnnouncement(fresh.map(waitingAnnouncement).join(' '));
    if (soundOn.current) chime();
  }, [waiting]);

  // The lead page of a waiting chat has its own Join conversation: the banner names the others.
  const open = /^\/admin\/leads\/([^/]+)/.exec(pathname)?.[1];
  const shown = waiting.filter((v) => v.leadId !== open);
  const run = useStaffApi();
  const join = async (v: WaitingVisitor) => {
    // A WhatsApp customer (docs/decisions/0031): joined here, answered from the lead page's WhatsApp composer.
    if (v.channel === 'whatsapp') {
      await run((init) => api.admin['whatsapp-handler'][':id'].$post({ param: { id: v.leadId }, json: { handler: 'staff' } }, init));
      navigate(`/admin/leads/${v.leadId}`);
      return;
    }
    navigate(`/admin/leads/${v.leadId}`, { state: { joinLive: v.ref } satisfies JoinLiveState });
  };

  return (
    <>
      <div role="status" className="sr-only" data-waiting-announcement="">{announcement}</div>
      {shown.length ? (
        <section aria-labelledby={titleId} className="border-b border-amber-300 bg-amber-50" data-waiting={shown.length}>
          <div className="mx-auto max-w-7xl px-4 py-3">
            <div className="flex flex-wrap items-center gap-3">
              <span aria-hidden="true" className="relative flex size-3 shrink-0">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-amber-500 opacity-75 motion-reduce:animate-none" />
                <span className="relative inline-flex size-3 rounded-full bg-amber-600" />
              </span>
              <h2 id={titleId} className="flex-1 text-base font-bold text-ink">
                {shown.length === 1 ? 'A visitor is waiting for a person' : `${shown.length} visitors are waiting for a person`}
              </h2>
              <button
                type="button"
                aria-pressed={sound.on}
                onClick={sound.toggle}
                className="inline-flex items-center rounded-lg border border-amber-400 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-amber-100"
              >
                <span aria-hidden="true" className="mr-1.5">{sound.on ? '🔔' : '🔕'}</span>Sound
              </button>
            </div>
            <ul className="mt-2 space-y-2">
              {shown.slice(0, MAX_SHOWN).map((v) => (
                <li key={key(v)} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-white px-3 py-2 ring-1 ring-amber-200" data-waiting-visitor="">
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="font-semibold text-ink">
                      <span id={`waiting-${v.ref}`}>{waitingWho(v.who)}</span>
                      <span className="font-normal text-slate-700"> · waiting <span data-waited="">{waitedFor(v.since, now)}</span></span>
                    </p>
                    {v.words ? <p className="truncate text-sm text-slate-700">“{v.words}”</p> : null}
                  </div>
                  <button type="button" className={buttonClass.primary} aria-describedby={`waiting-${v.ref}`} onClick={() => void join(v)}>
                    Join conversation
                  </button>
                </li>
              ))}
            </ul>
            {shown.length > MAX_SHOWN ? <p className="mt-2 text-sm text-slate-700">And {shown.length - MAX_SHOWN} more in the inbox.</p> : null}
          </div>
        </section>
      ) : null}
    </>
  );
}
