import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../global/idle.ts';

// The only part of the chat in the first load (the home page's JS budget, docs/architecture.md §12): when the
// browser is idle after the load event, it fetches the widget (web/chat/ChatWidget.tsx: the floating
// button with its unread badge, the panel, the flows) and mounts it. The component is rendered only once
// its code is there, so nothing suspends. If the code cannot load, there is no chat button on that page
// view and nothing else changes.
export function ChatLauncher() {
  const [Widget, setWidget] = useState<ComponentType | null>(null);
  useEffect(() => {
    const start = () => whenIdle(() => void import('./ChatWidget.tsx').then((m) => setWidget(() => m.default), () => {}));
    if (document.readyState === 'complete') start();
    else addEventListener('load', start, { once: true });
  }, []);
  return Widget && <Widget />;
}
