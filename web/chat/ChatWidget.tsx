import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import ChatPanel from './ChatPanel.tsx';

// The chat widget, loaded by ChatLauncher when the browser is idle after the load event: the floating
// button at the bottom right with the unread-count badge, and the panel, which stays mounted while closed
// so that bot messages arriving meanwhile count as unread.
export default function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);

  // Closing gives focus back to the button.
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = useCallback(() => setOpen(false), []);
  const resume = useCallback(() => setOpen(true), []);
  // A tap paints the button as pressed first; the panel opens in the render after, which React can
  // interrupt (docs/decisions/0009-first-paint-from-html.md). It closes at once.
  const panelOpen = useDeferredValue(open) && open;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open chat"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="chat-panel"
        aria-describedby={unread > 0 ? 'chat-unread' : undefined}
        hidden={panelOpen}
        onClick={() => {
          setUnread(0);
          setOpen(true);
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
      <ChatPanel open={panelOpen} onClose={close} setUnread={setUnread} onResume={resume} />
    </>
  );
}
