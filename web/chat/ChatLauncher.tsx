import { startTransition, useCallback, useDeferredValue, useEffect, useRef, useState, type ComponentType } from 'react';
import type { ChatPanelProps } from './ChatPanel.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PANEL_BOX } from './panelBox.ts';
import { isLight } from '../light/isLight.ts';
// The launcher is in every page's first load: it reads the page's catalog (its French name is in the French
// chunk's common words), never the chat's modules (docs/decisions/0032, "Chat").
import { catalog } from '../../shared/i18n/catalogs.ts';
import { localeOfPath } from '../../shared/i18n/locale.ts';
import { useLocale } from '../i18n/i18n.ts';
import { browserStorage, clearStoredMessages, readLiveSession } from './storage.ts';

// The chat in the first load (docs/architecture.md §12): the floating button at the bottom right with its
// unread badge, shown once the page has hydrated. The panel (web/chat/ChatPanel.tsx, with the flows, the
// Markdown renderer and the schemas: most of the chat's code, about 65 KB) is fetched only when a visitor
// shows the intent to open it (the pointer over the button, keyboard focus on it, a touch on it), not
// evaluated (module preloads of the files scripts/prerender.ts lists in <meta name="chat-modules">): its
// evaluation and mount are long tasks that nobody needs until the first tap; most visitors never open the
// chat and should not pay for its bytes (docs/decisions/0033-light-mode-and-data-budget.md). A light page
// lists no chat modules: the panel's code comes with the tap. A tap shows the button busy, then, after that paint, evaluates the panel and mounts it open, in a
// transition (so React renders it in slices). A live chat of this tab still going on (a reload) mounts it at
// once, since its room must be rejoined. Once mounted, the panel stays mounted while closed, so that
// replies arriving meanwhile count as unread. docs/decisions/0009-first-paint-from-html.md.

type Panel = ComponentType<ChatPanelProps>;
/**
 * The panel's code and, in a French document, its words (a French part, listed with the panel's modules), so
 * that it opens in French at once. A document keeps its language: the language switch opens a new one.
 */
const loadPanel = () =>
  Promise.all([
    import('./ChatPanel.tsx'),
    localeOfPath(location.pathname) === 'fr' ? import('../i18n/loadFrenchPart.ts').then((m) => m.loadChatFrench()) : undefined,
  ]).then(([m]) => m.default);

/** Runs `fn` in a task after the next frame has been painted. */
const afterNextPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn, 0));

/** Fetches the panel's modules without evaluating them (a build's pages list them; `npm run dev` does not). */
function preloadPanel() {
  const files = document.querySelector('meta[name="chat-modules"]')?.getAttribute('content')?.split(' ').filter(Boolean) ?? [];
  const links = files
    .filter((href) => !document.querySelector(`link[rel="modulepreload"][href="${href}"]`))
    .map((href) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  // Each started request costs the main thread a few milliseconds at 4x CPU slowdown: a few links a task,
  // as the page's loader does with the app's (web/entry-client.tsx), not one long task.
  const next = () => {
    document.head.append(...links.splice(0, 4));
    if (links.length) setTimeout(next, 0);
  };
  next();
}

export function ChatLauncher() {
  const locale = useLocale();
  const [shown, setShown] = useState(false);
  const [Panel, setPanel] = useState<Panel | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);

  const mount = useCallback(() => {
    setState('loading');
    // After the next paint: running the panel's code is a long task, and the tap's own paint (the button
    // pressed and busy) must not wait for it.
    afterNextPaint(() => loadPanel().then(
      (panel) => startTransition(() => {
        setPanel(() => panel);
        setState('idle');
      }),
      () => {
        setState('failed');
        setOpen(false);
      },
    ));
  }, []);

  useEffect(() => {
    // In tasks of their own, not in the one that runs every effect of the page just hydrated: the first read
    // of local storage alone can take 10-20 ms unthrottled, and every preload started a few more (in that
    // task together 35-40 ms, so 140-160 ms at 4x CPU). The button shows once the old messages are gone.
    const timer = setTimeout(() => {
      // History is not kept across reloads: the stored messages are removed when the chat starts.
      clearStoredMessages(browserStorage());
      setShown(true);
      if (readLiveSession()) return void mount();
    }, 0);
    return () => clearTimeout(timer);
  }, [mount]);
  // Once: the links it adds stay.
  const preloaded = useRef(false);
  const intent = useCallback(() => {
    if (preloaded.current || isLight()) return;
    preloaded.current = true;
    preloadPanel();
  }, []);

  // Closing gives focus back to the button.
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = useCallback(() => setOpen(false), []);
  const resume = useCallback(() => setOpen(true), []);
  // A tap paints the button as pressed first; the panel opens in the render after, which React can
  // interrupt (docs/decisions/0009-first-paint-from-html.md). It closes at once.
  const panelOpen = useDeferredValue(open) && open && Panel !== null;

  if (!shown) return null;
  const loading = open && state === 'loading';
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={locale === 'en' ? 'Open chat' : catalog(locale)._('chat.ui.openChat')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={Panel ? 'chat-panel' : undefined}
        aria-describedby={unread > 0 ? 'chat-unread' : state === 'failed' ? 'chat-failed' : undefined}
        aria-busy={loading || undefined}
        hidden={panelOpen}
        onPointerEnter={intent}
        onFocus={intent}
        onTouchStart={intent}
        onClick={() => {
          setUnread(0);
          setOpen(true);
          // A module that failed to load stays failed for the page's life (the browser's module map keeps
          // the failure), so after a failure only a reload helps, which the message says.
          if (!Panel && state === 'idle') mount();
        }}
        className="fixed bottom-5 right-5 z-40 flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-600"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
        </svg>
        {unread > 0 ? (
          <span
            id="chat-unread"
            data-testid="chat-unread"
            className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </button>
      {state === 'failed' ? (
        <p id="chat-failed" role="alert" className="fixed bottom-22 right-5 z-40 max-w-64 rounded-lg bg-white px-3 py-2 text-sm text-ink shadow-lg ring-1 ring-slate-200">
          The chat could not load. Check your connection and reload the page.
        </p>
      ) : null}
      {loading ? (
        // Where the panel is about to open: the tap paints this at once (a change the page can show; a
        // button that only changes its attributes paints nothing, and the tap would seem to hang).
        <div className={`${PANEL_BOX} flex items-center justify-center`}>
          <Spinner size="lg" label={locale === 'en' ? 'Opening the chat' : catalog(locale)._('chat.ui.opening')} />
        </div>
      ) : null}
      {Panel ? <Panel open={panelOpen} onClose={close} setUnread={setUnread} onResume={resume} /> : null}
    </>
  );
}
