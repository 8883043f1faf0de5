import { lazy, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { OAUTH_DEBUG_EVENT, readOAuthDebug } from './oauthDebug.ts';
import { LazyPart } from '../hydration/LazyPart.tsx';

const DebugPanel = lazy(() => import('./DebugPanel.tsx'));

function subscribe(changed: () => void) {
  window.addEventListener(OAUTH_DEBUG_EVENT, changed);
  return () => window.removeEventListener(OAUTH_DEBUG_EVENT, changed);
}

/** Shows the (lazily loaded) debug panel only while window.__OAUTH_DEBUG__ exists; see oauthDebug.ts. */
export function DebugPanelGate() {
  const { key } = useLocation();
  // Read on every render (so after every navigation too) and when the event says it changed; nothing
  // while prerendering or hydrating.
  const value = useSyncExternalStore(subscribe, readOAuthDebug, () => undefined);
  if (value === undefined || value === null) return null;
  return (
    <LazyPart resetKey={key}>
      <DebugPanel value={value} />
    </LazyPart>
  );
}
